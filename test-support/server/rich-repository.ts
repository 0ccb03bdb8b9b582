/**
 * A small repository that uses every optional part of GitHub's issue shape the
 * service stores (milestones, locks, drafts, merged pull requests, deleted
 * authors, null bodies, reactions…), and the issues api.github.com itself
 * answered in Octokit's recordings. Conformance tests import these so GitHub's
 * schema sees more than the plain test data.
 *
 * Written by hand rather than drawn from the demo's generator: tests assert on
 * these exact values, and several shapes here (a deleted author, a label given
 * by name only, a milestone without a creator) are ones the demo never makes.
 */
import type { ImportedComment, ImportedIssue } from '../../src/server/store/import-schema';
import { importedIssueList } from '../../src/server/store/import-schema';
import type { IssueWriter } from '../../src/server/store/storage';
import { recordedScenario } from './github-recordings';

const creator = { login: 'mona', id: 583231, type: 'User' as const };

export const RICH_ISSUES: ImportedIssue[] = [
  {
    number: 1,
    title: 'Milestone, assignees, labels with and without descriptions',
    user: { login: 'mona', id: 583231 },
    labels: [{ name: 'bug', color: 'd73a4a', description: "Something isn't working", default: true }, 'needs triage', { name: 'ui', color: 'c5def5', description: null }],
    state: 'open',
    locked: false,
    assignees: [{ login: 'hubot', id: 9919 }, { login: 'mona', id: 583231 }],
    milestone: { number: 3, title: 'v1.0', description: null, state: 'open', open_issues: 1, closed_issues: 1, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-02-01T00:00:00Z', closed_at: null, due_on: '2024-06-30T07:00:00Z', creator },
    comments: 2,
    created_at: '2024-01-02T10:00:00Z',
    updated_at: '2024-03-01T10:00:00Z',
    closed_at: null,
    author_association: 'OWNER',
    body: '## Steps\n\n1. open\n2. look @hubot',
    reactions: { total_count: 3, '+1': 2, heart: 1 },
  },
  {
    number: 2,
    title: 'Closed as not planned, locked, by a deleted account, with no body',
    user: null,
    labels: [],
    state: 'closed',
    state_reason: 'not_planned',
    locked: true,
    active_lock_reason: 'resolved',
    assignees: [],
    milestone: { number: 3, title: 'v1.0', state: 'open', creator: null },
    comments: 0,
    created_at: '2024-01-03T10:00:00Z',
    updated_at: '2024-01-05T10:00:00Z',
    closed_at: '2024-01-05T10:00:00Z',
    author_association: 'NONE',
    body: null,
  },
  {
    number: 3,
    title: 'A merged pull request',
    user: { login: 'dependabot[bot]', id: 49699333, type: 'Bot' },
    labels: ['dependencies'],
    state: 'closed',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: '2024-01-04T10:00:00Z',
    updated_at: '2024-01-06T10:00:00Z',
    closed_at: '2024-01-06T10:00:00Z',
    author_association: 'CONTRIBUTOR',
    body: 'Bumps a dependency.',
    pull_request: { merged_at: '2024-01-06T10:00:00Z' },
    draft: false,
  },
  {
    number: 4,
    title: 'A draft pull request',
    user: { login: 'hubot', id: 9919 },
    labels: [],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: '2024-01-07T10:00:00Z',
    updated_at: '2024-01-07T10:00:00Z',
    closed_at: null,
    body: '',
    pull_request: { merged_at: null },
    draft: true,
  },
];

export const RICH_COMMENTS: ImportedComment[] = [
  {
    id: 9001,
    issue_url: 'https://api.github.com/repos/octo/rich/issues/1',
    user: { login: 'hubot', id: 9919 },
    created_at: '2024-01-02T11:00:00Z',
    updated_at: '2024-01-02T12:00:00Z',
    author_association: 'MEMBER',
    body: 'Seen it. `@mona` in code is no mention.',
    reactions: { total_count: 1, rocket: 1 },
  },
  {
    id: 9002,
    issue_url: 'https://api.github.com/repos/octo/rich/issues/1',
    user: null,
    created_at: '2024-01-02T13:00:00Z',
    updated_at: '2024-01-02T13:00:00Z',
    body: null,
  },
];

/** The issues api.github.com answered in the recorded `paginate-issues` walk (13, three per page). */
export function recordedGithubIssues(): ImportedIssue[] {
  const pages = recordedScenario('paginate-issues').filter((e) => e.method === 'GET' && e.status === 200);
  return importedIssueList.parse(pages.flatMap((e) => e.body as unknown[]));
}

export const RECORDED_REPO = { owner: 'octokit-fixture-org', name: 'paginate-issues' } as const;

/** Imports `octo/rich` and the recorded GitHub issues into a store. */
export async function importRichRepositories(store: Pick<IssueWriter, 'importIssues'>, nowMs: number): Promise<void> {
  await store.importIssues({ owner: 'octo', name: 'rich', makePrivate: false }, RICH_ISSUES, RICH_COMMENTS, nowMs);
  await store.importIssues({ ...RECORDED_REPO, makePrivate: false }, recordedGithubIssues(), [], nowMs);
}
