import { LinkExternalIcon } from '../../components/page-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Issue } from '../../../shared/wire-types';
import { Avatar } from '../../components/avatar';
import { LabelPill } from '../../components/label-pill';
import { useHydrated } from '../../hooks/use-hydrated';
import { exactTime, parseTime } from '../../lib/time-format';
import { exactUtcTime } from '../../lib/exact-utc-time';
import { assigneeListPath, labelListPath, milestoneListPath } from './filtered-list-paths';
import { sourceLink } from './source-link';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-b border-line-muted pb-3 last:border-b-0">
      <h2 className="mb-1.5 text-xs font-semibold text-fg-muted">{title}</h2>
      {children}
    </div>
  );
}

/** In the reader's zone; on a page the service rendered, in UTC until it is hydrated (the service cannot know the zone). */
function When({ iso }: { iso: string | null }) {
  const hydrated = useHydrated();
  const ms = parseTime(iso);
  if (iso === null || ms === null) return <span className="text-fg-muted">—</span>;
  return <time dateTime={iso}>{hydrated ? exactTime(ms) : exactUtcTime(ms)}</time>;
}

/**
 * Assignees, labels, milestone and times; people, labels and the milestone link to the list filtered by them
 * (./filtered-list-paths); the issue on its source site, unless that is this page's origin (`pageOrigin`).
 */
export function IssueSidebar({ issue, owner, repo, pageOrigin }: { issue: Issue; owner: string; repo: string; pageOrigin: string }) {
  const assignees = issue.assignees ?? (issue.assignee ? [issue.assignee] : []);
  const source = sourceLink(issue.html_url, pageOrigin);
  return (
    <aside aria-label="Details" className="space-y-3 text-sm">
      <Section title="Assignees">
        {assignees.length === 0 ? (
          <p className="text-fg-muted">No one assigned</p>
        ) : (
          <ul className="space-y-1.5">
            {assignees.map((a) => (
              <li key={a.login}>
                <Link to={assigneeListPath(owner, repo, a.login)} className="inline-flex items-center gap-2 font-medium text-fg hover:text-accent">
                  <Avatar login={a.login} url={a.avatar_url} size={20} decorative />
                  {a.login}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Labels">
        {issue.labels.length === 0 ? (
          <p className="text-fg-muted">None yet</p>
        ) : (
          <ul className="flex flex-wrap gap-1">
            {issue.labels.map((label) => (
              <li key={label.id ?? label.name} className="max-w-full">
                <Link to={labelListPath(owner, repo, label.name)} title={label.description ?? `Open issues labelled ${label.name}`} className="rounded-full">
                  <LabelPill name={label.name} color={label.color} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Milestone">
        {issue.milestone ? (
          <Link to={milestoneListPath(owner, repo, issue.milestone.title)} className="link">
            {issue.milestone.title}
          </Link>
        ) : (
          <p className="text-fg-muted">No milestone</p>
        )}
      </Section>
      <Section title="Times">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-fg-muted">Created</dt>
          <dd>
            <When iso={issue.created_at} />
          </dd>
          <dt className="text-fg-muted">Updated</dt>
          <dd>
            <When iso={issue.updated_at} />
          </dd>
          <dt className="text-fg-muted">Closed</dt>
          <dd>
            <When iso={issue.closed_at} />
          </dd>
        </dl>
      </Section>
      {source !== null ? (
        <a href={source.href} target="_blank" rel="noopener noreferrer" className="btn w-full">
          {source.label}
          <LinkExternalIcon size={14} aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </aside>
  );
}
