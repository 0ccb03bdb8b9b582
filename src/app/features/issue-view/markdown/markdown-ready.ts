import { commentAnchor } from '../../../app-paths';
import { loadMarkdownBody } from './preload-markdown';
import { readableByUse } from './readable-promise';
import type { PageText, TextSource } from './page-text';

type MarkdownBodyModule = Awaited<ReturnType<typeof loadMarkdownBody>>;

/** The scope of the issue's own text; a comment's is its card's id, the comment's anchor (`issuecomment-<id>`). */
export const DESCRIPTION_SCOPE = 'description';
export const commentScope = commentAnchor;

let loadedBody: MarkdownBodyModule | undefined;
let bodyReady: Promise<void> | undefined;

/** The renderer's module once it has arrived, so a section can render it without suspending even once. */
export function loadedMarkdownBody(): MarkdownBodyModule | undefined {
  return loadedBody;
}

/**
 * Settles when the renderer's chunk is here. It never rejects: a chunk that
 * fails to load is shown (and retried) by the section that needs it.
 */
export function markdownRendererReady(): Promise<void> {
  bodyReady ??= readableByUse(
    loadMarkdownBody().then(
      (module) => {
        loadedBody = module;
      },
      () => {},
    ),
  );
  return bodyReady;
}

/**
 * Settles when these texts can render without suspending: the renderer's
 * chunk is here and the worker has answered for each. It never rejects: a
 * text that fails shows its failure (and a retry) where it stands. The issue
 * view's loader waits on it so the page appears whole, in one go, instead of
 * as skeletons that then grow and push the comments down.
 */
export function markdownTreesReady(texts: readonly PageText[], source: TextSource): Promise<void> {
  return markdownRendererReady().then(async () => {
    const body = loadedBody;
    if (body === undefined) return;
    await Promise.all(texts.map((text) => body.prepareText(text, source).catch(() => {})));
  });
}
