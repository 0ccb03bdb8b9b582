import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { Skeleton } from '../../components/skeleton';
import { loadedMarkdownBody } from './markdown/markdown-ready';
import { loadMarkdownBody } from './markdown/preload-markdown';
import { usePageOrigin } from '../../services/use-services';

// The renderer is its own chunk (the parsing in a worker); the issue route's loader starts both with the data.
const LazyMarkdownBody = lazy(loadMarkdownBody);

function MarkdownSkeleton() {
  return (
    <div className="space-y-2 py-1" aria-label="Loading the text" role="status">
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

/**
 * An issue body or comment rendered as Markdown. If the renderer cannot load
 * or fails on this text, the text is shown as written instead of a blank.
 */
export function MarkdownSection({ markdown, owner, repo, scope }: { markdown: string | null; owner: string; repo: string; scope: string }) {
  const navigate = useNavigate();
  const origin = usePageOrigin();
  // Already loaded (the usual case: the page waited for it), it renders at once; `lazy` would suspend once more.
  const [MarkdownBody] = useState(() => loadedMarkdownBody()?.default ?? LazyMarkdownBody);

  // `#12` and `@login` become links to the app's own pages: follow them without reloading it.
  function onClick(event: MouseEvent<HTMLDivElement>): void {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (anchor === null || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  }

  return (
    <ErrorBoundary
      resetKeys={[markdown]}
      fallback={(error, reset) => (
        <div className="space-y-2">
          <p role="alert" className="text-sm text-danger">
            This text could not be rendered ({error instanceof Error ? error.message : 'unknown error'}); here it is as written.{' '}
            <button
              type="button"
              className="link"
              onClick={() => {
                loadedMarkdownBody()?.forgetFailedTrees();
                reset();
              }}
            >
              Try again
            </button>
          </p>
          <pre className="overflow-x-auto rounded-md bg-canvas-subtle p-3 text-sm whitespace-pre-wrap">{markdown ?? ''}</pre>
        </div>
      )}
    >
      {/* On a page the service rendered (issue 48), a text whose tree the worker has not answered yet at hydration
          suspends here, and React keeps the service's markup of this boundary on screen until it can hydrate it: no
          flash, no extra bytes (its tree in the page's data block would double the text's weight on a phone) and
          the parsing stays off the main thread. Only its in-app links wait for it, and they still work as links. */}
      <Suspense fallback={<MarkdownSkeleton />}>
        {/* Delegated link handling only; the anchors inside stay keyboard-reachable. */}
        <div onClick={onClick}>
          <MarkdownBody markdown={markdown} repo={{ owner, name: repo }} scope={scope} origin={origin} />
        </div>
      </Suspense>
    </ErrorBoundary>
  );
}
