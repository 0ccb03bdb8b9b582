/**
 * An import on PostgreSQL, inside the caller's transaction: the same rows and
 * the same re-import semantics as sqlite-storage.ts's `importFrom`, written in
 * batches (one statement per table per batch) rather than a statement per
 * row, as every statement is a round trip to the server. New issues, their
 * search rows and the rows hanging off every imported issue go in by COPY, the
 * rest as JSON rows (import-encoding.ts).
 */
import { mentionsIn, type LabelRecord } from '../build-documents';
import { FACT_COLUMNS } from '../fact-columns';
import { labelKey, type CommentRow, type EventRow, type ImportSource } from '../import-rows';
import type { ImportOptions, ImportResult, RepoRecord } from '../records';
import { searchTextOfDocuments } from '../search-text';
import { StoreRefusal } from '../store-error';
import {
  encodeComments,
  encodedIssueBatches,
  FACT_RECORD_COLUMNS,
  ISSUE_COPY_COLUMNS,
  lastOfEach,
  LINK_COPY_COLUMNS,
  SEARCH_COPY_COLUMNS,
  searchCopy,
  text,
  wellFormed,
  type EncodedComments,
  type EncodedIssues,
  type LinkTable,
  type Reference,
} from './import-encoding';
import { ensureRepo, readRepo, touchRepo, upsertUsers } from './postgres-repository-rows';
import { hasEvents, refreshClosedBy } from '../core/timeline-reads';
import { POSTGRES_DIALECT } from './postgres-dialect';
import { writeIssueLinks } from '../core/issue-link-store';
import { batches } from './row-batches';
import { searchDocumentBytes } from './search-document';
import { runOperation, type SqlRunner } from './sql';

/**
 * The first key of the advisory lock an import or mirror page holds on its repository until it
 * commits (the second is the repository's id): writes to one repository take turns, as SQLite's
 * writers do, so the issues an import finds unstored stay unstored until it has written them.
 */
const REPOSITORY_WRITE_LOCK = 0x49535752;

const FACT_NAMES = FACT_COLUMNS.map((c) => c.name);

const LINK_TABLES = Object.keys(LINK_COPY_COLUMNS) as LinkTable[];

const SEARCH_COPY = `COPY issue_text (${SEARCH_COPY_COLUMNS.join(', ')}) FROM STDIN WITH (FORMAT binary)`;

interface LabelRowShape extends Record<string, unknown> {
  id: number;
  name: string;
  color: string;
  description: string | null;
  is_default: number;
}

/**
 * Issues whose index text depends on rows stored before this import (a re-imported issue keeps
 * its earlier comments; a comment may move in from another issue): rebuilt from the database
 * once every row of the import is written.
 */
class StaleText {
  private readonly issues = new Map<number, Set<number>>();

  add(repoId: number, number: number): void {
    const set = this.issues.get(repoId) ?? new Set<number>();
    set.add(number);
    this.issues.set(repoId, set);
  }

  byRepository(): Array<[number, number[]]> {
    return [...this.issues].map(([repoId, numbers]) => [repoId, [...numbers]]);
  }
}

/** Stored issue numbers of a repository among `numbers`. */
async function storedAmong(sql: SqlRunner, repoId: number, numbers: readonly number[]): Promise<Set<number>> {
  const rows = await sql.query<{ number: number }>('SELECT number FROM issues WHERE repo_id = $1 AND number = ANY($2::bigint[])', [repoId, numbers]);
  return new Set(rows.map((r) => r.number));
}

