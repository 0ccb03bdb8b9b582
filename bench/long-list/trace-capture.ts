/**
 * Recording a Chrome DevTools Protocol trace of the page (the same
 * categories the DevTools Performance panel records) and reading it back:
 * the raw events long-list/trace-timeline.ts sorts into threads. Kept
 * apart so the arithmetic over a trace can be tested without a browser.
 */
import type { CDPSession } from '@playwright/test';

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'v8.execute',
];

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** thread (CPU) time: less than `dur` when the thread waited for a core */
  tdur?: number;
  tts?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: TRACE_CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
  });
}

export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  if (!stream) throw new Error('the trace came back without a stream');
  const chunks: string[] = [];
  for (;;) {
    const part = await cdp.send('IO.read', { handle: stream });
    chunks.push(part.base64Encoded ? Buffer.from(part.data, 'base64').toString('utf8') : part.data);
    if (part.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(chunks.join('')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}
