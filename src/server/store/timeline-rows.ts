/**
 * The rows of an issue's timeline, the same for every engine, and the document each row becomes:
 * its comments, events and the references of other issues, which core/timeline-reads.ts selects.
 */
import { commentedEvent, crossReferencedEvent } from './timeline-documents';

/** Which source a row comes from; at one instant, comments sort first, then events, then references. */
export const TimelineKind = { Comment: 0, Event: 1, Reference: 2 } as const;
type Kind = (typeof TimelineKind)[keyof typeof TimelineKind];

export interface TimelineRow {
  kind: Kind;
  created_at: string;
  doc: string;
  comment_doc: string | null;
}

export function timelineDocument(row: TimelineRow): string {
  if (row.kind === TimelineKind.Comment) return commentedEvent(row.doc);
  if (row.kind === TimelineKind.Reference) return crossReferencedEvent(row.doc, row.comment_doc, row.created_at);
  return row.doc;
}