/** Writes one import's rows; the caller holds the transaction and bumps the store version. */
export async function importRows(sql: SqlRunner, options: ImportOptions, source: ImportSource, nowMs: number): Promise<ImportResult> {
  const { plan } = source;
  const repo = await ensureRepo(sql, options, nowMs);
  await sql.query('SELECT pg_advisory_xact_lock($1, $2)', [REPOSITORY_WRITE_LOCK, repo.id]);
  await upsertUsers(sql, plan.users);
  const stored = await storedAmong(sql, repo.id, plan.numbers);

  const labels = new Map<string, LabelRecord>();
  for (const l of plan.labels) {
    const [row] = await sql.query<LabelRowShape>(
      `INSERT INTO labels (repo_id, name, color, description, is_default) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (repo_id, name) DO UPDATE SET color = excluded.color, description = excluded.description, is_default = excluded.is_default
       RETURNING id, name, color, description, is_default`,
      [repo.id, l.name, l.color, l.description, l.isDefault ? 1 : 0],
    );
    if (row) labels.set(labelKey(l.name), { id: row.id, name: row.name, color: row.color, description: row.description, isDefault: row.is_default === 1 });
  }

  const numbers = new Set(plan.numbers);
  /** issue number → logins mentioned in its body and in this import's comments on it */
  const mentions = new Map<number, Set<string>>();
  const mention = (n: number, logins: readonly string[]): void => {
    const set = mentions.get(n) ?? new Set<string>();
    for (const login of logins) set.add(login);
    mentions.set(n, set);
  };
  /** issues whose index text is rebuilt from the database once every row is in */
  const stale = new StaleText();

  let issueCount = 0;
  for (const batch of encodedIssueBatches(source, repo.id, labels, stored)) {
    await writeIssues(sql, repo.id, batch.encoded, stale);
    batch.numbers.forEach((n, i) => mention(n, batch.mentions[i] ?? []));
    issueCount += batch.numbers.length;
  }

  let commentCount = 0;
  for (const batch of batches<CommentRow>(source.commentRows())) {
    await writeComments(sql, repo, options, encodeComments(batch), numbers, stored, stale);
    for (const row of batch) mention(row.issueNumber, row.mentions);
    commentCount += batch.length;
  }

  // A re-imported issue lost its mentions above; those in comments imported earlier still count.
  const reimported = [...mentions.keys()].filter((n) => numbers.has(n) && stored.has(n));
  for (const batch of batches(reimported)) {
    const rows = await sql.query<{ issue_number: number; doc: string }>(
      'SELECT issue_number, doc FROM comments WHERE repo_id = $1 AND issue_number = ANY($2::bigint[])',
      [repo.id, batch],
    );
    for (const r of rows) mention(r.issue_number, mentionsIn((JSON.parse(r.doc) as { body?: string | null }).body));
  }
  const mentionRows = [...mentions].flatMap(([n, logins]) => [...logins].map((login) => ({ n, login })));
  for (const batch of batches(mentionRows)) {
    await sql.query(
      `INSERT INTO issue_mentions (repo_id, login, number) SELECT $1, * FROM unnest($2::citext[], $3::bigint[]) ON CONFLICT DO NOTHING`,
      [repo.id, batch.map((m) => m.login), batch.map((m) => m.n)],
    );
  }

  let eventCount = 0;
  /** issues whose `closed_by` may have changed: those given events now, and those imported again */
  const closable = new Set<number>(numbers);
  for (const batch of batches<EventRow>(source.eventRows())) {
    await requireIssues(sql, repo, options, numbers, batch.map((e) => ({ number: e.issueNumber, what: `event ${e.id} happened to` })));
    const rows = lastOfEach(batch, (e) => e.id);
    await sql.query(
      `INSERT INTO issue_events (id, repo_id, issue_number, event, created_at, doc)
       SELECT id, $1, n, e, c, d FROM json_to_recordset($2::json) AS t(id bigint, n bigint, e text, c text, d text)
       ON CONFLICT (id) DO UPDATE SET repo_id = excluded.repo_id, issue_number = excluded.issue_number, event = excluded.event,
         created_at = excluded.created_at, doc = excluded.doc`,
      [repo.id, JSON.stringify(rows.map((e) => ({ id: e.id, n: e.issueNumber, e: wellFormed(e.event), c: wellFormed(e.createdAt), d: text(e.doc) })))],
    );
    for (const e of batch) closable.add(e.issueNumber);
    eventCount += batch.length;
  }
  if (eventCount > 0 || (await runOperation(sql, hasEvents(POSTGRES_DIALECT, repo.id)))) for (const n of closable) await runOperation(sql, refreshClosedBy(POSTGRES_DIALECT, repo.id, n));
  // A link across repositories changes the other repository's answers too (issue 47).
  for (const other of await runOperation(sql, writeIssueLinks(POSTGRES_DIALECT, repo.id, plan))) await touchRepo(sql, other, nowMs);

  for (const [repoId, issues] of stale.byRepository()) await rebuildSearchText(sql, repoId, issues);
  await touchRepo(sql, repo.id, nowMs);
  const after = await readRepo(sql, repo.owner, repo.name);
  return { repo: after ?? repo, issues: issueCount, comments: commentCount, events: eventCount };
}

