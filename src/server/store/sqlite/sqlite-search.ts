/**
 * `searchIssues` on SQLite: the query's syntax tree (src/shared/search-query.ts) compiled to
 * one SQL statement for the page and one for the total. Text leaves become FTS5 `MATCH`
 * expressions over the index (sqlite-search-index.ts), every token quoted, so nothing a
 * person types is read as FTS5 syntax; qualifiers become predicates over indexed columns
 * (search-predicates.ts, through SQLite's dialect in sqlite-search-dialect.ts).
 *
 * Text terms at the top level of the query (`crash is:open` is `crash` AND `is:open`) drive
 * the statement: the index yields the few matching issues and the qualifiers filter them.
 * Text under OR or NOT is a membership test against the index's matches.
 */
import type Database from 'better-sqlite3';
import { TEXT_FIELDS, type SearchNode, type TextField } from '../../../shared/search-query';
import { MAX_SEARCH_RESULTS } from '../../../shared/search-params';
import type { RepoRecord, SearchHit, SearchPage, SearchRequest } from '../records';
import { conjunctsOf, isInformative, isRanked, namesSomethingVisible, narrowScope, searchOrderSql, textTermsOf } from '../search-plan';
import { SEARCH_KEY_SQL, searchKeyRange } from '../search-text';
import { Compiler, join, phraseOf, Scope, sql, type SqlFragment } from './sqlite-search-dialect';
import { indexHolds, SEARCH_FACETS_INDEX } from './sqlite-search-index';

export interface SearchContext {
  prepare(sql: string): Database.Statement;
  /** `SELECT COUNT(*) AS n …`, remembered until the data changes */
  count(sql: string, args: unknown[]): number;
  /** a statement's rows, remembered until the data changes */
  rows(sql: string, args: unknown[]): unknown[];
  /** a `repos` row as a record */
  repo(row: unknown): RepoRecord;
}

/**
 * bm25 weights of title, body and comments: a word in the title says more about what an
 * issue is about than the same word somewhere in a long discussion.
 */
const FIELD_WEIGHTS: Record<TextField, number> = { title: 3, body: 1, comments: 1 };
const BM25 = `bm25(issue_text, ${TEXT_FIELDS.map((f) => FIELD_WEIGHTS[f]).join(', ')})`;

/** The repositories the caller may see, narrowed by the query's own `repo:` and `owner:` terms; null when the query names only what the caller cannot see. */
function scopeOf(request: SearchRequest, conjuncts: readonly SearchNode[], context: SearchContext): Scope | null {
  const rows = context
    .prepare('SELECT * FROM repos WHERE private = 0 OR id IN (SELECT value FROM json_each(?)) ORDER BY id')
    .all(JSON.stringify([...request.privateRepoIds])) as unknown[];
  const visible = rows.map((r) => context.repo(r));
  if (!namesSomethingVisible(visible, request.query.where)) return null;
  const repos = narrowScope(visible, conjuncts);
  return new Scope(new Map(repos.map((r) => [r.id, r])));
}

const KEY_SPAN = 2 ** 32;

/** One statement's text and the values for its placeholders, the page's and the total's. */
interface Plan {
  from: SqlFragment;
  where: SqlFragment;
  /** the expression `score` is, and whether the order starts with it */
  score: string;
  ranked: boolean;
  /** whether the statement reads (scores, sorts) every match before its first row */
  readsEveryMatch: boolean;
  count: { sql: string; args: unknown[] };
}

