/**
 * Test-only: what the MarkdownBody tests share (markdown-body-gfm, markdown-body-raw-html): a
 * repository to resolve references against, and rendering as the page does, inside Suspense.
 */
import { act, render, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { expect } from 'vitest';
import MarkdownBody from '../../src/app/features/issue-view/markdown/markdown-body';

export const REPO = { owner: 'acme', name: 'rockets' };
export const LOAD_TIMEOUT_MS = 15_000;

/** Renders as the page does, inside Suspense, and waits for the text (it suspends until its tree is parsed). */
export async function renderRendered(ui: ReactNode) {
  // An awaited act: React retries a suspended render only within one in a test.
  const result = await act(async () => render(<Suspense fallback={<p>Loading</p>}>{ui}</Suspense>));
  // The first text waits for the parser's modules; on a loaded machine that is more than waitFor's second.
  await waitFor(() => expect(result.container.querySelector('.markdown-body')).not.toBeNull(), { timeout: LOAD_TIMEOUT_MS });
  return result;
}

export function renderMarkdown(markdown: string | null) {
  return renderRendered(<MarkdownBody markdown={markdown} repo={REPO} scope="description" origin={window.location.origin} />);
}
