/**
 * The filters the API does not have, applied to the loaded page: issue or pull
 * request (spec 4.1.2: a pull request carries `pull_request`), and a quick
 * text filter.
 */
import type { Issue } from '../../../shared/wire-types';
import type { TypeFilter } from './list-view';

export function isPullRequest(issue: Issue): boolean {
  return issue.pull_request !== undefined && issue.pull_request !== null;
}

export function matchesType(issue: Issue, type: TypeFilter): boolean {
  if (type === 'all') return true;
  return type === 'pr' ? isPullRequest(issue) : !isPullRequest(issue);
}

/** Every word must appear in the title, the number, a label or the author's login (case-insensitive). */
export function matchesText(issue: Issue, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return true;
  const haystack = [
    issue.title,
    `#${issue.number}`,
    issue.user?.login ?? '',
    ...issue.labels.map((label) => label.name),
  ]
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function visibleIssues(issues: readonly Issue[], type: TypeFilter, q: string): Issue[] {
  return issues.filter((issue) => matchesType(issue, type) && matchesText(issue, q));
}
