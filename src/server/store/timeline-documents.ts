/**
 * The documents of an issue's history put together from stored ones, as text (the stored
 * documents keep their URL markers, see issue-document.ts): a comment as the timeline shows it,
 * a reference as a `cross-referenced` event, an event with its issue, an issue with `closed_by`.
 * Engine-free: any store hands these its rows.
 */

/** The stored `user` of a stored issue or comment, as JSON text. */
function userOf(doc: string): string {
  return JSON.stringify((JSON.parse(doc) as { user: unknown }).user);
}

/** A comment in the timeline: GitHub's `timeline-comment-event`, the comment with `event` and `actor`. */
export function commentedEvent(commentDoc: string): string {
  return `{"event":"commented","actor":${userOf(commentDoc)},${commentDoc.slice(1)}`;
}

/**
 * Another issue's text naming this one (`#N`): GitHub's `timeline-cross-referenced-event`,
 * by the author of that text, at the time it was written.
 */
export function crossReferencedEvent(sourceIssueDoc: string, sourceCommentDoc: string | null, createdAt: string): string {
  const actor = userOf(sourceCommentDoc ?? sourceIssueDoc);
  const at = JSON.stringify(createdAt);
  return `{"event":"cross-referenced","actor":${actor},"created_at":${at},"updated_at":${at},"source":{"type":"issue","issue":${sourceIssueDoc}}}`;
}

/** An event of the repository's list, which carries the issue it happened to. */
export function eventWithIssue(eventDoc: string, issueDoc: string): string {
  return `${eventDoc.slice(0, -1)},"issue":${issueDoc}}`;
}

/**
 * The issue with `closed_by` set to the actor of its last `closed` event (null for none), or
 * null when it already says so. Parsed and written again: the URL markers survive the round
 * trip (JSON.stringify writes the control characters as the same escapes).
 */
export function withClosedBy(issueDoc: string, lastClosedEventDoc: string | null): string | null {
  const issue = JSON.parse(issueDoc) as { closed_by?: unknown };
  const actor = lastClosedEventDoc === null ? null : ((JSON.parse(lastClosedEventDoc) as { actor?: unknown }).actor ?? null);
  if (JSON.stringify(issue.closed_by ?? null) === JSON.stringify(actor)) return null;
  issue.closed_by = actor;
  return JSON.stringify(issue);
}
