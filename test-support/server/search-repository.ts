/**
 * A small public repository, `search/lab`, written so that each search
 * qualifier selects a different, known set of its entries (the comments
 * beside each entry say which), plus `search/bulk`, with more entries than a
 * search can reach. Imported into a test service's database.
 */
import type { ImportedComment, ImportedIssue } from '../../src/server/store/import-schema';
import type { IssueWriter } from '../../src/server/store/storage';
import { makeIssues } from './test-service';

export const LAB = { owner: 'search', name: 'lab' } as const;
export const BULK = { owner: 'search', name: 'bulk' } as const;
/** more than the reachable results */
export const BULK_COUNT = 1050;

const milestone = (number: number, title: string) => ({ number, title, state: 'open' as const });
const label = (name: string) => ({ name, color: 'ededed' });

export const LAB_ISSUES: ImportedIssue[] = [
  {
    number: 1,
    title: 'Crash on Windows startup',
    user: { login: 'alice' },
    labels: [label('bug'), label('good first issue')],
    state: 'open',
    locked: false,
    assignees: [{ login: 'carol' }],
    milestone: milestone(1, 'v1.0'),
    comments: 2,
    created_at: '2024-01-10T09:00:00Z',
    updated_at: '2024-02-01T09:00:00Z',
    closed_at: null,
    body: 'The app stops when it starts on Windows 11. cc @dave',
  },
  {
    number: 2,
    title: 'Add dark mode',
    user: { login: 'bob' },
    labels: [label('enhancement')],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: '2024-02-15T09:00:00Z',
    updated_at: '2024-02-20T09:00:00Z',
    closed_at: null,
    body: 'Dark mode for the settings page.',
  },
  {
    number: 3,
    title: 'Windows installer fails',
    user: { login: 'carol' },
    labels: [label('bug')],
    state: 'closed',
    locked: false,
    assignees: [{ login: 'alice' }],
    milestone: milestone(1, 'v1.0'),
    comments: 1,
    created_at: '2024-03-01T09:00:00Z',
    updated_at: '2024-03-05T09:00:00Z',
    closed_at: '2024-03-05T09:00:00Z',
    body: 'The MSI installer stops at ninety percent.',
  },
  {
    number: 4,
    title: 'Fix crash on startup',
    user: { login: 'dave' },
    labels: [label('bug')],
    state: 'closed',
    locked: false,
    assignees: [],
    milestone: milestone(2, 'v1.1'),
    comments: 5,
    created_at: '2024-03-10T09:00:00Z',
    updated_at: '2024-03-12T09:00:00Z',
    closed_at: '2024-03-12T09:00:00Z',
    body: 'Fixes #1 by checking the config path first.',
    pull_request: { merged_at: '2024-03-12T09:00:00Z' },
  },
  {
    number: 5,
    title: 'Docs: startup guide',
    user: { login: 'alice' },
    labels: [label('docs')],
    state: 'open',
    locked: false,
    assignees: [{ login: 'bob' }],
    comments: 0,
    created_at: '2024-04-01T09:00:00Z',
    updated_at: '2024-04-02T09:00:00Z',
    closed_at: null,
    body: 'Explains the crash workaround.',
    pull_request: { merged_at: null },
    draft: true,
  },
  {
    number: 6,
    title: 'Settings page is slow',
    user: { login: 'erin' },
    labels: [],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 3,
    created_at: '2024-04-15T09:00:00Z',
    updated_at: '2024-05-01T09:00:00Z',
    closed_at: null,
    body: 'Opening the settings page takes ten seconds.',
  },
];

let commentId = 50_000;
function comment(issue: number, login: string, body: string, at: string): ImportedComment {
  commentId += 1;
  return { id: commentId, issue_url: `https://api.github.com/repos/search/lab/issues/${issue}`, user: { login }, created_at: at, updated_at: at, body };
}

export const LAB_COMMENTS: ImportedComment[] = [
  comment(1, 'erin', 'I see this too', '2024-01-11T09:00:00Z'),
  comment(1, 'dave', 'Fixed in the nightly build', '2024-01-12T09:00:00Z'),
  comment(3, 'bob', 'installer logs attached', '2024-03-02T09:00:00Z'),
  ...Array.from({ length: 5 }, (_, i) => comment(4, 'frank', `looks good ${i}`, '2024-03-11T09:00:00Z')),
  comment(6, 'alice', 'Profiled: the crash reporter blocks the UI thread', '2024-04-16T09:00:00Z'),
  comment(6, 'frank', '+1', '2024-04-17T09:00:00Z'),
  comment(6, 'frank', 'same here', '2024-04-18T09:00:00Z'),
];

/** Imports `search/lab` and, unless told not to, `search/bulk` (both public). */
export async function importSearchRepositories(store: Pick<IssueWriter, 'importIssues'>, nowMs: number, options: { bulk?: boolean } = {}): Promise<void> {
  await store.importIssues({ ...LAB, makePrivate: false }, LAB_ISSUES, LAB_COMMENTS, nowMs);
  if (options.bulk ?? true) await store.importIssues({ ...BULK, makePrivate: false }, makeIssues(BULK_COUNT, 'Bulk'), [], nowMs);
}
