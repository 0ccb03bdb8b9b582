import type { Element, ElementContent, Root } from 'hast';
import { createElement, useEffect, useMemo, useSyncExternalStore, type ComponentProps, type ReactNode } from 'react';
import type { ExtraProps } from 'react-markdown';
import { highlightedTree, highlightKey, requestHighlight, subscribeToHighlights } from './code-highlighter';
import { textOf } from './hast-tree';
import { grammarName } from './highlight-languages';
import { HIGHLIGHT_CLASS, languageOfCodeBlock } from './rehype-code-blocks';

/**
 * `<code>` as react-markdown renders it, except that a code block marked by
 * rehype-code-blocks gets its colours once its grammar is loaded; until then
 * (and for languages we do not highlight) it shows its text as it is.
 */
export function HighlightedCode({ node, children, ...props }: ComponentProps<'code'> & ExtraProps) {
  const language = node !== undefined && hasHighlightClass(node) ? languageOfCodeBlock(node) : undefined;
  const grammar = typeof language === 'string' ? grammarName(language) : undefined;
  return (
    <code {...props}>
      {grammar === undefined || node === undefined ? children : <Tokens grammar={grammar} text={textOf(node)} fallback={children} />}
    </code>
  );
}

function hasHighlightClass(node: Element): boolean {
  const { className } = node.properties;
  return Array.isArray(className) && className.includes(HIGHLIGHT_CLASS);
}

function Tokens({ grammar, text, fallback }: { grammar: string; text: string; fallback: ReactNode }) {
  const key = highlightKey(grammar, text);
  const tree = useSyncExternalStore(subscribeToHighlights, () => highlightedTree(key), () => undefined);
  // Loading a grammar is a side effect of showing the block, like an image's request.
  useEffect(() => requestHighlight(grammar, text), [grammar, text]);
  const tokens = useMemo(() => (tree ? tree.children.map(toReact) : null), [tree]);
  return tokens !== null && tokens.length > 0 ? tokens : fallback;
}

/** lowlight's output is only `<span class="hljs-…">` and text, made by us from the code's text: nothing the author wrote as markup. */
function toReact(node: Root['children'][number] | ElementContent, index: number): ReactNode {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return null;
  const { className } = node.properties;
  return createElement(
    'span',
    { key: index, className: Array.isArray(className) ? className.join(' ') : undefined },
    node.children.map(toReact),
  );
}
