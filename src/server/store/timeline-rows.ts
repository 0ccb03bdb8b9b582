/**
 * The rows of an issue's timeline, the same for every engine: the UNION that selects its
 * comments, events and the references of other issues, and the document each row becomes.
 * Both engines run the text as written; only their placeholders differ.
 */
import { commentedEvent, crossReferencedEvent } from './timeline-documents';

const Kind = { Comment: 0, Event: 1, Reference: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

/**
 * The three sources of a timeline, each with the time it sorts by and a tie-breaker unique
 * within its kind; order by `created_at, kind, tie`. `repo` and `number` are the engine's
 * placeholders for the repository's id and the number (`@repo`, `$1`).
 */
export function timelineUnion(repo: string, number: string): string {
  return `
  SELECT ${Kind.Comment} AS kind, created_at, id AS tie, doc, NULL AS comment_doc FROM comments
    WHERE repo_id = ${repo} AND issue_number = ${number}
  UNION ALL
  SELECT ${Kind.Event}, created_at, id, doc, NULL FROM issue_events
    WHERE repo_id = ${repo} AND issue_number = ${number}
  UNION ALL
  SELECT ${Kind.Reference}, r.created_at, r.source_number * 4294967296 + r.source_comment, i.doc, c.doc
    FROM issue_references r
    JOIN issues i ON i.repo_id = r.repo_id AND i.number = r.source_number
    LEFT JOIN comments c ON r.source_comment <> 0 AND c.id = r.source_comment
    WHERE r.repo_id = ${repo} AND r.target_number = ${number} AND (r.source_comment = 0 OR c.id IS NOT NULL)`;
}

export interface TimelineRow {
  kind: Kind;
  created_at: string;
  doc: string;
  comment_doc: string | null;
}

export function timelineDocument(row: TimelineRow): string {
  if (row.kind === Kind.Comment) return commentedEvent(row.doc);
  if (row.kind === Kind.Reference) return crossReferencedEvent(row.doc, row.comment_doc, row.created_at);
  return row.doc;
}