export function searchIssues(request: SearchRequest, context: SearchContext): SearchPage {
  const { query } = request;
  const conjuncts = conjunctsOf(query.where);
  const scope = scopeOf(request, conjuncts, context);
  if (scope === null) return { total: 0, hits: [], namesNothingVisible: true };
  if (scope.repos.size === 0) return { total: 0, hits: [] };
  const plan = planSearch(request, conjuncts, scope, context);
  const total = context.count(plan.count.sql, plan.count.args);
  const offset = (request.page - 1) * request.perPage;
  if (offset >= total) return { total, hits: [] };
  // The page's keys first, then its documents: sorting keys alone never reads the documents
  // of the issues that do not make the page (each spills over several pages of the file).
  const ordered = `SELECT i.repo_id AS repoId, i.number AS number, ${plan.score} AS score FROM ${plan.from.sql} WHERE ${plan.where.sql}
       ORDER BY ${searchOrderSql(request.sort, plan.ranked)} LIMIT ?`;
  const args = [...plan.from.args, ...plan.where.args];
  const end = offset + request.perPage;
  // A statement that scores or sorts every match costs as much for page 1 as for all that
  // can be reached, so paging through one search runs it once; one that walks an index in
  // page order stops at the page, and runs each time.
  const rows = (
    plan.readsEveryMatch && end <= MAX_SEARCH_RESULTS
      ? context.rows(ordered, [...args, MAX_SEARCH_RESULTS]).slice(offset, end)
      : context.prepare(`${ordered} OFFSET ?`).all(...args, request.perPage, offset)
  ) as Array<{ repoId: number; number: number; score: number }>;
  const documentOf = context.prepare('SELECT doc FROM issues WHERE repo_id = ? AND number = ?');
  const hits: SearchHit[] = rows.map((r) => {
    const repo = scope.repos.get(r.repoId);
    const document = (documentOf.get(r.repoId, r.number) as { doc: string } | undefined)?.doc;
    if (!repo || document === undefined) throw new Error(`search returned issue ${r.repoId}/${r.number}, which it cannot show`);
    return { repo, document, score: r.score };
  });
  return { total, hits };
}

/**
 * Which way the statement runs. Text at the top level selects: when its matches are few, the
 * index yields them and the qualifiers filter; when they are most of the repository's issues
 * and no relevance orders them, the issues are walked in the page's order along an index and
 * each is looked up in the text index, so page 1 stops after a few dozen lookups.
 */
