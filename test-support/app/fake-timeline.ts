/**
 * Timeline items as GitHub's `GET /repos/{o}/{r}/issues/{n}/timeline` answers
 * them (timeline-types.ts), for component tests over the fake API.
 */
import type { Issue, IssueComment, SimpleUser } from '../../src/shared/wire-types';
import type {
  AssignmentEvent,
  CommitEvent,
  CrossReferencedEvent,
  LabelEvent,
  MilestoneEvent,
  RenamedEvent,
  StateChangeEvent,
  TimelineCommentEvent,
} from '../../src/app/api/timeline-types';
import { makeUser, TEST_BASE_URL } from './fake-api';

export const EVENT_TIME = '2024-05-03T12:00:00Z';

/** A timeline page's address as the service would put it in `Link` (the fake answers by path). */
export function timelinePageUrl(number: number, page: number): string {
  return `${TEST_BASE_URL}/repositories/1/issues/${number}/timeline?per_page=100&page=${page}`;
}

export function makeComment(id: number, body: string, login = id % 2 ? 'bob' : 'alice'): IssueComment {
  return {
    id,
    node_id: `C_${id}`,
    url: '',
    html_url: '',
    issue_url: '',
    user: makeUser(login),
    created_at: '2024-05-02T12:00:00Z',
    updated_at: '2024-05-02T12:00:00Z',
    author_association: 'CONTRIBUTOR',
    body,
  };
}

export function commentEvent(id: number, body: string, login?: string, extra: Partial<TimelineCommentEvent> = {}): TimelineCommentEvent {
  const comment = makeComment(id, body, login);
  return { ...comment, event: 'commented', actor: comment.user, ...extra };
}

function eventFields(id: number, actor: SimpleUser | null) {
  return { id, node_id: `E_${id}`, url: `${TEST_BASE_URL}/repos/acme/rocket/issues/events/${id}`, actor, commit_id: null, commit_url: null, created_at: EVENT_TIME, performed_via_github_app: null };
}

export function labelEvent(id: number, event: LabelEvent['event'], name: string, color: string, actor = makeUser('carol')): LabelEvent {
  return { ...eventFields(id, actor), event, label: { name, color } };
}

export function stateEvent(id: number, event: StateChangeEvent['event'], actor = makeUser('carol'), stateReason: string | null = null): StateChangeEvent {
  return { ...eventFields(id, actor), event, state_reason: stateReason };
}

export function commitEvent(id: number, event: CommitEvent['event'], sha: string, actor = makeUser('carol')): CommitEvent {
  return { ...eventFields(id, actor), event, commit_id: sha, commit_url: `${TEST_BASE_URL}/repos/acme/rocket/commits/${sha}` };
}

export function assignmentEvent(id: number, event: AssignmentEvent['event'], assignee: SimpleUser, actor = makeUser('carol')): AssignmentEvent {
  return { ...eventFields(id, actor), event, assignee };
}

export function milestoneEvent(id: number, event: MilestoneEvent['event'], title: string, actor = makeUser('carol')): MilestoneEvent {
  return { ...eventFields(id, actor), event, milestone: { title } };
}

export function renamedEvent(id: number, from: string, to: string, actor = makeUser('carol')): RenamedEvent {
  return { ...eventFields(id, actor), event: 'renamed', rename: { from, to } };
}

export function crossReferencedEvent(source: Issue, actor = makeUser('dave')): CrossReferencedEvent {
  return { event: 'cross-referenced', actor, created_at: EVENT_TIME, updated_at: EVENT_TIME, source: { type: 'issue', issue: source } };
}

/**
 * One item of every other type of GitHub's `timeline-issue-events` union (its
 * OpenAPI description in @octokit/openapi), with the fields GitHub sends, in
 * order; `expectedLines` is what the view says for each (after the actor).
 */
