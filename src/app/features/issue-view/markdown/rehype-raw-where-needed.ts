import type { Root } from 'hast';

type RehypeRaw = typeof import('rehype-raw').default;

/**
 * rehype-raw (parse5, the largest part of the parser), applied only to trees
 * that hold raw HTML (`<details>`, `<kbd>`, `<img width>`, a comment). Most
 * texts have none, and then skipping it changes nothing: the sanitiser still
 * runs on every tree.
 */
export function rawHtmlWhereNeeded(rehypeRaw: RehypeRaw) {
  return function rehypeRawWhereNeeded() {
    const transform = rehypeRaw();
    return (tree: Root, file: Parameters<typeof transform>[1]): Root => (containsRaw(tree) ? transform(tree, file) : tree);
  };
}

function containsRaw(node: Root | Root['children'][number]): boolean {
  if (node.type === 'raw') return true;
  return 'children' in node && node.children.some(containsRaw);
}
