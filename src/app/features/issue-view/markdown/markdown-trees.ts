/**
 * The page's side of the Markdown worker: asks it for the elements of a text
 * (element-tree.ts: the tree parsed, sanitised and finished as react-markdown
 * would, as data) and keeps the answers (the last MAX_KEPT_TREES texts) so a
 * text renders at once the next time. Where a worker cannot run (no `Worker`,
 * as in the unit tests' jsdom, or one refused by the browser) the same steps
 * run here instead, in their own chunk.
 */
import type { ElementTreeNode } from './element-tree';
import type { MarkdownTreeOptions } from './markdown-pipeline';
import type { TreeAnswer, TreeRequest } from './markdown-worker';
import { markdownWorker } from './markdown-worker-client';
import { readableByUse } from './readable-promise';

const MAX_KEPT_TREES = 200;

const kept = new Map<string, Promise<ElementTreeNode>>();
const waiting = new Map<number, { resolve: (tree: ElementTreeNode) => void; reject: (error: Error) => void }>();
let nextId = 1;
/** undefined: not started yet; null: no worker here (or it failed), parse in this thread. */
let worker: Worker | null | undefined;

/**
 * The elements of a text, from the worker. Settled promises can be read
 * by React's `use` without suspending. A failure is kept, so the text shows
 * it (as written, with the reason) instead of asking again on every render,
 * until its "Try again" calls forgetFailedTrees.
 */
export function markdownTree(markdown: string, options: MarkdownTreeOptions): Promise<ElementTreeNode> {
  const key = JSON.stringify([options.owner, options.name, options.footnotePrefix, options.origin, markdown]);
  const known = kept.get(key);
  if (known !== undefined) {
    // Most recently used last, so the oldest goes first.
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const tree = readableByUse(requestTree(markdown, options));
  kept.set(key, tree);
  if (kept.size > MAX_KEPT_TREES) kept.delete(kept.keys().next().value!);
  return tree;
}

/** Lets texts that failed ask again. */
export function forgetFailedTrees(): void {
  for (const [key, tree] of kept) {
    if ((tree as Promise<ElementTreeNode> & { status?: string }).status === 'rejected') kept.delete(key);
  }
}

async function requestTree(markdown: string, options: MarkdownTreeOptions): Promise<ElementTreeNode> {
  const target = connectedWorker();
  if (target === null) {
    const [{ markdownToTree }, { toElementTree }] = await Promise.all([import('./markdown-pipeline'), import('./markdown-elements')]);
    return toElementTree(markdownToTree(markdown, options));
  }
  return new Promise<ElementTreeNode>((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    const request: TreeRequest = { id, markdown, options };
    target.postMessage(request);
  });
}

function connectedWorker(): Worker | null {
  if (worker !== undefined) return worker;
  const started = markdownWorker();
  if (started === null) return (worker = null);
  started.onmessage = ({ data }: MessageEvent<TreeAnswer>) => {
    const request = waiting.get(data.id);
    if (request === undefined) return;
    waiting.delete(data.id);
    if ('tree' in data) request.resolve(data.tree);
    else request.reject(new Error(data.error));
  };
  started.onerror = (event) => {
    // Its script failed to load (offline, a new build) or it crashed: fail what it held
    // (each shows its text as written, with a retry) and parse in this thread from now on.
    event.preventDefault();
    const reason = new Error(`the Markdown renderer could not start${event.message ? ` (${event.message})` : ''}`);
    for (const request of waiting.values()) request.reject(reason);
    waiting.clear();
    started.terminate();
    worker = null;
  };
  return (worker = started);
}
