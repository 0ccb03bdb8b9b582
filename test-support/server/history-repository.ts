/**
 * `octo/story`: three entries with a history (labels, an assignment, a rename, a close, a
 * merge) and texts that refer to each other, for the timeline's and the events' tests.
 */
import type { IssueWriter } from '../../src/server/store/storage';
import type { ImportedComment, ImportedEvent, ImportedIssue } from '../../src/server/store/import-schema';

const at = (day: number, hour = 0): string => new Date(Date.UTC(2025, 0, day, hour)).toISOString();
const maintainer = { login: 'mona', id: 77 };

export const HISTORY_ISSUES: ImportedIssue[] = [
  { number: 1, title: 'Crash on start', user: { login: 'alice' }, labels: [{ name: 'bug', color: 'd73a4a' }], state: 'closed', locked: false, comments: 1, created_at: at(1), updated_at: at(5), closed_at: at(5), body: 'It crashes.' },
  // Names #1 in its body (a cross-reference), and in code, which is none.
  { number: 2, title: 'Follow-up', user: { login: 'bob' }, labels: [], state: 'open', locked: false, comments: 1, created_at: at(3), updated_at: at(3), body: 'See #1, not `#1`.' },
  { number: 3, title: 'Fix the crash', user: { login: 'carol' }, labels: [], state: 'closed', locked: false, comments: 0, created_at: at(4), updated_at: at(5), closed_at: at(5), body: 'Fixes a crash', pull_request: { merged_at: at(5) } },
];
export const HISTORY_COMMENTS: ImportedComment[] = [
  { id: 501, issue_url: 'https://api.github.com/repos/octo/story/issues/1', user: { login: 'bob' }, created_at: at(2), updated_at: at(2), body: 'Same here :+1:' },
  // A comment on #2 that names #1: a second cross-reference, by the comment's author.
  { id: 502, issue_url: 'https://api.github.com/repos/octo/story/issues/2', user: { login: 'dave' }, created_at: at(4, 6), updated_at: at(4, 6), body: 'Probably #1 again' },
];
export const HISTORY_EVENTS: ImportedEvent[] = [
  { id: 9001, actor: maintainer, event: 'labeled', created_at: at(1, 1), issue: { number: 1 }, label: { name: 'bug', color: 'd73a4a' }, commit_id: null },
  { id: 9002, actor: maintainer, event: 'assigned', created_at: at(1, 2), issue: { number: 1 }, assignee: { login: 'carol' }, assigner: maintainer, commit_id: null },
  { id: 9003, actor: maintainer, event: 'renamed', created_at: at(2, 5), issue: { number: 1 }, rename: { from: 'crash', to: 'Crash on start' }, commit_id: null },
  { id: 9004, actor: maintainer, event: 'closed', created_at: at(5), issue: { number: 1 }, state_reason: 'completed', commit_id: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0' },
  { id: 9005, actor: maintainer, event: 'merged', created_at: at(5), issue: { number: 3 }, commit_id: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0' },
  { id: 9006, actor: maintainer, event: 'closed', created_at: at(5), issue: { number: 3 }, commit_id: null },
];

export async function importHistoryRepository(store: Pick<IssueWriter, 'importIssues'>, nowMs: number): Promise<void> {
  await store.importIssues({ owner: 'octo', name: 'story', makePrivate: false }, HISTORY_ISSUES, HISTORY_COMMENTS, nowMs, HISTORY_EVENTS);
}
