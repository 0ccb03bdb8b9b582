/**
 * Starting the Markdown renderer's chunks early: the issue route's loader
 * calls these as the route matches and as the data arrives, so the
 * chunks load alongside the data instead of after the page has rendered and
 * asked for them. Small on purpose: it is in the entry chunk, with the loader; what a text
 * needs is decided in the renderer's chunk.
 */
type MarkdownBodyModule = typeof import('./markdown-body');

let bodyLoad: Promise<MarkdownBodyModule> | undefined;

/** The renderer's chunk (what `React.lazy` renders); a failed load is forgotten so a retry asks again. */
export function loadMarkdownBody(): Promise<MarkdownBodyModule> {
  bodyLoad ??= import('./markdown-body').catch((error: unknown) => {
    bodyLoad = undefined;
    throw error;
  });
  return bodyLoad;
}

/**
 * Starts loading what rendering these texts needs: the renderer and, once it
 * is here to tell, the stages these texts need before they can render.
 */
export function preloadMarkdownFor(texts: ReadonlyArray<string | null | undefined>): void {
  // A failed preload is not an error yet: the page asks again when it renders and shows a failure there.
  loadMarkdownBody().then((module) => module.preloadStagesFor(texts)).catch(() => {});
}
