import { afterEach, describe, expect, it, vi } from 'vitest';

const OPTIONS = { owner: 'acme', name: 'rocket', footnotePrefix: 'description-', origin: 'http://localhost' };
const LOAD_TIMEOUT_MS = 15_000;

/** A worker whose script never loads: it reports an error as soon as it is given work. */
class UnreachableWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  static made: UnreachableWorker[] = [];
  constructor() {
    UnreachableWorker.made.push(this);
  }
  postMessage(): void {
    queueMicrotask(() => this.onerror?.(new ErrorEvent('error', { message: 'Failed to fetch a worker script' })));
  }
  terminate(): void {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  UnreachableWorker.made = [];
});

describe('the Markdown worker, when it cannot start', () => {
  it(
    'fails the text it held with the reason, keeps that failure until Try again, then parses on the page',
    async () => {
      vi.stubGlobal('Worker', UnreachableWorker);
      const { forgetFailedTrees, markdownTree } = await import('./markdown-trees');
      const { preloadMarkdown } = await import('./preload-markdown');
      // The issue route starts the worker as it matches, on every visit: one worker for the page.
      preloadMarkdown();

      const first = markdownTree('**bold**', OPTIONS);
      await expect(first).rejects.toThrow('the Markdown renderer could not start (Failed to fetch a worker script)');
      expect(UnreachableWorker.made).toHaveLength(1);
      expect(UnreachableWorker.made[0]?.terminated).toBe(true);
      // Until Try again, the text keeps its failure: a render asking again gets the same answer, not a new request.
      expect(markdownTree('**bold**', OPTIONS)).toBe(first);

      preloadMarkdown();
      forgetFailedTrees();
      const tree = await markdownTree('**bold**', OPTIONS);
      // Parsed on the page: no second worker was started, by the next visit's preload or by the retry.
      expect(UnreachableWorker.made).toHaveLength(1);
      expect(JSON.stringify(tree)).toContain('"type":"strong"');
    },
    LOAD_TIMEOUT_MS,
  );

  it(
    'keeps a finished tree, so the same text renders at once the next time',
    async () => {
      const { markdownTree } = await import('./markdown-trees');
      const tree = markdownTree('[link](javascript:alert(1))', OPTIONS);
      const finished = await tree;
      expect(markdownTree('[link](javascript:alert(1))', OPTIONS)).toBe(tree);
      // react-markdown's URL rule applied on arrival: the unsafe scheme is gone.
      expect(JSON.stringify(finished)).not.toContain('javascript:');
    },
    LOAD_TIMEOUT_MS,
  );
});