function planSearch(request: SearchRequest, conjuncts: readonly SearchNode[], scope: Scope, context: SearchContext): Plan {
  const { fields } = request.query;
  // Top-level text selects; text under OR adds to relevance where it matches, without selecting.
  const holds = (form: string): boolean => indexHolds((text) => context.prepare(text), form);
  const { driving, rest, boosting } = textTermsOf(conjuncts, (leaf) => {
    const phrase = phraseOf(leaf, fields, holds);
    return phrase === null ? null : `(${phrase})`;
  });
  const compiler = new Compiler(scope, fields, context, holds);
  const inScope = scope.on('i.repo_id');
  const filters = [inScope, ...rest.map((n) => compiler.node(n))];
  const matchCount = (match: string): number => context.count('SELECT COUNT(*) AS n FROM issue_text WHERE issue_text MATCH ?', [match]);
  const single = scope.ids.length === 1 ? scope.ids[0] : undefined;
  const keyRange = single === undefined ? null : searchKeyRange(single);
  const keyInScope = keyRange ? sql('rowid BETWEEN ? AND ?', ...keyRange) : scope.on(`rowid / ${KEY_SPAN}`);

  // FTS5's bm25 gives a phrase found in at least half the indexed issues an inverse document
  // frequency of almost nothing (it clamps it to a millionth): such a phrase cannot tell issues
  // apart, so a query of only such phrases orders as one without text, newest first.
  const hasText = driving.length > 0 || boosting.length > 0;
  const scopeIssues = hasText ? context.count(`SELECT COUNT(*) AS n FROM issues i WHERE ${inScope.sql}`, inScope.args) : 0;
  // A scope holding every indexed issue (one repository on its own server) counts as the whole
  // index does, so the issues are counted once.
  const everything = hasText && repositoriesWithIssues(context).every((id) => scope.repos.has(id));
  const indexed = !hasText ? 0 : everything ? scopeIssues : context.count('SELECT COUNT(*) AS n FROM issues', []);
  const informative = driving.some((p) => isInformative(matchCount(p), indexed));
  const ranked = isRanked(request.sort, informative, boosting.length > 0);
  const boost = boosting.length > 0 ? boostJoin(boosting) : null;
  const score = ranked ? `1 - ${driving.length > 0 ? 't.rank' : '0'} - ${boost ? 'COALESCE(b.rank, 0)' : '0'}` : '1';

  if (driving.length === 0) {
    const where = join(filters, ' AND ');
    return {
      from: join([sql('issues i'), ...(boost ? [boost] : [])], ' '),
      where,
      score,
      ranked,
      readsEveryMatch: ranked,
      count: { sql: `SELECT COUNT(*) AS n FROM issues i WHERE ${where.sql}`, args: where.args },
    };
  }

  const match = driving.join(' AND ');
  const textCount = everything
    ? { sql: 'SELECT COUNT(*) AS n FROM issue_text WHERE issue_text MATCH ?', args: [match] }
    : { sql: `SELECT COUNT(*) AS n FROM issue_text WHERE issue_text MATCH ? AND ${keyInScope.sql}`, args: [match, ...keyInScope.args] };
  const matches = context.count(textCount.sql, textCount.args);
  if (single !== undefined && !ranked && !boost && 2 * matches >= scopeIssues) {
    // A dense match in one repository: walk its issues in order, looking each up.
    const where = join([...filters, sql(`EXISTS (SELECT 1 FROM issue_text WHERE issue_text MATCH ? AND rowid = ${SEARCH_KEY_SQL})`, match)], ' AND ');
    return { from: sql('issues i'), where, score, ranked, readsEveryMatch: false, count: rest.length === 0 ? textCount : joinedCount(match, keyRange, filters) };
  }
  const drive = drivingJoin(match, keyRange);
  const where = join(filters, ' AND ');
  return {
    from: join([drive, ...(boost ? [boost] : [])], ' '),
    where,
    score,
    ranked,
    readsEveryMatch: true,
    // Every index row has its issue, so with nothing else to meet the index alone counts.
    count: rest.length === 0 ? textCount : joinedCount(match, keyRange, filters),
  };
}

/** One index seek per repository. */
function repositoriesWithIssues(context: SearchContext): number[] {
  const rows = context.prepare('SELECT id FROM repos r WHERE EXISTS (SELECT 1 FROM issues WHERE repo_id = r.id)').all() as Array<{ id: number }>;
  return rows.map((r) => r.id);
}

/**
 * The index's matches joined to their issues. The join names the facets index: the planner
 * would take the primary key's, which is unique but not covering, and read each match's row
 * from the table, where it shares its pages with the document; ranking a common word then
 * costs one table read per match.
 */
function drivingJoin(match: string, keyRange: [number, number] | null): SqlFragment {
  return sql(
    `(SELECT rowid AS key, ${BM25} AS rank FROM issue_text WHERE issue_text MATCH ?${keyRange ? ' AND rowid BETWEEN ? AND ?' : ''}) t
     JOIN issues i INDEXED BY ${SEARCH_FACETS_INDEX} ON i.repo_id = t.key / ${KEY_SPAN} AND i.number = t.key % ${KEY_SPAN}`,
    match,
    ...(keyRange ?? []),
  );
}

function boostJoin(phrases: readonly string[]): SqlFragment {
  return sql(`LEFT JOIN (SELECT rowid AS key, ${BM25} AS rank FROM issue_text WHERE issue_text MATCH ?) b ON b.key = ${SEARCH_KEY_SQL}`, phrases.join(' OR '));
}

function joinedCount(match: string, keyRange: [number, number] | null, filters: SqlFragment[]): { sql: string; args: unknown[] } {
  const from = drivingJoin(match, keyRange);
  const where = join(filters, ' AND ');
  return { sql: `SELECT COUNT(*) AS n FROM ${from.sql} WHERE ${where.sql}`, args: [...from.args, ...where.args] };
}
