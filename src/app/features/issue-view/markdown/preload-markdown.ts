/**
 * Starting the Markdown renderer early: the issue route's loader calls these
 * as the route matches, so the renderer's chunk and its worker load alongside
 * the data instead of after the page has rendered and asked for them. Small on
 * purpose: it is in the entry chunk, with the loader.
 */
import { markdownWorker } from './markdown-worker-client';

type MarkdownBodyModule = typeof import('./markdown-body');

let bodyLoad: Promise<MarkdownBodyModule> | undefined;

/** The renderer's chunk (what `React.lazy` renders); a failed load is forgotten so a retry asks again. */
export function loadMarkdownBody(): Promise<MarkdownBodyModule> {
  bodyLoad ??= import('./markdown-body').catch((error: unknown) => {
    bodyLoad = undefined;
    throw error;
  });
  return bodyLoad;
}

/** Starts the renderer's chunk and its worker before any text is known. */
export function preloadMarkdown(): void {
  // A failed preload is not an error yet: the page asks again when it renders and shows a failure there.
  loadMarkdownBody().catch(() => {});
  markdownWorker();
}

/** `/:owner/:repo/issues/:number`, the issue route of app-router.tsx. */
const ISSUE_ADDRESS = /^\/[^/]+\/[^/]+\/issues\/[1-9]\d{0,9}\/?$/;

/**
 * On an issue's address, opened cold, starts the renderer before the router
 * does (its loader calls preloadMarkdown too): a worker's thread and script
 * are slow to start on a slow machine, and the first paint of an issue
 * waits for the worker's first answer, so every millisecond earlier counts.
 * Returns whether it started them.
 */
export function preloadMarkdownForAddress(pathname: string): boolean {
  if (!ISSUE_ADDRESS.test(pathname)) return false;
  preloadMarkdown();
  return true;
}
