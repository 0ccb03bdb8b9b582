/**
 * A text's React elements as plain data: what the worker sends (made by
 * markdown-elements.ts with hast-util-to-jsx-runtime, as react-markdown does)
 * and what the page turns into elements here with `createElement` alone. The
 * mapping of HTML properties to React's (property-information's tables, whose
 * making was most of the renderer chunk's evaluation on a phone) and the style
 * parsing run in the worker, off the main thread (issue 48).
 */
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';

/** Stands for React's `Fragment` (toJsxRuntime's root); no HTML tag starts with `#`. */
export const FRAGMENT_TYPE = '#fragment';
/** Stands for the `code` component (highlighted-code.tsx), which receives its hast `node` among its props. */
export const CODE_TYPE = '#code';

export interface ElementTreeElement {
  /** an HTML tag name, FRAGMENT_TYPE or CODE_TYPE */
  type: string;
  key?: string;
  /** React's props as toJsxRuntime made them (className, style objects, `node` for CODE_TYPE), without children */
  props: Record<string, unknown>;
  children: ElementTreeNode[];
}

export type ElementTreeNode = string | ElementTreeElement;

/** The elements of a tree; `code` renders in place of CODE_TYPE. */
export function renderElementTree(node: ElementTreeNode, code: ComponentType<never>): ReactNode {
  if (typeof node === 'string') return node;
  const type = node.type === FRAGMENT_TYPE ? Fragment : node.type === CODE_TYPE ? code : node.type;
  const props = node.key === undefined ? node.props : { ...node.props, key: node.key };
  // Children spread as arguments, as toJsxRuntime's `jsxs` gives them: a static list, keyed where it gave keys.
  return createElement(type as string, props, ...node.children.map((child) => renderElementTree(child, code)));
}
