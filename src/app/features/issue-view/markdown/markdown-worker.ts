/**
 * The worker that turns Markdown into a clean HTML tree (markdown-pipeline.ts)
 * and that tree into its React elements as data (markdown-elements.ts), off
 * the page's main thread, so a long issue never holds up scrolling or typing
 * while it renders. One request, one answer, matched by id.
 */
import type { ElementTreeNode } from './element-tree';
import { toElementTree } from './markdown-elements';
import { markdownToTree, type MarkdownTreeOptions } from './markdown-pipeline';

export interface TreeRequest {
  id: number;
  markdown: string;
  options: MarkdownTreeOptions;
}

export type TreeAnswer = { id: number; tree: ElementTreeNode } | { id: number; error: string };

// The project's types describe a window; this file runs as a dedicated worker.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TreeRequest>) => void) | null;
  postMessage(answer: TreeAnswer): void;
};

scope.onmessage = ({ data: { id, markdown, options } }) => {
  try {
    scope.postMessage({ id, tree: toElementTree(markdownToTree(markdown, options)) });
  } catch (error) {
    // The page shows the text as written, with this reason.
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
