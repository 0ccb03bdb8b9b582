// The whole XSS corpus (e2e/support/xss-corpus.ts) through the renderer the issue view uses, one
// payload per document as an issue body is: nothing the payload brings may survive as a handler,
// an unsafe URL, an active element, a clobbering id or an opener (the scan Chromium runs in
// e2e/hostile-markdown.spec.ts, e2e/support/unsafe-markup.ts), and the text around it still shows.
// Chromium then opens one issue whose thread holds every payload, and a few payloads' own issues
// (issue 46: one browser page per payload took minutes of every run).
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { unsafeMarkup } from '../../../../../e2e/support/unsafe-markup';
import { XSS_CORPUS } from '../../../../../e2e/support/xss-corpus';
import { LOAD_TIMEOUT_MS, renderMarkdown } from '../../../../../test-support/app/render-markdown-body';

// The parser's first import (jsdom has no worker, so it runs here) can take seconds on a loaded machine: once, not inside one test's time limit.
beforeAll(() => import('./markdown-pipeline'), LOAD_TIMEOUT_MS);

afterEach(cleanup);

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** What the user reads: whitespace collapsed. */
const collapsed = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe('every payload of the XSS corpus, as an issue body', () => {
  test('the corpus has at least 100 payloads, each named once', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(XSS_CORPUS.map((p) => p.id)).size).toBe(XSS_CORPUS.length);
  });

  test.each(XSS_CORPUS.map((payload) => [payload.id, payload] as const))('%s leaves nothing unsafe and its text shows', async (_id, payload) => {
    const marker = `Payload ${payload.id} in the body.`;
    const { container } = await renderMarkdown(`${marker}\n\n${payload.markdown}`);
    const body = container.querySelector('.markdown-body');
    expect(body, 'the renderer rendered nothing').not.toBeNull();
    // The scan covers the whole document, as in Chromium.
    expect(unsafeMarkup()).toEqual([]);
    expect(window.__pwned).toBeUndefined();
    const shown = collapsed(body?.textContent ?? '');
    expect(shown).toContain(marker);
    if (payload.expectText !== undefined) expect(shown).toContain(collapsed(payload.expectText));
  });
});
