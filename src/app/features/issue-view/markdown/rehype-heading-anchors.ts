import type { Element, Root } from 'hast';
import { hasClass, isHeading, mapElements, textOf } from './hast-tree';

/**
 * Puts a `#` permalink next to every heading that has an id (rehype-slug
 * gives them one, already prefixed like the sanitiser's ids). As on GitHub
 * the link sits beside the heading, not inside it, so the heading's
 * accessible name stays its text.
 */
export default function rehypeHeadingAnchors() {
  return (tree: Root): void => {
    mapElements(tree, (element, parent) => {
      const id = element.properties.id;
      if (!isHeading(element) || typeof id !== 'string' || id === '') return element;
      // The footnotes' own (visually hidden) heading, and headings a `<summary>` must contain directly.
      if (hasClass(element, 'sr-only') || (parent.type === 'element' && parent.tagName === 'summary')) return element;
      return {
        type: 'element',
        tagName: 'div',
        properties: { className: ['markdown-heading'] },
        children: [element, permalink(id, textOf(element).trim())],
      };
    });
  };
}

function permalink(id: string, headingText: string): Element {
  return {
    type: 'element',
    tagName: 'a',
    properties: { className: ['anchor'], href: `#${id}`, ariaLabel: `Permalink: ${headingText}` },
    children: [{ type: 'text', value: '#' }],
  };
}
