import { Link } from 'react-router';
import type { Issue } from '../../../shared/wire-types';
import { IssueTitle } from '../../components/issue-title';
import { IssueStateIcon } from '../../components/issue-state-icon';
import { issueViewPath } from '../../app-paths';
import { usePageOrigin } from '../../services/use-services';
import { sourceLink } from './source-link';

/** `repository_url` ends in `/repos/{owner}/{repo}`, on GitHub and on the service alike. */
const REPOSITORY_URL = /\/repos\/([^/]+)\/([^/]+)\/?$/;

/** The repository an issue belongs to, as `owner` and `name`, or null when its answer does not say. */
export function repositoryOf(issue: Pick<Issue, 'repository_url'> & { repository?: { full_name?: string } }): { owner: string; name: string } | null {
  const match = REPOSITORY_URL.exec(issue.repository_url ?? '');
  if (match) {
    try {
      return { owner: decodeURIComponent(match[1]!), name: decodeURIComponent(match[2]!) };
    } catch {
      return null;
    }
  }
  const [owner, name, extra] = issue.repository?.full_name?.split('/') ?? [];
  return owner && name && extra === undefined ? { owner, name } : null;
}

/**
 * The issue or pull request that mentioned this one, with its state: in this
 * repository a link to its page here; elsewhere, to its page on its own site
 * (the repository may not be one this service has), or here when that site is
 * this app.
 */
export function CrossReference({ issue, owner, repo }: { issue: Issue & { repository?: { full_name?: string } }; owner: string; repo: string }) {
  const pageOrigin = usePageOrigin();
  const from = repositoryOf(issue);
  const same = from !== null && from.owner.toLowerCase() === owner.toLowerCase() && from.name.toLowerCase() === repo.toLowerCase();
  const reference = same || from === null ? `#${issue.number}` : `${from.owner}/${from.name}#${issue.number}`;
  const text = (
    <>
      <span className="text-fg-muted">{reference}</span> <IssueTitle title={issue.title} />
    </>
  );
  const className = 'font-semibold text-fg hover:text-accent hover:underline';
  const elsewhere = same ? null : sourceLink(issue.html_url, pageOrigin);
  return (
    <span className="inline break-words">
      <IssueStateIcon issue={issue} className="mr-1 align-text-bottom" />
      {elsewhere !== null ? (
        <a href={elsewhere.href} target="_blank" rel="noopener noreferrer" className={className}>
          {text}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : from !== null ? (
        <Link to={issueViewPath(from.owner, from.name, issue.number)} data-hovercard="issue" className={className}>
          {text}
        </Link>
      ) : (
        <span className="font-semibold text-fg">{text}</span>
      )}
    </span>
  );
}
