/**
 * Turns the generator's records into GitHub's wire shapes: issues and pull
 * requests as `GET /repos/o/r/issues` lists them, comments, milestones.
 */
import type { Issue, IssueComment, Milestone, SimpleUser } from '../../../src/shared/wire-types';
import type { AssociationBook } from './author-associations';
import { MINUTE_MS, SECOND_MS, toWireTimestamp } from '../demo-clock';
import type { DemoUser } from './demo-user';
import { ID_EPOCH_MS, ISSUE_ID_BASE, LATEST_EVENT_MS, MAX_REPOSITORIES, MILESTONE_ID_BASE, type CommentPlan, type EntryRecord } from './entry-record';
import { apiRepoUrl, nodeId, toReactionRollup, toSimpleUser, webRepoUrl } from './github-shapes';
import { reactions } from './entry-planner';
import type { RepositorySpec } from './repository-spec';

export function buildMilestones(
  spec: RepositorySpec,
  fullName: string,
  records: readonly EntryRecord[],
  users: ReadonlyMap<string, DemoUser>,
): Map<number, Milestone> {
  const creatorLogin = spec.team[0]?.login;
  const creator = creatorLogin ? users.get(creatorLogin) : undefined;
  const result = new Map<number, Milestone>();
  for (const milestone of spec.milestones) {
    const members = records.filter((record) => record.milestone === milestone);
    const closedIssues = members.filter((record) => record.prior.state === 'closed').length;
    let updatedMs = milestone.closedMs ?? milestone.createdMs;
    for (const record of members) updatedMs = Math.max(updatedMs, record.prior.closedMs ?? record.prior.createdMs);
    const id = MILESTONE_ID_BASE + spec.index * 100 + milestone.number;
    result.set(milestone.number, {
      url: `${apiRepoUrl(fullName)}/milestones/${milestone.number}`,
      html_url: `${webRepoUrl(fullName)}/milestone/${milestone.number}`,
      labels_url: `${apiRepoUrl(fullName)}/milestones/${milestone.number}/labels`,
      id,
      node_id: nodeId('MI', spec.repositoryId, id),
      number: milestone.number,
      title: milestone.title,
      description: milestone.description,
      state: milestone.closedMs === null ? 'open' : 'closed',
      open_issues: members.length - closedIssues,
      closed_issues: closedIssues,
      created_at: toWireTimestamp(milestone.createdMs),
      updated_at: toWireTimestamp(Math.min(updatedMs, LATEST_EVENT_MS)),
      closed_at: milestone.closedMs === null ? null : toWireTimestamp(milestone.closedMs),
      due_on: milestone.dueMs === null ? null : toWireTimestamp(milestone.dueMs),
      creator: creator ? toSimpleUser(creator) : null,
    });
  }
  return result;
}

export function toIssue(
  spec: RepositorySpec,
  fullName: string,
  record: EntryRecord,
  user: (login: string) => SimpleUser,
  associations: AssociationBook,
  milestones: ReadonlyMap<number, Milestone>,
): Issue {
  const { prior } = record;
  const api = `${apiRepoUrl(fullName)}/issues/${prior.number}`;
  const web = `${webRepoUrl(fullName)}/${prior.isPullRequest ? 'pull' : 'issues'}/${prior.number}`;
  const id = ISSUE_ID_BASE + (prior.createdMs / SECOND_MS - ID_EPOCH_MS / SECOND_MS) * MAX_REPOSITORIES + spec.index;
  const assignees = record.assignees.map(user);
  const milestone = record.milestone ? milestones.get(record.milestone.number) : undefined;
  const issue: Issue = {
    id,
    node_id: nodeId(prior.isPullRequest ? 'PR' : 'I', spec.repositoryId, id),
    url: api,
    repository_url: apiRepoUrl(fullName),
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: web,
    number: prior.number,
    title: prior.title,
    user: user(prior.author),
    labels: record.labels.map((label) => ({ ...label })),
    state: prior.state,
    state_reason: record.stateReason,
    locked: record.lock !== null,
    active_lock_reason: record.lock?.reason ?? null,
    assignee: assignees[0] ?? null,
    assignees,
    milestone: milestone ? { ...milestone, creator: milestone.creator ? { ...milestone.creator } : null } : null,
    comments: record.comments.length,
    created_at: toWireTimestamp(prior.createdMs),
    updated_at: toWireTimestamp(record.updatedMs),
    closed_at: prior.closedMs === null ? null : toWireTimestamp(prior.closedMs),
    author_association: associations.at(prior.author, prior.createdMs, prior.isPullRequest ? prior.number : null),
    body: record.draft.body,
    reactions: toReactionRollup(`${api}/reactions`, record.reactions),
    timeline_url: `${api}/timeline`,
  };
  if (prior.isPullRequest) {
    const pull = `${webRepoUrl(fullName)}/pull/${prior.number}`;
    issue.draft = record.draftPull;
    issue.pull_request = {
      url: `${apiRepoUrl(fullName)}/pulls/${prior.number}`,
      html_url: pull,
      diff_url: `${pull}.diff`,
      patch_url: `${pull}.patch`,
      merged_at: prior.merged && prior.closedMs !== null ? toWireTimestamp(prior.closedMs) : null,
    };
  }
  return issue;
}

export function toComment(
  spec: RepositorySpec,
  fullName: string,
  record: EntryRecord,
  plan: CommentPlan,
  id: number,
  body: string,
  user: (login: string) => SimpleUser,
  associations: AssociationBook,
): IssueComment {
  const { prior } = record;
  const url = `${apiRepoUrl(fullName)}/issues/comments/${id}`;
  const edited = record.rng.fork(`comment-edit-${id}`);
  const updatedMs = edited.chance(0.1) ? Math.min(LATEST_EVENT_MS, plan.ms + edited.int(1, 600) * MINUTE_MS) : plan.ms;
  return {
    id,
    node_id: nodeId('IC', spec.repositoryId, id),
    url,
    html_url: `${webRepoUrl(fullName)}/${prior.isPullRequest ? 'pull' : 'issues'}/${prior.number}#issuecomment-${id}`,
    issue_url: `${apiRepoUrl(fullName)}/issues/${prior.number}`,
    user: user(plan.commenter),
    created_at: toWireTimestamp(plan.ms),
    updated_at: toWireTimestamp(Math.max(plan.ms, updatedMs)),
    author_association: associations.at(plan.commenter, plan.ms, null),
    body,
    reactions: toReactionRollup(`${url}/reactions`, reactions(edited, 'bug', false)),
  };
}
