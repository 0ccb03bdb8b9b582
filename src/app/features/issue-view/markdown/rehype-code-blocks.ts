import type { Element, Root } from 'hast';
import { forEachElement } from './hast-tree';

/** The class rehype-highlight put on a code block it highlights; HighlightedCode looks for it. */
export const HIGHLIGHT_CLASS = 'hljs';

/**
 * Marks the code blocks that get highlighted, as rehype-highlight did (its
 * rule, without auto-detection): a `<code>` in a `<pre>` with a `language-*`
 * (or `lang-*`) class, unless it says `no-highlight`. The highlighting itself
 * happens after the first render (highlighted-code.tsx). Runs on the
 * sanitised tree, where the only classes a `<code>` can carry are `language-*`.
 */
export default function rehypeCodeBlocks() {
  return (tree: Root): void => {
    forEachElement(tree, (element) => {
      if (element.tagName !== 'pre') return;
      for (const child of element.children) {
        if (child.type !== 'element' || child.tagName !== 'code' || typeof languageOfCodeBlock(child) !== 'string') continue;
        const classes = Array.isArray(child.properties.className) ? child.properties.className : [];
        if (!classes.includes(HIGHLIGHT_CLASS)) child.properties.className = [HIGHLIGHT_CLASS, ...classes];
      }
    });
  };
}

/** The language a code element names, `false` for `no-highlight`, `undefined` for none (rehype-highlight's reading). */
export function languageOfCodeBlock(code: Element): string | false | undefined {
  const { className } = code.properties;
  if (!Array.isArray(className)) return undefined;
  let name: string | undefined;
  for (const value of className.map(String)) {
    if (value === 'no-highlight' || value === 'nohighlight') return false;
    if (name === undefined && value.startsWith('lang-')) name = value.slice('lang-'.length);
    if (name === undefined && value.startsWith('language-')) name = value.slice('language-'.length);
  }
  return name;
}
