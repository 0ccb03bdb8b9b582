/**
 * What the timeline line of an event says when the view has no richer line
 * for it: the event types GitHub's "Issue event types" page lists
 * (docs.github.com/en/rest/using-the-rest-api/issue-event-types) in the words
 * of its issue page, the richer types when an item lacks the fields their
 * line needs, and, for a type GitHub adds later, its name as sent. GitHub's
 * timeline may hold any of them; none is dropped (issue 45).
 */
type Kind = 'issue' | 'pull request';

const WORDS: Record<string, (kind: Kind) => string> = {
  // The types GitHub documents that the timeline's OpenAPI union does not model.
  automatic_base_change_failed: () => 'could not change the base branch automatically',
  automatic_base_change_succeeded: () => 'changed the base branch automatically',
  base_ref_changed: () => 'changed the base branch',
  base_ref_force_pushed: () => 'force-pushed the base branch',
  comment_deleted: () => 'deleted a comment',
  connected: (kind) => `linked an issue or pull request to this ${kind}`,
  convert_to_draft: () => 'marked this pull request as draft',
  converted_to_discussion: () => 'converted this issue into a discussion',
  deployed: (kind) => `deployed this ${kind}`,
  deployment_environment_changed: () => 'changed the deployment environment',
  disconnected: (kind) => `removed a linked issue or pull request from this ${kind}`,
  head_ref_deleted: () => 'deleted the head branch',
  head_ref_force_pushed: () => 'force-pushed the head branch',
  head_ref_restored: () => 'restored the head branch',
  marked_as_duplicate: (kind) => `marked this ${kind} as a duplicate`,
  mentioned: (kind) => `was mentioned in this ${kind}`,
  pinned: (kind) => `pinned this ${kind}`,
  ready_for_review: () => 'marked this pull request as ready for review',
  subscribed: (kind) => `subscribed to this ${kind}`,
  transferred: () => 'transferred this issue from another repository',
  unmarked_as_duplicate: (kind) => `marked this ${kind} as not a duplicate`,
  unpinned: (kind) => `unpinned this ${kind}`,
  unsubscribed: (kind) => `unsubscribed from this ${kind}`,
  user_blocked: () => 'blocked a user',
  // Types with a richer line, when an item lacks what that line says.
  assigned: () => 'assigned someone',
  commented: () => 'commented',
  'commit-commented': () => 'commented on a commit',
  committed: () => 'added a commit',
  'cross-referenced': (kind) => `mentioned this ${kind} elsewhere`,
  demilestoned: () => 'removed this from a milestone',
  issue_type_added: () => 'added an issue type',
  issue_type_changed: () => 'changed the issue type',
  issue_type_removed: () => 'removed the issue type',
  labeled: () => 'added a label',
  'line-commented': () => 'left review comments',
  milestoned: () => 'added this to a milestone',
  renamed: () => 'changed the title',
  review_request_removed: () => 'removed a request for review',
  review_requested: () => 'requested a review',
  reviewed: () => 'reviewed',
  unassigned: () => 'unassigned someone',
  unlabeled: () => 'removed a label',
};

/** The line's words for an event of type `type`: GitHub's, or for a type nobody described here, its name. */
export function otherEventWords(type: string, kind: Kind): string {
  const words = Object.hasOwn(WORDS, type) ? WORDS[type] : undefined;
  return words ? words(kind) : `recorded a “${type.replaceAll('_', ' ')}” event`;
}
