import type { Element, ElementContent, Root, RootContent } from 'hast';

export type HastParent = Root | Element;

/**
 * Replaces every element of the tree with what `replace` returns, children
 * before their parent, so a replacement that wraps an element (a scroll box
 * round a table) is never visited again.
 */
export function mapElements(tree: Root, replace: (element: Element, parent: HastParent) => Element): void {
  mapChildren(tree, replace);
}

function mapChildren(parent: HastParent, replace: (element: Element, parent: HastParent) => Element): void {
  const children: Array<RootContent | ElementContent> = parent.children.map((child) => {
    if (child.type !== 'element') return child;
    mapChildren(child, replace);
    return replace(child, parent);
  });
  parent.children = children as ElementContent[];
}

/** Calls `visit` for every element, parents before children. */
export function forEachElement(node: HastParent, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    visit(child);
    forEachElement(child, visit);
  }
}

/** The text a reader sees in `node`, as `textContent` would give it. */
export function textOf(node: Root | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' || node.type === 'root') return node.children.map(textOf).join('');
  return '';
}

export function hasClass(element: Element, name: string): boolean {
  const className = element.properties.className;
  return Array.isArray(className) ? className.includes(name) : className === name;
}

export function isHeading(element: Element): boolean {
  return /^h[1-6]$/.test(element.tagName);
}
