/**
 * An issue's history, written once for both engines: its timeline (comments, events and the
 * references of other issues, in time order), its events, the repository's events (newest first),
 * and who closed it. The reads are counted pages (counted-page.ts: the total remembered until the
 * data changes, then the page); `refreshClosedBy` and `hasEvents` run inside an import's
 * transaction.
 */
import { sql } from 'kysely';
import type { PageParams } from '../../../shared/list-params';
import type { DocumentPage } from '../records';
import { eventWithIssue, withClosedBy } from '../timeline-documents';
import { TimelineKind, timelineDocument, type TimelineRow } from '../timeline-rows';
import { prepareCountedList, readCountedList } from './counted-page';
import { execute, prepareQuery, rowsOf, type Operation } from './prepared-query';
import type { Remembered } from './remembered-counts';
import { lockingRead, type StoreDialect } from './store-dialect';

/**
 * The timeline's three sources, each with the time it sorts by and a tie-breaker unique within its
 * kind (a reference's: its source issue's number above its comment's id, which may exceed 32 bits);
 * a page is ordered by `created_at, kind, tie`. A reference from a comment counts only while the
 * comment is stored.
 */
const TIMELINE = prepareCountedList((db, a: { repoId: number; number: number }, p) => {
  const timeline = db
    .selectFrom('comments')
    .select([sql.lit<number>(TimelineKind.Comment).as('kind'), 'created_at', 'id as tie', 'doc', sql<string | null>`NULL`.as('comment_doc')])
    .where('repo_id', '=', a.repoId)
    .where('issue_number', '=', a.number)
    .unionAll(
      db
        .selectFrom('issue_events')
        .select([sql.lit<number>(TimelineKind.Event).as('kind'), 'created_at', 'id as tie', 'doc', sql<string | null>`NULL`.as('comment_doc')])
        .where('repo_id', '=', a.repoId)
        .where('issue_number', '=', a.number),
    )
    .unionAll(
      db
        .selectFrom('issue_references as r')
        .innerJoin('issues as i', (join) => join.onRef('i.repo_id', '=', 'r.repo_id').onRef('i.number', '=', 'r.source_number'))
        .leftJoin('comments as c', (join) => join.on('r.source_comment', '<>', sql.lit(0)).onRef('c.id', '=', 'r.source_comment'))
        .select([
          sql.lit<number>(TimelineKind.Reference).as('kind'),
          'r.created_at',
          sql<number>`r.source_number * 4294967296 + r.source_comment`.as('tie'),
          'i.doc',
          'c.doc as comment_doc',
        ])
        .where('r.repo_id', '=', a.repoId)
        .where('r.target_number', '=', a.number)
        .where((eb) => eb.or([eb('r.source_comment', '=', sql.lit(0)), eb('c.id', 'is not', null)])),
    );
  return {
    count: db.selectFrom(timeline.as('timeline')).select((eb) => eb.fn.countAll<number>().as('total')),
    // Every column is the row's own: the document is made from them (timeline-rows.ts).
    page: timeline.orderBy('created_at').orderBy('kind').orderBy('tie').limit(p.limit).offset(p.offset),
  };
});

/** One issue's events, oldest first. */
const ISSUE_EVENTS = prepareCountedList((db, a: { repoId: number; number: number }, p) => {
  const events = db.selectFrom('issue_events').where('repo_id', '=', a.repoId).where('issue_number', '=', a.number);
  return {
    count: events.select((eb) => eb.fn.countAll<number>().as('total')),
    page: events.select('doc').orderBy('created_at').orderBy('id').limit(p.limit).offset(p.offset),
  };
});

/** The repository's events, newest first (walked backwards by their index), each with its issue; the total counts the events alone. */
const REPO_EVENTS = prepareCountedList((db, a: { repoId: number }, p) => ({
  count: db
    .selectFrom('issue_events')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('repo_id', '=', a.repoId),
  page: db
    .selectFrom('issue_events as e')
    .innerJoin('issues as i', (join) => join.onRef('i.repo_id', '=', 'e.repo_id').onRef('i.number', '=', 'e.issue_number'))
    .select(['e.doc', 'i.doc as issue'])
    .where('e.repo_id', '=', a.repoId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
}));

/** The stored issue and its last `closed` event (time, then id, decides which is last). */
const ISSUE_AND_CLOSER = prepareQuery((db, a: { repoId: number; number: number }) =>
  db
    .selectFrom('issues')
    .select((eb) => [
      'doc',
      eb
        .selectFrom('issue_events as e')
        .select('e.doc')
        .where('e.repo_id', '=', a.repoId)
        .where('e.issue_number', '=', a.number)
        .where('e.event', '=', sql.lit('closed'))
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(sql.lit(1))
        .as('closing'),
    ])
    .where('repo_id', '=', a.repoId)
    .where('number', '=', a.number),
);

const SET_ISSUE_DOC = prepareQuery((db, a: { repoId: number; number: number; doc: string }) =>
  db.updateTable('issues').set({ doc: a.doc }).where('repo_id', '=', a.repoId).where('number', '=', a.number),
);

const ANY_EVENT = prepareQuery((db, a: { repoId: number }) => db.selectFrom('issue_events').select(sql.lit(1).as('one')).where('repo_id', '=', a.repoId).limit(sql.lit(1)));

/** An issue's timeline (`GET …/issues/{n}/timeline`); its total remembered as every counted list's (counted-page.ts). */
export function* readTimeline(dialect: StoreDialect, remembered: Remembered, repoId: number, number: number, params: PageParams): Operation<DocumentPage> {
  const { total, rows } = yield* readCountedList(dialect, remembered, TIMELINE, { repoId, number }, params);
  return { total, documents: rows.map((row) => timelineDocument(row as TimelineRow)) };
}

/** One issue's events, oldest first (`GET …/issues/{n}/events`). */
export function* readIssueEvents(dialect: StoreDialect, remembered: Remembered, repoId: number, number: number, params: PageParams): Operation<DocumentPage> {
  const { total, rows } = yield* readCountedList(dialect, remembered, ISSUE_EVENTS, { repoId, number }, params);
  return { total, documents: rows.map((r) => r.doc) };
}

/** The repository's events, newest first, each with its issue (`GET …/issues/events`). */
export function* readRepoEvents(dialect: StoreDialect, remembered: Remembered, repoId: number, params: PageParams): Operation<DocumentPage> {
  const { total, rows } = yield* readCountedList(dialect, remembered, REPO_EVENTS, { repoId }, params);
  return { total, documents: rows.map((r) => eventWithIssue(r.doc, r.issue)) };
}

/**
 * Writes `closed_by` into the stored issue from its events, within an import's transaction: the
 * issue's document carries it, on the single issue and in lists alike. The row is read locked
 * (`StoreDialect.lockRowsRead`), so the document written back is the one read and not an older
 * one another transaction has replaced since.
 */
export function* refreshClosedBy(dialect: StoreDialect, repoId: number, number: number): Operation<void> {
  const [issue] = (yield lockingRead(dialect, ISSUE_AND_CLOSER.bind(dialect, { repoId, number }))) as Array<{ doc: string; closing: string | null }>;
  if (issue === undefined) return;
  const updated = withClosedBy(issue.doc, issue.closing);
  if (updated !== null) yield* execute(SET_ISSUE_DOC.bind(dialect, { repoId, number, doc: updated }));
}

/** Whether the repository has any events: an import of issues alone then need not look for closers. */
export function* hasEvents(dialect: StoreDialect, repoId: number): Operation<boolean> {
  return (yield* rowsOf(ANY_EVENT, dialect, { repoId })).length > 0;
}