/** Refuses rows that belong to an issue neither in this import nor stored, in SQLite's words. */
async function requireIssues(
  sql: SqlRunner,
  repo: RepoRecord,
  options: ImportOptions,
  numbers: ReadonlySet<number>,
  rows: ReadonlyArray<{ number: number; what: string }>,
): Promise<void> {
  const outside = [...new Set(rows.filter((r) => !numbers.has(r.number)).map((r) => r.number))];
  if (outside.length === 0) return;
  const present = await storedAmong(sql, repo.id, outside);
  const missing = rows.find((r) => !numbers.has(r.number) && !present.has(r.number));
  if (missing) throw new StoreRefusal(`${missing.what} issue #${missing.number}, which ${options.owner}/${options.name} does not have`);
}

async function writeIssues(sql: SqlRunner, repoId: number, batch: EncodedIssues, stale: StaleText): Promise<void> {
  // New issues go in by COPY, the quickest way in; those stored before are updated in place.
  if (batch.fresh) await sql.copyFrom(`COPY issues (${ISSUE_COPY_COLUMNS.join(', ')}) FROM STDIN WITH (FORMAT binary)`, batch.fresh);
  if (batch.againRows !== null) {
    await sql.query(
      `INSERT INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc,
         is_pull_request, closed_at, milestone_title, reactions, merged_at, ${FACT_NAMES.join(', ')})
       SELECT $1, n, s, c, u, k, cr, m, a, d, p, cl, mt, r, mg, ${FACT_NAMES.join(', ')}
       FROM json_to_recordset($2::json) AS t(n bigint, s text, c text, u text, k int, cr citext, m bigint, a int, d text, p smallint, cl text, mt text, r int, mg text,
         ${FACT_RECORD_COLUMNS})
       ON CONFLICT (repo_id, number) DO UPDATE SET state = excluded.state, created_at = excluded.created_at, updated_at = excluded.updated_at,
         comments = excluded.comments, creator = excluded.creator, milestone = excluded.milestone, assignee_count = excluded.assignee_count,
         doc = excluded.doc, is_pull_request = excluded.is_pull_request, closed_at = excluded.closed_at, milestone_title = excluded.milestone_title,
         reactions = excluded.reactions, merged_at = excluded.merged_at, ${FACT_NAMES.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      [repoId, batch.againRows],
    );
  }
  // Rows hanging off an issue stored before are replaced; a new issue has none.
  const { again } = batch;
  if (again.length > 0) {
    for (const table of ['issue_labels', 'issue_assignees', 'issue_mentions']) {
      await sql.query(`DELETE FROM ${table} WHERE repo_id = $1 AND number = ANY($2::bigint[])`, [repoId, again]);
    }
    await sql.query('DELETE FROM issue_references WHERE repo_id = $1 AND source_number = ANY($2::bigint[]) AND source_comment = 0', [repoId, again]);
    for (const n of again) stale.add(repoId, n);
  }
  // An issue stored before keeps its index row until rebuildSearchText; a new one has none yet.
  if (batch.searchText !== null) await sql.copyFrom(SEARCH_COPY, batch.searchText);
  for (const table of LINK_TABLES) {
    const rows = batch.links[table];
    if (rows) await sql.copyFrom(`COPY ${table} (${LINK_COPY_COLUMNS[table].join(', ')}) FROM STDIN WITH (FORMAT binary)`, rows);
  }
}

async function writeComments(
  sql: SqlRunner,
  repo: RepoRecord,
  options: ImportOptions,
  batch: EncodedComments,
  numbers: ReadonlySet<number>,
  stored: ReadonlySet<number>,
  stale: StaleText,
): Promise<void> {
  const { rows } = batch;
  await requireIssues(sql, repo, options, numbers, batch.batch.map((c) => ({ number: c.issueNumber, what: `comment ${c.id} belongs to` })));
  const ids = rows.map((c) => c.id);
  // A comment given again under another issue (or repository) moves: the text of the issue it leaves is rebuilt too.
  const before = await sql.query<{ id: number; repo_id: number; issue_number: number }>('SELECT id, repo_id, issue_number FROM comments WHERE id = ANY($1::bigint[])', [ids]);
  for (const b of before) {
    const row = rows.find((c) => c.id === b.id);
    if (b.repo_id !== repo.id || b.issue_number !== row?.issueNumber) stale.add(b.repo_id, b.issue_number);
    await sql.query('DELETE FROM issue_references WHERE repo_id = $1 AND source_number = $2 AND source_comment = $3', [b.repo_id, b.issue_number, b.id]);
  }
  await addReferences(sql, repo.id, rows.flatMap((c) => c.references.map((target) => ({ target, source: c.issueNumber, comment: c.id, createdAt: c.createdAt }))));
  await sql.query(
    `INSERT INTO comments (id, repo_id, issue_number, created_at, updated_at, doc, author)
     SELECT id, $1, n, c, u, d, a FROM json_to_recordset($2::json) AS t(id bigint, n bigint, c text, u text, d text, a citext)
     ON CONFLICT (id) DO UPDATE SET repo_id = excluded.repo_id, issue_number = excluded.issue_number, created_at = excluded.created_at,
       updated_at = excluded.updated_at, doc = excluded.doc, author = excluded.author`,
    [repo.id, batch.json],
  );
  for (const c of rows) if (!numbers.has(c.issueNumber) || stored.has(c.issueNumber)) stale.add(repo.id, c.issueNumber);
}

async function addReferences(sql: SqlRunner, repoId: number, refs: readonly Reference[]): Promise<void> {
  for (const batch of batches(refs)) {
    await sql.query(
      `INSERT INTO issue_references (repo_id, target_number, source_number, source_comment, created_at)
       SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[]) ON CONFLICT DO NOTHING`,
      [repoId, batch.map((r) => r.target), batch.map((r) => r.source), batch.map((r) => r.comment), batch.map((r) => r.createdAt)],
    );
  }
}

/** The index text of `numbers`, rebuilt from the documents the database now holds. */
export async function rebuildSearchText(sql: SqlRunner, repoId: number, numbers: readonly number[]): Promise<void> {
  for (const batch of batches(numbers)) {
    const rows = await sql.query<{ number: number; doc: string; comments: string[] | null }>(
      `SELECT i.number, i.doc,
         (SELECT array_agg(c.doc ORDER BY c.created_at, c.id) FROM comments c WHERE c.repo_id = i.repo_id AND c.issue_number = i.number) AS comments
       FROM issues i WHERE i.repo_id = $1 AND i.number = ANY($2::bigint[])`,
      [repoId, batch],
    );
    await sql.query('DELETE FROM issue_text WHERE repo_id = $1 AND number = ANY($2::bigint[])', [repoId, batch]);
    if (rows.length === 0) continue;
    await sql.copyFrom(SEARCH_COPY, searchCopy(rows.map((r) => [repoId, r.number, searchDocumentBytes(searchTextOfDocuments(r.doc, r.comments ?? []))])));
  }
}
