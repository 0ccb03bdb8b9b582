/**
 * `/`: pick a repository (owner/name or any github.com URL, translated to the
 * matching view), or go back to a recent repository or a saved view.
 */
import { BookmarkIcon, LockIcon, RepoIcon } from '../components/icons';
import { ArrowRightIcon, HistoryIcon, TrashIcon } from '../components/page-icons';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { RelativeTime } from '../components/relative-time';
import { useMediaQuery, WIDE_SCREEN } from '../hooks/use-media-query';
import { forgetRepo } from '../services/recent-repos';
import { useRecentRepos } from '../services/use-services';
import { listPath } from '../app-paths';
import { translateRepoInput } from '../features/repo-picker/github-url';
import { describeView } from '../features/saved-views/describe-view';
import { savedViewPath } from '../features/saved-views/saved-view-path';
import { deleteView, type SavedView } from '../services/saved-views';
import { useSavedViews } from '../services/use-services';
import { useAppServices } from '../services/app-services-context';

const EXAMPLE_ADDRESSES = ['acme/rocket', 'https://github.com/acme/rocket/issues?q=is:issue is:closed label:bug', 'https://github.com/acme/rocket/pull/12'];

/** Each example is a link to what typing it opens, so it can be tried with one click. */
const EXAMPLES = EXAMPLE_ADDRESSES.flatMap((address) => {
  const translated = translateRepoInput(address);
  return translated.ok ? [{ address, path: translated.path }] : [];
});

export function StartPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <title>Issuescope</title>
      <RepoPicker />
      <div className="grid gap-6 md:grid-cols-2">
        <RecentRepos />
        <SavedViews />
      </div>
    </div>
  );
}

function RepoPicker() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // The long hint fits the box from Tailwind's `sm` up; a phone gets the short one.
  const wide = useMediaQuery(WIDE_SCREEN);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 pt-4 sm:pt-10">
      <h1 id={`${id}-title`} className="text-2xl font-semibold sm:text-3xl">
        Browse a repository’s issues
      </h1>
      <p className="text-fg-muted">Filter, page and read issues and pull requests, then share the exact view by its address.</p>
      <p className="text-fg-muted">
        Or see{' '}
        <Link to="/issues" className="link font-medium">
          your issues
        </Link>{' '}
        across repositories: assigned to you, created by you, mentioning you.
      </p>
      <form
        noValidate
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          const input = String(new FormData(event.currentTarget).get('repository') ?? '');
          const result = translateRepoInput(input);
          if (!result.ok) {
            setError(result.message);
            return;
          }
          setError(null);
          void navigate(result.path);
        }}
      >
        <label htmlFor={`${id}-input`} className="block font-semibold">
          Repository or GitHub URL
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-input`}
            name="repository"
            className="input py-2 text-base"
            placeholder={wide ? 'owner/name or https://github.com/owner/name/issues' : 'owner/name or a GitHub URL'}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            aria-invalid={error !== null || undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={() => setError(null)}
          />
          <button type="submit" className="btn btn-primary py-2 text-base">
            Open
            <ArrowRightIcon size={16} aria-hidden="true" />
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-danger">
            {error}
          </p>
        ) : null}
        <div id={`${id}-hint`} className="text-xs text-fg-muted">
          <p>Paste any github.com link to issues, pull requests or one issue; its search (is:closed, label:, author:, sort:…) becomes filters. For example:</p>
          <ul className="mt-1">
            {EXAMPLES.map(({ address, path }) => (
              <li key={address} className="font-mono break-all">
                {/* 24 px tall with its padding: a target of its own for a finger (WCAG 2.5.8). */}
                <Link to={path} className="link inline-block py-1">
                  {address}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </form>
    </section>
  );
}

function Panel({ icon, title, children, id }: { icon: ReactNode; title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="flex items-center gap-2 border-b border-line bg-canvas-subtle px-4 py-2.5 font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function RecentRepos() {
  const recent = useRecentRepos();
  const { recentRepos } = useAppServices();
  const id = useId();
  return (
    <Panel icon={<HistoryIcon size={16} aria-hidden="true" />} title="Recent repositories" id={id}>
      {recent.length === 0 ? (
        <p className="px-4 py-6 text-center text-fg-muted">Repositories you open appear here.</p>
      ) : (
        <ul className="divide-y divide-line-muted">
          {recent.map((item) => {
            const [owner = '', repo = ''] = item.fullName.split('/');
            return (
              <li key={item.fullName} className="flex items-start gap-2 px-4 py-2.5">
                <RepoIcon size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-fg-muted" />
                <div className="min-w-0 flex-1">
                  <Link to={listPath(owner, repo)} className="link font-semibold break-all">
                    {item.fullName}
                  </Link>
                  {item.private ? (
                    <span className="ml-2 inline-flex items-center gap-0.5 rounded-full border border-line px-1.5 text-xs text-fg-muted">
                      <LockIcon size={10} aria-hidden="true" /> Private
                    </span>
                  ) : null}
                  {item.description ? <p className="truncate text-xs text-fg-muted">{item.description}</p> : null}
                  <p className="text-xs text-fg-muted">
                    Opened <RelativeTime iso={new Date(item.visitedAt).toISOString()} />
                  </p>
                </div>
                <button
                  type="button"
                  className="rounded-md p-1 text-fg-muted hover:bg-canvas-inset hover:text-danger"
                  aria-label={`Forget ${item.fullName}`}
                  onClick={() => forgetRepo(recentRepos, item.fullName)}
                >
                  <TrashIcon size={14} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

function SavedViews() {
  const views = useSavedViews();
  const { savedViews } = useAppServices();
  const id = useId();
  return (
    <Panel icon={<BookmarkIcon size={16} aria-hidden="true" />} title="Saved views" id={id}>
      {views.length === 0 ? (
        <p className="px-4 py-6 text-center text-fg-muted">Save a set of filters from an issue list with “Save view” to find it here.</p>
      ) : (
        <ul className="divide-y divide-line-muted">
          {views.map((view: SavedView) => (
            <li key={view.id} className="flex items-start gap-2 px-4 py-2.5">
              <BookmarkIcon size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-fg-muted" />
              <div className="min-w-0 flex-1">
                <Link to={savedViewPath(view)} className="link font-semibold break-words">
                  {view.name}
                </Link>
                <p className="text-xs text-fg-muted">
                  <span className="font-mono">{view.owner === '' ? 'Your issues' : `${view.owner}/${view.repo}`}</span>
                  {' · '}
                  {describeView(view.search)}
                </p>
              </div>
              <button
                type="button"
                className="rounded-md p-1 text-fg-muted hover:bg-canvas-inset hover:text-danger"
                aria-label={`Delete saved view ${view.name}`}
                onClick={() => deleteView(savedViews, view.id)}
              >
                <TrashIcon size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
