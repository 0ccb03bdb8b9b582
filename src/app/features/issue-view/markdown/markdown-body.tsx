import { use, useMemo } from 'react';
import type { JSX } from 'react';
import { renderElementTree } from './element-tree';
import { HighlightedCode } from './highlighted-code';
import type { PageText, TextSource } from './page-text';
import type { MarkdownTreeOptions } from './markdown-pipeline';
import { markdownTree } from './markdown-trees';

export { forgetFailedTrees } from './markdown-trees';

export interface MarkdownBodyProps {
  markdown: string | null;
  repo: { owner: string; name: string };
  /**
   * Names this text among the page's texts ("description", "issuecomment-42"):
   * its footnote ids are prefixed with it, so they never collide with another
   * text's, and the loader can ask for the same tree before the page renders.
   */
  scope: string;
  /** the page's origin (services' `pageOrigin`): on the service there is no `window`, and both sides must parse alike */
  origin: string;
}

function hasText(markdown: string | null): markdown is string {
  return markdown !== null && markdown.trim() !== '';
}

function treeOptions(source: TextSource, scope: string): MarkdownTreeOptions {
  return { owner: source.owner, name: source.name, footnotePrefix: `${scope.replace(/[^A-Za-z\d-]/g, '')}-`, origin: source.origin };
}

/** Asks the worker for a text's tree ahead of its render; markdown-ready.ts waits on it. */
export function prepareText(text: PageText, source: TextSource): Promise<unknown> {
  return hasText(text.markdown) ? markdownTree(text.markdown, treeOptions(source, text.scope)) : Promise.resolve();
}

/**
 * An issue body or comment, rendered as GitHub renders it. The default export
 * is what `React.lazy` loads, so the renderer stays in its own chunk. The text
 * is parsed, sanitised and made into elements (as data) in a worker
 * (markdown-pipeline.ts, markdown-elements.ts); until they are here the
 * section suspends (the loader usually waited for them already), so it never
 * shows half-rendered. Highlighting follows the first render.
 */
export default function MarkdownBody({ markdown, repo, scope, origin }: MarkdownBodyProps): JSX.Element {
  const tree = hasText(markdown) ? use(markdownTree(markdown, treeOptions({ ...repo, origin }, scope))) : null;
  // An unchanged tree returns the same element, and React skips it.
  return useMemo(
    () =>
      tree === null ? (
        <div className="markdown-body">
          <p className="markdown-body-empty">
            <em>No description provided.</em>
          </p>
        </div>
      ) : (
        <div className="markdown-body">{renderElementTree(tree, HighlightedCode)}</div>
      ),
    [tree],
  );
}
