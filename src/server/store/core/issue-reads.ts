/**
 * A repository's issues, comments and labels (`IssueReader`), written once for both engines
 * (issue 49): each list's filters, its order, its count and its page; one issue; the count of open
 * issues. Each engine runs these operations its own way (SQLite in a snapshot, synchronously;
 * PostgreSQL awaited on its pool) and owns what it remembers of the data and when that is
 * forgotten (`Remembered`); a list's total and its page are read as every counted list's are
 * (counted-page.ts).
 *
 * A statement of fixed shape is compiled once by the query builder (prepared-query.ts). A list's
 * condition is SQL assembled in pieces with the engine's placeholders instead: the keyset pager
 * (keyset-pager.ts) extends it with its own seek and keys the boundaries it remembers on it, so it
 * has to be a condition, not a whole statement. Its shape follows the filters given; each engine
 * keeps such statements prepared, as it did when it wrote them itself.
 */
import { sql } from 'kysely';
import type { ListParams, PageParams, RepoCommentParams } from '../../../shared/list-params';
import type { OrderedList } from '../keyset-boundaries';
import type { DocumentPage, LabelPage } from '../records';
import { countedPage } from './counted-page';
import { prepareQuery, rowsOf, type Operation } from './prepared-query';
import type { Remembered } from './remembered-counts';
import type { StoreDialect } from './store-dialect';

const SORT_COLUMNS = { created: 'created_at', updated: 'updated_at', comments: 'comments' } as const;

/**
 * Conditions over one table, and the values their placeholders take, in order: each value is bound
 * where the text reads it, since SQLite's `?` are counted by position.
 */
class Conditions {
  private readonly parts: string[] = [];
  readonly args: unknown[] = [];

  constructor(private readonly dialect: StoreDialect) {}

  /** Keeps `value` and answers its placeholder. */
  bind(value: unknown): string {
    this.args.push(value);
    return this.dialect.placeholder(this.args.length);
  }

  add(condition: string): void {
    this.parts.push(condition);
  }

  get sql(): string {
    return this.parts.join(' AND ');
  }
}

/** The issues the list's filters select (docs/api.md: the list's parameters, as GitHub's). */
function issueConditions(dialect: StoreDialect, repoId: number, params: ListParams): Conditions {
  const c = new Conditions(dialect);
  c.add(`repo_id = ${c.bind(repoId)}`);
  if (params.state !== 'all') c.add(`state = ${c.bind(params.state)}`);
  if (params.since) c.add(`updated_at >= ${c.bind(params.since)}`);
  if (params.creator) c.add(`creator = ${c.bind(params.creator)}`);
  if (params.milestone === '*') c.add('milestone IS NOT NULL');
  else if (params.milestone === 'none') c.add('milestone IS NULL');
  else if (params.milestone !== null) {
    // A milestone that is not a number matches nothing, as on GitHub; nor does one past any
    // stored (beyond 2^53, and PostgreSQL's BIGINT, which refuses to compare with one).
    const number = /^\d+$/.test(params.milestone) ? Number(params.milestone) : -1;
    c.add(`milestone = ${c.bind(Number.isSafeInteger(number) ? number : -1)}`);
  }
  if (params.assignee === '*') c.add('assignee_count > 0');
  else if (params.assignee === 'none') c.add('assignee_count = 0');
  else if (params.assignee !== null) {
    c.add(`number IN (SELECT number FROM issue_assignees WHERE repo_id = ${c.bind(repoId)} AND login = ${c.bind(params.assignee)})`);
  }
  if (params.mentioned !== null) {
    c.add(`number IN (SELECT number FROM issue_mentions WHERE repo_id = ${c.bind(repoId)} AND login = ${c.bind(params.mentioned)})`);
  }
  if (params.labels.length > 0) {
    // Every label named (names compare without case on both engines: NOCASE, citext): an issue
    // carries as many of the named labels as there are names, so a name the repository lacks, or
    // the same label named twice, matches nothing. Labels first, by name, then their issues by
    // label: the join on both columns leads SQLite's planner to the labels' unique index and then
    // issue_labels' primary key.
    const repo = c.bind(repoId);
    const names = params.labels.map((name) => c.bind(name)).join(', ');
    c.add(
      `number IN (SELECT il.number FROM labels l JOIN issue_labels il ON il.repo_id = l.repo_id AND il.label_id = l.id
         WHERE l.repo_id = ${repo} AND l.name IN (${names}) GROUP BY il.number HAVING COUNT(*) = ${c.bind(params.labels.length)})`,
    );
  }
  return c;
}

