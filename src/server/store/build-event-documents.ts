/**
 * An issue's history as stored documents: its events (GitHub's `issue-event`, see
 * build-documents.ts for issues and comments) and the references other issues make to it,
 * which GitHub's timeline shows as `cross-referenced`.
 */
import type { IssueEvent, IssueTypeColor } from '../../shared/wire-types';
import { toIsoSeconds } from '../../shared/iso-seconds';
import { buildUser, nodeId, syntheticId, type DocumentOptions } from './build-documents';
import { buildIssueReference } from './build-issue-reference';
import { cleanText, repoApiUrl } from './issue-document';
import type { ImportedEvent, ImportedIssueType } from './import-schema';

export function buildEvent(event: ImportedEvent, options: DocumentOptions): IssueEvent {
  const commit = event.commit_id ?? null;
  const doc: IssueEvent = {
    id: event.id,
    node_id: event.node_id && /^[\w-]+$/.test(event.node_id) ? event.node_id : nodeId('IE', event.id),
    url: repoApiUrl(`/issues/events/${event.id}`),
    actor: event.actor ? buildUser(event.actor, options) : null,
    event: event.event,
    commit_id: commit,
    commit_url: commit === null ? null : repoApiUrl(`/commits/${commit}`),
    created_at: toIsoSeconds(Date.parse(event.created_at)),
    performed_via_github_app: null,
  };
  if (event.label) doc.label = { name: cleanText(event.label.name), color: (event.label.color ?? 'ededed').toLowerCase() };
  if (event.assignee !== undefined) doc.assignee = event.assignee ? buildUser(event.assignee, options) : null;
  if (event.assigner !== undefined) doc.assigner = event.assigner ? buildUser(event.assigner, options) : null;
  if (event.milestone) doc.milestone = { title: cleanText(event.milestone.title) };
  if (event.rename) doc.rename = { from: cleanText(event.rename.from), to: cleanText(event.rename.to) };
  if (event.state_reason !== undefined) doc.state_reason = event.state_reason;
  if (event.lock_reason !== undefined) doc.lock_reason = event.lock_reason;
  // `issue_type_added`, `_changed`, `_removed`: GitHub's `issue-type-webhook`, the type's id, name and colour.
  if (event.issue_type !== undefined) doc.issue_type = event.issue_type ? typeOnEvent(event.issue_type) : null;
  if (event.prev_issue_type !== undefined) doc.prev_issue_type = event.prev_issue_type ? typeOnEvent(event.prev_issue_type) : null;
  // GitHub's schema requires the other issue on these four, null when it cannot be shown.
  if (event.event === 'sub_issue_added' || event.event === 'sub_issue_removed') {
    doc.sub_issue = buildIssueReference(event.sub_issue, event.issue.repository_url, options);
  } else if (event.event === 'parent_issue_added' || event.event === 'parent_issue_removed') {
    doc.parent_issue = buildIssueReference(event.parent_issue, event.issue.repository_url, options);
  }
  return doc;
}

function typeOnEvent(type: ImportedIssueType): { id: number; name: string; color: IssueTypeColor | null } {
  const name = cleanText(type.name);
  return { id: type.id ?? syntheticId('issue-type', name.toLowerCase()), name, color: type.color ?? null };
}

/**
 * `#123` at the start of the text or after a character that cannot be part of a word, a URL
 * path or an HTML entity (`&#123;`), and not followed by a word character. Code is no reference.
 */
const REFERENCE = /(?:^|[^\w&/#])#(\d{1,9})\b/g;

/** The numbers of the issues in the same repository that a Markdown text refers to as `#N`, each once, in order. */
export function issueReferencesIn(text: string | null | undefined, self: number): number[] {
  if (!text) return [];
  const withoutCode = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const numbers = [...withoutCode.matchAll(REFERENCE)].map((m) => Number(m[1])).filter((n) => n > 0 && n !== self);
  return [...new Set(numbers)];
}
