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
