/**
 * The last steps of react-markdown, on the tree the pipeline made, run where
 * the pipeline runs (the worker): raw HTML left over becomes text, URLs go
 * through react-markdown's own `defaultUrlTransform` (only http(s), mailto,
 * irc(s), xmpp and relative URLs survive), then hast-util-to-jsx-runtime makes
 * the elements with the same options react-markdown passes it, as plain data
 * (element-tree.ts) that the page renders with `createElement`.
 */
import type { Nodes, Root } from 'hast';
import { toJsxRuntime, type Components, type Jsx } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import { defaultUrlTransform } from 'react-markdown';
import { visit } from 'unist-util-visit';
import { CODE_TYPE, FRAGMENT_TYPE, type ElementTreeElement, type ElementTreeNode } from './element-tree';

/** Once per tree, as it is made; the same steps again would change nothing. */
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

// Markers toJsxRuntime compares by identity: an object component gets its hast `node` (passNode), as react-markdown's components do.
const FRAGMENT = { fragment: true };
const CODE_COMPONENT = { component: CODE_TYPE };

/** toJsxRuntime's `jsx`, making data in place of React elements. */
function dataElement(type: unknown, props: Record<string, unknown>, key?: string): ElementTreeElement {
  const { children, ...rest } = props;
  const list = children === undefined ? [] : Array.isArray(children) ? children : [children];
  return {
    type: type === FRAGMENT ? FRAGMENT_TYPE : type === CODE_COMPONENT ? CODE_TYPE : (type as string),
    ...(key === undefined ? {} : { key }),
    props: rest,
    children: list as ElementTreeNode[],
  };
}

/** The finished tree's elements, as react-markdown would make them with `code` swapped for our component. */
export function toElementTree(tree: Root): ElementTreeNode {
  // toJsxRuntime's types ask for React's own functions and components; ours make plain data (element-tree.ts).
  const jsx = dataElement as unknown as Jsx;
  return toJsxRuntime(finishTree(tree), {
    Fragment: FRAGMENT,
    components: { code: CODE_COMPONENT } as unknown as Partial<Components>,
    ignoreInvalidStyle: true,
    jsx,
    jsxs: jsx,
    passKeys: true,
    passNode: true,
  }) as unknown as ElementTreeNode;
}
