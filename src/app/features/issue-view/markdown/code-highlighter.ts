import type { Root } from 'hast';
import type { createLowlight } from 'lowlight';
import { GRAMMARS } from './highlight-languages';

/**
 * Highlighting, off the first render's path: a code block renders as plain
 * text at once, and its colours arrive later, computed in idle time, without
 * moving anything (the token spans only colour the same monospace text).
 * The highlighter and each grammar are loaded on the first block that needs
 * them; results are kept per text so a re-render or a revisit is immediate.
 */
type Lowlight = ReturnType<typeof createLowlight>;

/** How long a block may wait for an idle moment on a busy page before it is highlighted anyway. */
const IDLE_TIMEOUT_MS = 2_000;

let lowlightLoad: Promise<Lowlight> | undefined;
const grammarLoads = new Map<string, Promise<void>>();
/** Highlighted trees by `highlightKey`; `null` when the text is to stay plain (the grammar failed). */
const results = new Map<string, Root | null>();
const requested = new Set<string>();
const queue: Array<{ key: string; language: string; text: string; lowlight: Lowlight }> = [];
const listeners = new Set<() => void>();
let idleScheduled = false;

export function highlightKey(language: string, text: string): string {
  return `${language}\u0000${text}`;
}

export function highlightedTree(key: string): Root | null | undefined {
  return results.get(key);
}

export function subscribeToHighlights(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks for `text` highlighted as `language` (a key of GRAMMARS); subscribers hear when it is ready. */
export function requestHighlight(language: string, text: string): void {
  const key = highlightKey(language, text);
  if (requested.has(key)) return;
  requested.add(key);
  // After the paint that shows the block: fetching the highlighter must not be part of that paint's work.
  afterNextPaint(() => loadGrammars(language)).then(
    (lowlight) => {
      queue.push({ key, language, text, lowlight });
      scheduleIdle();
    },
    () => {
      // The chunk did not load (offline, a deploy in between): the block stays plain, a later render may retry.
      requested.delete(key);
    },
  );
}

function afterNextPaint<T>(task: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => {
    if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  }).then(task);
}

function loadLowlight(): Promise<Lowlight> {
  lowlightLoad ??= import('lowlight').then(
    ({ createLowlight }) => createLowlight(),
    (error: unknown) => {
      lowlightLoad = undefined;
      throw error;
    },
  );
  return lowlightLoad;
}

/** The grammar and, transitively, those it embeds. */
function withEmbeds(language: string): string[] {
  const names = new Set<string>([language]);
  for (const name of names) for (const embedded of GRAMMARS[name]?.embeds ?? []) names.add(embedded);
  return [...names];
}

async function loadGrammars(language: string): Promise<Lowlight> {
  const lowlight = await loadLowlight();
  await Promise.all(withEmbeds(language).map((name) => loadGrammar(lowlight, name)));
  return lowlight;
}

function loadGrammar(lowlight: Lowlight, name: string): Promise<void> {
  let load = grammarLoads.get(name);
  const entry = GRAMMARS[name];
  if (load === undefined && entry !== undefined) {
    load = entry.load().then(
      (grammar) => lowlight.register(name, grammar.default),
      (error: unknown) => {
        grammarLoads.delete(name);
        throw error;
      },
    );
    grammarLoads.set(name, load);
  }
  return load ?? Promise.resolve();
}

function scheduleIdle(): void {
  if (idleScheduled) return;
  idleScheduled = true;
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(drain, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(() => drain(null), 0);
}

/** Highlights queued blocks while the browser has idle time (at least one per call), then tells subscribers. */
function drain(deadline: IdleDeadline | null): void {
  idleScheduled = false;
  do {
    const job = queue.shift();
    if (job === undefined) break;
    try {
      results.set(job.key, job.lowlight.highlight(job.language, job.text));
    } catch {
      results.set(job.key, null);
    }
  } while (queue.length > 0 && deadline !== null && deadline.timeRemaining() > 0);
  for (const listener of [...listeners]) listener();
  if (queue.length > 0) scheduleIdle();
}
