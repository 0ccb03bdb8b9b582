/**
 * `npx tsx bench/startup/compile-trace.ts DIST [RUNS]`: where a new tab's time
 * goes against a reload, and whether V8's code cache takes part (issue 48).
 *
 * Each run is a fresh phone context (startup/new-tab.ts) that opens the list,
 * reloads it, and reloads it again, each load traced by Chromium. Per load it
 * prints the first row (the probe of startup/list-paging.ts), when the page and
 * the two first-paint scripts had arrived, V8's compile time of those scripts
 * on the page's main thread and on background threads, and how many of them
 * produced or consumed a code cache. Chromium code-caches a script from its
 * second run within 72 hours (v8.dev, "Code caching for JavaScript
 * developers"): the new tab has none, the first reload produces it, the second
 * consumes it. The first-paint scripts are the entry (`index-*.js`) and
 * `framework-*.js`.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { launchChromium } from '../lib/chromium';
import { startBenchService } from '../lib/bench-service';
import { LIST_PROBE_SCRIPT } from './list-paging';
import { PHONE_CONTEXT } from './new-tab';

interface TraceEvent {
  name: string;
  dur?: number;
  args?: { data?: { url?: string; consumedCacheSize?: number; producedCacheSize?: number }; fileName?: string };
}

const FIRST_PAINT_SCRIPT = /\/assets\/(index|framework)-[\w-]+\.js$/;
const CATEGORIES = ['devtools.timeline', 'v8', 'disabled-by-default-v8.compile'];
const WAIT_MS = 30_000;

const scriptOf = (event: TraceEvent): string => event.args?.data?.url ?? event.args?.fileName ?? '';
const msOf = (events: TraceEvent[]): number => events.reduce((total, e) => total + (e.dur ?? 0) / 1000, 0);

/** One load, traced: `go` navigates `page`. */
async function tracedLoad(page: Page, go: () => Promise<unknown>): Promise<string> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: CATEGORIES });
  await go();
  await page.waitForFunction(() => window.__benchListProbe?.firstRowAt != null, undefined, { timeout: WAIT_MS }).catch(async (error: unknown) => {
    throw new Error(`no first row; the page shows: ${(await page.locator('main').innerText()).slice(0, 300)}`, { cause: error });
  });
  await page.waitForLoadState('networkidle');
  const timings = await page.evaluate((pattern) => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => new RegExp(pattern).test(new URL(e.name).pathname));
    return {
      firstRowMs: window.__benchListProbe!.firstRowAt!,
      pageMs: navigation.responseEnd,
      scriptsMs: Math.max(...scripts.map((e) => e.responseEnd)),
      scriptBytes: scripts.reduce((total, e) => total + e.transferSize, 0),
    };
  }, FIRST_PAINT_SCRIPT.source);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const ofFirstPaint = events.filter((e) => FIRST_PAINT_SCRIPT.test(scriptOf(e)));
  const mainCompileMs = msOf(ofFirstPaint.filter((e) => e.name === 'v8.compile' || e.name === 'v8.compileModule'));
  const backgroundCompileMs = msOf(events.filter((e) => /BackgroundCompile|V8\.CompileTask|v8\.parseOnBackground|StreamingFinalization/i.test(e.name)));
  const produced = ofFirstPaint.filter((e) => (e.args?.data?.producedCacheSize ?? 0) > 0).length;
  const consumed = ofFirstPaint.filter((e) => (e.args?.data?.consumedCacheSize ?? 0) > 0).length;
  const ms = (x: number) => `${Math.round(x)} ms`;
  return (
    `first row ${ms(timings.firstRowMs)}; page ${ms(timings.pageMs)}, scripts ${ms(timings.scriptsMs)} (${timings.scriptBytes} B over the wire); ` +
    `compile ${mainCompileMs.toFixed(1)} ms on the main thread, ${ms(backgroundCompileMs)} in the background; code cache produced by ${produced}, consumed by ${consumed}`
  );
}

async function main(): Promise<void> {
  const [distArg, runsArg = '5'] = process.argv.slice(2);
  if (distArg === undefined) throw new Error('name a build: the folder `vite build --outDir` wrote');
  const runs = Number(runsArg);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS takes a whole number, got '${runsArg}'`);
  const browser = await launchChromium();
  try {
    for (let run = 1; run <= runs; run++) {
      // A service per run: three loads in a second, run after run, meet its secondary rate limit by the fifth.
      const service = await startBenchService({ distDir: path.resolve(distArg), longListEntries: 0 });
      const context = await browser.newContext(PHONE_CONTEXT);
      try {
        await context.addInitScript({ content: LIST_PROBE_SCRIPT });
        const page = await context.newPage();
        console.log(`run ${run}`);
        console.log(`  new tab:       ${await tracedLoad(page, () => page.goto(`${service.origin}/acme/rocket/issues`))}`);
        console.log(`  reload:        ${await tracedLoad(page, () => page.reload())}`);
        console.log(`  second reload: ${await tracedLoad(page, () => page.reload())}`);
      } finally {
        await context.close();
        await service.close();
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
