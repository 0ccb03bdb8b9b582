/**
 * `octo/plans`: issues with GitHub's issue types and a tree of sub-issues, as GitHub's REST API
 * sends them (`type`, `repository_url`, `parent_issue_url`), and the events of a type's changes;
 * for the tests of issue 47. `octo/secret` (private, test-service.ts) gets a type and a link too.
 */
import type { ImportedEvent, ImportedIssue, ImportedIssueReference, ImportedIssueType } from '../../src/server/store/import-schema';
import type { IssueWriter } from '../../src/server/store/storage';

const at = (day: number): string => new Date(Date.UTC(2025, 2, day)).toISOString();
const REPO_URL = 'https://api.github.com/repos/octo/plans';
const maintainer = { login: 'mona', id: 77 };

export const TYPES = {
  bug: { id: 11, node_id: 'IT_bug', name: 'Bug', description: 'An unexpected problem or behavior', color: 'red', created_at: at(1), updated_at: at(1), is_enabled: true },
  feature: { id: 12, node_id: 'IT_feature', name: 'Feature', description: 'A request, idea, or new functionality', color: 'blue', created_at: at(1), updated_at: at(1), is_enabled: true },
  task: { id: 13, node_id: 'IT_task', name: 'Task', description: 'A specific piece of work', color: 'yellow', created_at: at(1), updated_at: at(1), is_enabled: true },
  request: { id: 14, name: 'Feature request', description: null, color: 'green' },
} satisfies Record<string, ImportedIssueType>;

function issue(number: number, title: string, fields: Partial<ImportedIssue> & { parent?: number } = {}): ImportedIssue {
  const { parent, ...rest } = fields;
  return {
    number,
    title,
    user: { login: 'alice' },
    labels: [],
    state: 'open',
    locked: false,
    comments: 0,
    created_at: at(number + 1),
    updated_at: at(number + 1),
    body: null,
    repository_url: REPO_URL,
    parent_issue_url: parent === undefined ? null : `${REPO_URL}/issues/${parent}`,
    ...rest,
  };
}

const closed = (reason: 'completed' | 'not_planned' = 'completed') => ({ state: 'closed' as const, state_reason: reason, closed_at: at(20), updated_at: at(20) });

/** #1 has four sub-issues (two closed), #3 one of its own; #6 is in no tree; #8 is a pull request. In GitHub's list order, newest first. */
export const LINKED_ISSUES: ImportedIssue[] = [
  issue(8, 'Add the launch checklist', { pull_request: { merged_at: null } }),
  issue(7, 'Let people ask for a countdown', { type: TYPES.request, parent: 3 }),
  issue(6, 'Unrelated chore', {}),
  issue(5, 'Write the press release', { type: TYPES.task, parent: 1 }),
  issue(4, 'Rocket tips over', { type: TYPES.bug, parent: 1, ...closed('not_planned') }),
  issue(3, 'Build the countdown', { type: TYPES.task, parent: 1 }),
  issue(2, 'Book the launch pad', { type: TYPES.task, parent: 1, ...closed() }),
  issue(1, 'Launch plan', { type: TYPES.feature }),
];

const PLANS = { id: 501, node_id: 'R_plans', full_name: 'octo/plans', private: false, owner: { login: 'octo', id: 5, type: 'Organization' as const } };
const OTHER_PUBLIC = { id: 502, full_name: 'octo/posters', private: false, description: 'Posters' };
const SECRET = { id: 503, full_name: 'octo/secret', private: true };

/** The other issue of a sub-issue or parent event, as GitHub's timeline sends it. */
function reference(number: number, title: string, repository: NonNullable<ImportedIssueReference['repository']>, type: ImportedIssueType | null = null): ImportedIssueReference {
  return { number, title, state: 'open', state_reason: null, repository, issue_type: type };
}

/** Ids from 47001: apart from the other fixtures' events, which a service holding them all keeps too. */
export const LINKED_EVENTS: ImportedEvent[] = [
  { id: 47001, actor: maintainer, event: 'issue_type_added', created_at: at(9), issue: { number: 7 }, issue_type: { id: 11, name: 'Bug', color: 'red' }, commit_id: null },
  { id: 47002, actor: maintainer, event: 'issue_type_changed', created_at: at(10), issue: { number: 7 }, issue_type: { id: 14, name: 'Feature request', color: 'green' }, prev_issue_type: { id: 11, name: 'Bug', color: 'red' }, commit_id: null },
  { id: 47003, actor: maintainer, event: 'issue_type_removed', created_at: at(10), issue: { number: 6 }, prev_issue_type: { id: 13, name: 'Task', color: 'yellow' }, commit_id: null },
  // The sub-issue and parent events, with the other issue as GitHub's `nullable-issue-reference`.
  { id: 47004, actor: maintainer, event: 'parent_issue_added', created_at: at(11), issue: { number: 7, repository_url: REPO_URL }, parent_issue: reference(3, 'Build the countdown', PLANS), commit_id: null },
  { id: 47005, actor: maintainer, event: 'sub_issue_added', created_at: at(11), issue: { number: 3, repository_url: REPO_URL }, sub_issue: reference(7, 'Let people ask for a countdown', PLANS, TYPES.request), commit_id: null },
  // #1's sub-issues of other repositories: a public one is shown, a private one is null for everyone.
  { id: 47006, actor: maintainer, event: 'sub_issue_added', created_at: at(12), issue: { number: 1, repository_url: REPO_URL }, sub_issue: reference(4, 'Print the posters', OTHER_PUBLIC), commit_id: null },
  { id: 47007, actor: maintainer, event: 'sub_issue_added', created_at: at(12), issue: { number: 1, repository_url: REPO_URL }, sub_issue: reference(2, 'Secret plan 2', SECRET), commit_id: null },
  { id: 47008, actor: maintainer, event: 'sub_issue_removed', created_at: at(13), issue: { number: 1, repository_url: REPO_URL }, sub_issue: reference(4, 'Print the posters', OTHER_PUBLIC), commit_id: null },
  // A parent named without its repository's visibility, from an event that does not say its own repository: not shown.
  { id: 47009, actor: maintainer, event: 'parent_issue_added', created_at: at(14), issue: { number: 6 }, parent_issue: { ...reference(9, 'Somewhere', OTHER_PUBLIC), repository: { full_name: 'octo/posters' } }, commit_id: null },
  { id: 47010, actor: maintainer, event: 'parent_issue_removed', created_at: at(15), issue: { number: 6, repository_url: REPO_URL }, parent_issue: reference(1, 'Launch plan', PLANS, TYPES.feature), commit_id: null },
];

export async function importLinkedRepository(store: Pick<IssueWriter, 'importIssues'>, nowMs: number): Promise<void> {
  await store.importIssues({ owner: 'octo', name: 'plans', makePrivate: false }, LINKED_ISSUES, [], nowMs, LINKED_EVENTS);
  const secret = 'https://api.github.com/repos/octo/secret';
  await store.importIssues(
    { owner: 'octo', name: 'secret', makePrivate: true },
    [
      { ...issue(1, 'Secret plan 1', { type: { name: 'Secret type', color: 'purple' } }), repository_url: secret },
      { ...issue(2, 'Secret plan 2'), repository_url: secret, parent_issue_url: `${secret}/issues/1` },
    ],
    [],
    nowMs,
  );
}
