import { afterEach, describe, expect, it, vi } from 'vitest';

/** Counts the workers the page starts, and the scripts they run. */
class CountingWorker {
  static made: string[] = [];
  constructor(url: URL | string) {
    CountingWorker.made.push(String(url));
  }
  postMessage(): void {}
  addEventListener(): void {}
  terminate(): void {}
}

async function freshModule() {
  // The worker is started once per page: each test is a new page.
  vi.resetModules();
  return import('./preload-markdown');
}

afterEach(() => {
  vi.unstubAllGlobals();
  CountingWorker.made = [];
});

describe("starting the renderer from the page's address", () => {
  it.each(['/acme/rocket/issues/2224', '/acme/rocket/issues/7/', '/some.org/a-repo/issues/1'])('an issue opened cold (%s) starts the Markdown worker at once', async (pathname) => {
    vi.stubGlobal('Worker', CountingWorker);
    const { preloadMarkdownForAddress } = await freshModule();
    expect(preloadMarkdownForAddress(pathname)).toBe(true);
    expect(CountingWorker.made).toHaveLength(1);
    expect(CountingWorker.made[0]).toMatch(/markdown-worker/);
  });

  it.each(['/', '/settings', '/acme/rocket/issues', '/acme/rocket/issues/new', '/acme/rocket/issues/0', '/acme/rocket/issues/012', '/acme/rocket/pull/3', '/acme/rocket/issues/12/comments'])('any address the issue route does not take (%s) starts nothing', async (pathname) => {
    vi.stubGlobal('Worker', CountingWorker);
    const { preloadMarkdownForAddress } = await freshModule();
    expect(preloadMarkdownForAddress(pathname)).toBe(false);
    expect(CountingWorker.made).toHaveLength(0);
  });

  it("the route's loader, running next, finds the worker started and starts no second one", async () => {
    vi.stubGlobal('Worker', CountingWorker);
    const { preloadMarkdown, preloadMarkdownForAddress } = await freshModule();
    preloadMarkdownForAddress('/acme/rocket/issues/1');
    preloadMarkdown();
    expect(CountingWorker.made).toHaveLength(1);
  });
});