export function* listIssues(dialect: StoreDialect, remembered: Remembered, repoId: number, params: ListParams): Operation<DocumentPage> {
  // A filter no stored issue can meet: a value the engine's text cannot hold.
  if (dialect.namesNothing(params.creator, params.assignee, params.mentioned, params.milestone, params.since, ...params.labels)) return { total: 0, documents: [] };
  const c = issueConditions(dialect, repoId, params);
  const list = { from: 'issues', where: c.sql, args: c.args, sortColumn: SORT_COLUMNS[params.sort], tieColumn: 'number', descending: params.direction !== 'asc' } as const;
  return yield* pagedList(dialect, remembered, list, params);
}

/** An issue's comments, oldest first as GitHub lists them, updated at or after `since` if given. */
export function* listComments(
  dialect: StoreDialect,
  remembered: Remembered,
  repoId: number,
  number: number,
  params: PageParams & { since: string | null },
): Operation<DocumentPage> {
  const c = new Conditions(dialect);
  c.add(`repo_id = ${c.bind(repoId)}`);
  c.add(`issue_number = ${c.bind(number)}`);
  if (params.since) c.add(`updated_at >= ${c.bind(params.since)}`);
  return yield* pagedList(dialect, remembered, { from: 'comments', where: c.sql, args: c.args, sortColumn: 'created_at', tieColumn: 'id', descending: false }, params);
}

/** The repository's comments in the order asked (created or updated, then id), updated at or after `since` if given. */
export function* listRepoComments(dialect: StoreDialect, remembered: Remembered, repoId: number, params: RepoCommentParams): Operation<DocumentPage> {
  const c = new Conditions(dialect);
  c.add(`repo_id = ${c.bind(repoId)}`);
  if (params.since) c.add(`updated_at >= ${c.bind(params.since)}`);
  const list = { from: 'comments', where: c.sql, args: c.args, sortColumn: params.sort === 'updated' ? 'updated_at' : 'created_at', tieColumn: 'id', descending: params.direction !== 'asc' } as const;
  return yield* pagedList(dialect, remembered, list, params);
}

/** The list's total, remembered until the data changes, and its page from the keyset pager (none past the end). */
function* pagedList(dialect: StoreDialect, remembered: Remembered, list: OrderedList, params: PageParams): Operation<DocumentPage> {
  const count = { sql: `SELECT COUNT(*) AS total FROM ${list.from} WHERE ${list.where}`, parameters: list.args };
  const { total, rows } = yield* countedPage(remembered, count, params, (offset) => remembered.pager.page(dialect, list, offset, params.perPage, remembered.stillCurrent));
  return { total, documents: rows };
}

const ISSUE = prepareQuery((db, a: { repoId: number; number: number }) =>
  db.selectFrom('issues').select('doc').where('repo_id', '=', a.repoId).where('number', '=', a.number),
);

/** `state` a literal, as the open issues' index (repo_id, state, …) is read whatever the engine makes of a parameter. */
const OPEN_ISSUE_COUNT = prepareQuery((db, a: { repoId: number }) =>
  db
    .selectFrom('issues')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('repo_id', '=', a.repoId)
    .where('state', '=', sql.lit('open')),
);

const LABEL_COUNT = prepareQuery((db, a: { repoId: number }) =>
  db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('total')).where('repo_id', '=', a.repoId),
);

/**
 * By name without case (the column's own comparison on both engines: NOCASE, citext), then id,
 * which no two labels of a repository share a name to need but makes the order total.
 */
const LABEL_PAGE = prepareQuery((db, a: { repoId: number; limit: number; offset: number }) =>
  db
    .selectFrom('labels')
    .select(['id', 'name', 'color', 'description', 'is_default'])
    .where('repo_id', '=', a.repoId)
    .orderBy('name')
    .orderBy('id')
    .limit(a.limit)
    .offset(a.offset),
);

/** The issue's stored document, or null when the repository has no issue of that number. */
export function* getIssue(dialect: StoreDialect, repoId: number, number: number): Operation<string | null> {
  const [row] = yield* rowsOf(ISSUE, dialect, { repoId, number });
  return row?.doc ?? null;
}

export function* openIssueCount(dialect: StoreDialect, remembered: Remembered, repoId: number): Operation<number> {
  return yield* remembered.counts.count(OPEN_ISSUE_COUNT.bind(dialect, { repoId }), remembered.stillCurrent);
}

export function* listLabels(dialect: StoreDialect, remembered: Remembered, repoId: number, params: PageParams): Operation<LabelPage> {
  const { total, rows } = yield* countedPage(remembered, LABEL_COUNT.bind(dialect, { repoId }), params, (offset) => rowsOf(LABEL_PAGE, dialect, { repoId, limit: params.perPage, offset }));
  return { total, labels: rows.map((r) => ({ id: r.id, name: r.name, color: r.color, description: r.description, isDefault: r.is_default === 1 })) };
}