export function everyOtherEventType(): { items: unknown[]; expectedLines: RegExp[] } {
  const carol = makeUser('carol');
  const reference = (number: number, title: string, fullName = 'acme/rocket') => ({ number, title, state: 'open', state_reason: null, repository: { full_name: fullName }, issue_type: null });
  const fields = (id: number) => eventFields(id, carol);
  const items: unknown[] = [
    { ...fields(401), event: 'locked', lock_reason: 'too heated' },
    { ...fields(402), event: 'unlocked', lock_reason: null },
    { ...fields(403), event: 'review_requested', review_requester: carol, requested_reviewer: makeUser('erin') },
    { ...fields(404), event: 'review_request_removed', review_requester: carol, requested_team: { name: 'Core team' } },
    { ...fields(405), event: 'review_dismissed', dismissed_review: { state: 'dismissed', review_id: 9, dismissal_message: 'Outdated' } },
    { ...fields(406), event: 'added_to_project', project_card: { id: 1, url: '', project_id: 2, project_url: '', column_name: 'Backlog' } },
    { ...fields(407), event: 'moved_columns_in_project', project_card: { id: 1, url: '', project_id: 2, project_url: '', column_name: 'Done', previous_column_name: 'Backlog' } },
    { ...fields(408), event: 'removed_from_project' },
    { ...fields(409), event: 'converted_note_to_issue' },
    { event: 'committed', sha: 'abcdef1234567890', node_id: 'C_1', url: '', html_url: '', message: 'Fix the fuel valve\n\nLonger text', author: { name: 'Dana Dev', email: 'd@example.com', date: EVENT_TIME }, committer: { name: 'Dana Dev', email: 'd@example.com', date: EVENT_TIME }, tree: { sha: 't', url: '' }, parents: [], verification: { verified: false, reason: 'unsigned', signature: null, payload: null } },
    { event: 'reviewed', id: 410, node_id: 'R_1', user: makeUser('erin'), body: 'Looks good', state: 'APPROVED', html_url: '', pull_request_url: '', _links: { html: { href: '' }, pull_request: { href: '' } }, submitted_at: EVENT_TIME, commit_id: 'abc', author_association: 'MEMBER' },
    { event: 'line-commented', node_id: 'L_1', comments: [{ id: 1, path: 'src/valve.ts', user: makeUser('erin'), created_at: EVENT_TIME, body: 'a' }, { id: 2, path: 'src/valve.ts', user: makeUser('erin'), created_at: EVENT_TIME, body: 'b' }] },
    { event: 'commit-commented', node_id: 'CC_1', commit_id: 'fedcba9876543210', comments: [{ id: 3, commit_id: 'fedcba9876543210', user: makeUser('erin'), created_at: EVENT_TIME, body: 'c' }] },
    { ...fields(411), event: 'issue_type_added', issue_type: { id: 1, name: 'Bug', color: 'red' } },
    { ...fields(412), event: 'issue_type_changed', issue_type: { id: 2, name: 'Feature', color: 'blue' }, prev_issue_type: { id: 1, name: 'Bug', color: 'red' } },
    { ...fields(413), event: 'issue_type_removed', prev_issue_type: { id: 2, name: 'Feature', color: 'blue' } },
    { ...fields(414), event: 'sub_issue_added', sub_issue: reference(20, 'Valve part') },
    { ...fields(415), event: 'sub_issue_removed', sub_issue: reference(20, 'Valve part') },
    { ...fields(416), event: 'parent_issue_added', parent_issue: reference(2, 'Launch', 'octo/tools') },
    { ...fields(417), event: 'parent_issue_removed', parent_issue: null },
    { ...fields(418), event: 'blocked_by_added', blocked_by: reference(21, 'Fuel supply') },
    { ...fields(419), event: 'blocked_by_removed', blocked_by: reference(21, 'Fuel supply') },
    { ...fields(420), event: 'blocking_added', blocking: reference(22, 'Countdown') },
    { ...fields(421), event: 'blocking_removed', blocking: reference(22, 'Countdown') },
    // A type GitHub documents outside the union, one it may add later, and a known type missing its fields.
    { ...fields(422), event: 'pinned' },
    { ...fields(423), event: 'frobnicated' },
    { ...fields(424), event: 'renamed' },
  ];
  const expectedLines = [
    /^Ccarol locked as too heated and limited conversation to collaborators /,
    /^Ccarol unlocked this conversation /,
    /^Ccarol requested a review from erin /,
    /^Ccarol removed the request for review from Core team /,
    /^Ccarol dismissed a review: Outdated /,
    /^Ccarol added this to Backlog in a project /,
    /^Ccarol moved this from Backlog to Done in a project /,
    /^Ccarol removed this from a project /,
    /^Ccarol created this issue from a note in a project /,
    /^Dana Dev added a commit abcdef1 Fix the fuel valve \d+ years ago$/,
    /^Eerin approved these changes /,
    /^Eerin left 2 review comments on src\/valve\.ts /,
    /^Eerin left a comment on commit fedcba9 /,
    /^Ccarol added the Bug issue type /,
    /^Ccarol changed the issue type from Bug to Feature /,
    /^Ccarol removed the Feature issue type /,
    /^Ccarol added sub-issue #20 Valve part /,
    /^Ccarol removed sub-issue #20 Valve part /,
    /^Ccarol added parent issue octo\/tools#2 Launch /,
    /^Ccarol removed a parent issue you cannot see /,
    /^Ccarol marked this as blocked by #21 Fuel supply /,
    /^Ccarol unmarked this as blocked by #21 Fuel supply /,
    /^Ccarol marked this as blocking #22 Countdown /,
    /^Ccarol unmarked this as blocking #22 Countdown /,
    /^Ccarol pinned this issue /,
    /^Ccarol recorded a “frobnicated” event /,
    /^Ccarol changed the title \d+ years ago$/,
  ];
  return { items, expectedLines };
}
