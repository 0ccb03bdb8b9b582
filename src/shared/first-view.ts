/**
 * The first view rendered by the service, of the plain list or of an issue
 * (issue 48; which addresses: ./first-view-addresses.ts): what the service
 * hands the built renderer, what the renderer gives back, and where each part
 * goes in the page. Both halves hold to this module:
 * - the browser app's renderer (`src/app/entry-first-view.tsx`, built by
 *   `npm run build` to `dist/server/first-view.js`, beside the rendered page's
 *   template `dist/server/first-view.html`), which renders an address with the
 *   app's own routes and components and says what the browser needs to hydrate
 *   it without asking again;
 * - the service (`src/server/routes/first-view-page.ts`), which loads the
 *   built renderer (a build artefact, never a source import), answers the
 *   render's API requests in its own process as the caller, and writes the page.
 */

/** Where, under the built app's folder, the service finds the renderer and the page's template. Never served. */
export const FIRST_VIEW_RENDERER_FILE = 'server/first-view.js';
export const FIRST_VIEW_TEMPLATE_FILE = 'server/first-view.html';
/** The folder of the two, which the service refuses to serve as files. */
export const FIRST_VIEW_SERVER_DIR = 'server';

/**
 * The template is the built index.html with its scripts asked for after the
 * first paint, and four markers the service replaces, each exactly once:
 * the shell's `<title>` (the rendered page's own), the head's end (the page's
 * `<style>` of data-dependent classes), the inside of `#root` (the rendered
 * markup, in place of the skeleton) and the place after `#root` (the data block).
 */
export const FIRST_VIEW_MARKERS = {
  title: '<!--first-view:title-->',
  head: '<!--first-view:head-->',
  root: '<!--first-view:root-->',
  data: '<!--first-view:data-->',
} as const;

/** The id of `<script type="application/json">` that carries the data: a data block is never executed, so `script-src 'self'` allows it. */
export const FIRST_VIEW_DATA_ID = 'issuescope-first-view';

export interface FirstViewRequest {
  /** the page's URL as the browser asked for it, absolute, on the service's origin */
  url: string;
  /** the API the app asks by default: this service's API on the page's origin (`${origin}/api`) */
  apiBaseUrl: string;
  /** answers the render's API requests in the service's own process, as the caller: by its address, never with a token or a cookie */
  fetch: (request: Request) => Promise<Response>;
  /** Unix ms: what the render's clock reads */
  now: number;
}

export type FirstViewResult =
  /**
   * `title` is the page's title as plain text (React writes a page's `<title>` where the page renders it, and
   * in `#root` it would be a second title in the body); `data` is JSON-serialisable; `css` is the rules of the
   * classes the markup uses that a stylesheet cannot know (a label's colour), '' when none
   */
  | { rendered: true; title: string; rootHtml: string; data: unknown; css: string }
  /** the address is not one the service renders, or its render failed: the service sends the shell */
  | { rendered: false; why: string };

export interface FirstViewRenderer {
  renderFirstView(request: FirstViewRequest): Promise<FirstViewResult>;
}

/**
 * `data` as the text of a data block: JSON with `<` written `\u003c` (so no
 * `</script>` or `<!--` can end or bend the element) and the two line
 * separators JavaScript once refused in strings escaped too.
 */
export function dataBlockText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
