import { loadMarkdownBody } from './preload-markdown';
import { loadRawHtmlStage, looksLikeHtml } from './raw-html-stage';
import { readableByUse } from './readable-promise';

type MarkdownBodyModule = Awaited<ReturnType<typeof loadMarkdownBody>>;

let loadedBody: MarkdownBodyModule | undefined;
let bodyReady: Promise<void> | undefined;
let bodyAndRawReady: Promise<void> | undefined;

/** The renderer's module once it has arrived, so a section can render it without suspending even once. */
export function loadedMarkdownBody(): MarkdownBodyModule | undefined {
  return loadedBody;
}

/**
 * Settles when the renderer can show these texts without suspending: its
 * chunk and, if any may hold HTML, the raw-HTML stage. It never rejects: a
 * chunk that fails to load is shown (and retried) by the section that needs it.
 * The issue view waits on it so the description appears whole, in one go,
 * instead of as a skeleton that then grows and pushes the comments down.
 */
export function markdownReadyFor(texts: ReadonlyArray<string | null>): Promise<void> {
  const needsRaw = texts.some((text) => text !== null && looksLikeHtml(text));
  bodyReady ??= readableByUse(
    loadMarkdownBody().then(
      (module) => {
        loadedBody = module;
      },
      () => {},
    ),
  );
  if (!needsRaw) return bodyReady;
  bodyAndRawReady ??= readableByUse(Promise.all([bodyReady, loadRawHtmlStage().catch(() => {})]).then(() => {}));
  return bodyAndRawReady;
}
