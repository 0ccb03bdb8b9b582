/** The page's Markdown worker, one per page: preload-markdown.ts starts it early, markdown-trees.ts talks to it. */
let worker: Worker | null | undefined;

/**
 * The page's one worker that parses Markdown (markdown-worker.ts), started on
 * first call: its script, the parser with raw-HTML parsing and the sanitiser,
 * is the largest part of the renderer. Null where no worker can run; the
 * renderer then parses on the page. markdown-trees.ts talks to it.
 */
export function markdownWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./markdown-worker.ts', import.meta.url), { type: 'module', name: 'markdown' });
  } catch {
    // Refused (a stricter security policy than ours): parse on the page.
    worker = null;
  }
  return worker;
}
