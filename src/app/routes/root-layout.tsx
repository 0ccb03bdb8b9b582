/** The shell of every page: skip link, header (product, repository, rate-limit gauge, Settings), notices, main. */
import clsx from 'clsx';
import { GearIcon, IssueOpenedIcon, LockIcon, RepoIcon, XIcon } from '../components/icons';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigate, useNavigation, useLocation, useParams, useRouteError, useRouteLoaderData } from 'react-router';
import { ProgressBar } from '../components/progress-bar';
import { ShortcutsDialog } from '../components/shortcuts-dialog';
import { useHotkeys } from '../hooks/use-hotkeys';
import { ServiceStatusSlot } from '../features/connectivity/service-status-slot';
import { RateLimitGauge } from '../features/rate-limit/rate-limit-gauge';
import { listPath } from '../app-paths';
import { useCredentialsNotice } from '../services/use-services';
import { loadHovercards, useHovercardsLoaded } from '../features/hovercards/hovercards-chunk';
import { ISSUE_LIST_ROUTE_ID, type IssueListLoaderData } from './issue-list-loader';


/** The hovercard layer, rendered once main.tsx has fetched its chunk after the first page's answers. */
const HovercardLayer = lazy(async () => ({ default: (await loadHovercards()).HovercardLayer }));

/** The gauge of the budget the view spends: a search spends `search`, everything else `core`. */
function ViewGauge() {
  const list = useRouteLoaderData(ISSUE_LIST_ROUTE_ID) as IssueListLoaderData | undefined;
  // `/issues` is a search across repositories (my-issues-page.tsx).
  const searching = useLocation().pathname === '/issues';
  return <RateLimitGauge resource={list?.resource ?? (searching ? 'search' : 'core')} />;
}

export function RootLayout() {
  const { owner, repo } = useParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const credentials = useCredentialsNotice();
  const hovercards = useHovercardsLoaded();

  useHotkeys({
    '?': () => setShortcutsOpen(true),
    'g h': () => void navigate('/'),
    'g s': () => void navigate('/settings'),
    'g i': () => {
      if (owner && repo) void navigate(listPath(owner, repo));
    },
  });

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-canvas px-3 py-2 font-semibold text-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b border-line bg-canvas-subtle">
        {navigation.state === 'loading' ? <ProgressBar label="Loading the page" /> : null}
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
          <Link to="/" className="flex shrink-0 items-center gap-2 font-semibold text-fg hover:text-accent" aria-label="Issuescope, start page">
            <IssueOpenedIcon size={22} aria-hidden="true" className="text-accent" />
            <span className="hidden sm:inline">Issuescope</span>
          </Link>
          <nav aria-label="Main" className="flex min-w-0 flex-1 items-center gap-2">
            {owner && repo ? (
              <>
                <span className="text-fg-muted" aria-hidden="true">
                  /
                </span>
                <NavLink
                  to={listPath(owner, repo)}
                  end={false}
                  className="flex min-w-0 items-center gap-1.5 truncate rounded-md px-1.5 py-1 font-medium text-fg hover:bg-canvas-inset"
                >
                  <RepoIcon size={16} aria-hidden="true" className="shrink-0 text-fg-muted" />
                  <span className="truncate">
                    {owner}/{repo}
                  </span>
                </NavLink>
              </>
            ) : null}
          </nav>
          <ViewGauge />
          <button
            type="button"
            className="hidden rounded-md px-2 py-1 font-mono text-fg-muted hover:bg-canvas-inset hover:text-fg sm:inline-block"
            onClick={() => setShortcutsOpen(true)}
            aria-label="Keyboard shortcuts"
            aria-keyshortcuts="?"
          >
            ?
          </button>
          <NavLink
            to="/settings"
            className={({ isActive }) =>
              clsx('flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-canvas-inset', isActive ? 'font-semibold text-fg' : 'text-fg-muted hover:text-fg')
            }
          >
            <GearIcon size={16} aria-hidden="true" />
            <span className="hidden sm:inline">Settings</span>
            <span className="sr-only sm:hidden">Settings</span>
          </NavLink>
        </div>
        {/* In the sticky header: an outage or a retry stays in sight while the page scrolls. */}
        <ServiceStatusSlot />
      </header>

      {credentials.raised ? (
        <div role="alert" className="border-b border-danger/40 bg-danger-subtle">
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-3 py-2 sm:px-6">
            <LockIcon size={16} aria-hidden="true" className="shrink-0 text-danger" />
            <p className="flex-1">
              <strong>Bad credentials:</strong> your token is invalid, expired or revoked.{' '}
              <Link to="/settings" className="link font-medium">
                Update it in Settings
              </Link>
              .
            </p>
            <button type="button" onClick={credentials.dismiss} className="rounded-md p-1 text-fg-muted hover:text-fg" aria-label="Dismiss">
              <XIcon size={16} aria-hidden="true" />
            </button>
          </div>
        </div>
      ) : null}

      {/* At least the viewport below the header (h-14), so the footer starts below the fold and is not pushed down in view as the page's data arrives. */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-[calc(100dvh-3.5rem)] w-full max-w-6xl flex-1 px-3 py-5 focus:outline-none sm:px-6">
        <Outlet />
      </main>
      <footer className="border-t border-line-muted py-4 text-center text-xs text-fg-muted">
        Issuescope reads issues through a GitHub-compatible API. Press <kbd className="font-mono">?</kbd> for shortcuts.
      </footer>
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      {/* Hovercards listen on the whole document, once their chunk is here (features/hovercards/hovercards-chunk.ts). */}
      {hovercards ? (
        <Suspense fallback={null}>
          <HovercardLayer />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}

/** When the shell itself fails: a page that still says what happened and offers the way back. */
export function RootError() {
  const error = useRouteError();
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Issuescope stopped working</h1>
      <p className="mt-2 text-fg-muted">{error instanceof Error ? error.message : 'Something unexpected happened.'}</p>
      <p className="mt-6">
        <a href="/" className="btn">
          Reload the start page
        </a>
      </p>
    </main>
  );
}
