/**
 * The last steps of react-markdown, on a tree the worker made: raw HTML left
 * over becomes text, URLs go through react-markdown's own `defaultUrlTransform`
 * (only http(s), mailto, irc(s), xmpp and relative URLs survive), then
 * hast-util-to-jsx-runtime turns the tree into React elements with the same
 * options react-markdown passes it.
 */
import type { Nodes, Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { defaultUrlTransform } from 'react-markdown';
import { visit } from 'unist-util-visit';

/** Once per tree, as it arrives; the same steps again would change nothing. */
export function finishTree(tree: Root): Root {
  visit(tree, (node: Nodes, index, parent) => {
    if (node.type === 'raw' && parent !== undefined && typeof index === 'number') {
      parent.children[index] = { type: 'text', value: node.value };
      return index;
    }
    if (node.type !== 'element') return;
    for (const [attribute, elements] of Object.entries(urlAttributes)) {
      if (!Object.hasOwn(node.properties, attribute)) continue;
      if (elements === null || elements.includes(node.tagName)) {
        node.properties[attribute] = defaultUrlTransform(String(node.properties[attribute] || ''));
      }
    }
  });
  return tree;
}

export function treeToElements(tree: Root, components: Partial<Components>): ReactElement {
  return toJsxRuntime(tree, { Fragment, components, ignoreInvalidStyle: true, jsx, jsxs, passKeys: true, passNode: true });
}
