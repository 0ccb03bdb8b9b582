/** One text of a page, with the scope that keeps its ids apart from the other texts' (see markdown-body.tsx). */
export interface PageText {
  markdown: string | null;
  scope: string;
}
