/** One text of a page, with the scope that keeps its ids apart from the other texts' (see markdown-body.tsx). */
export interface PageText {
  markdown: string | null;
  scope: string;
}

/**
 * Where a page's texts are read: their repository (`#12` and `@login` resolve against it) and the
 * origin of the page that shows them (a link elsewhere opens in a new tab). Both are part of a
 * text's tree, so the service's render and the browser's hydration must name the same ones.
 */
export interface TextSource {
  owner: string;
  name: string;
  origin: string;
}
