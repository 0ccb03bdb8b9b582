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

/**
 * Starts loading the raw-HTML stage (rehype-raw) before any text is known.
 * Most issues people write hold some HTML (an issue template's `<!-- -->`,
 * `<details>`, an uploaded `<img>`), so waiting for the text to ask for it
 * puts a second chunk behind the data on the way to the first paint; started
 * with the renderer, both come in parallel. The browser keeps the module, so
 * raw-html-stage.ts's own import of it later costs nothing.
 */
export function preloadRawHtmlStage(): void {
  import('rehype-raw').catch(() => {
    // Not an error yet: a text that needs the stage asks again as it renders and shows a failure there.
  });
}
