/**
 * `searchIssues` on SQLite: the query's syntax tree (src/shared/search-query.ts) compiled to
 * one SQL statement for the page and one for the total. Text leaves become FTS5 `MATCH`
 * expressions over the index (sqlite-search-index.ts), every token quoted, so nothing a
 * person types is read as FTS5 syntax; qualifiers become predicates over indexed columns.
 *
 * Text terms at the top level of the query (`crash is:open` is `crash` AND `is:open`) drive
 * the statement: the index yields the few matching issues and the qualifiers filter them.
 * Text under OR or NOT is a membership test against the index's matches.
 */
import type Database from 'better-sqlite3';
import { TEXT_FIELDS, type SearchNode, type SearchTerm, type TextField, type UserRole } from '../../shared/search-query';
import { MAX_SEARCH_RESULTS } from '../../shared/search-params';
import type { RepoRecord, SearchHit, SearchPage, SearchRequest } from './records';
import { conjunctsOf, INVOLVED_ROLES, isInformative, isRanked, narrowScope, searchOrderSql, textTermsOf } from './search-plan';
import { foldName, SEARCH_KEY_SQL, searchKeyRange } from './search-text';

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
/** Up to this many repositories are bound one by one; more go as one JSON array. */
const INLINE_SCOPE_REPOS = 20;

interface Sql {
  sql: string;
  args: unknown[];
}

const sql = (text: string, ...args: unknown[]): Sql => ({ sql: text, args });
const TRUE = sql('1');
const FALSE = sql('0');

function join(parts: Sql[], separator: string): Sql {
  return { sql: parts.map((p) => p.sql).join(separator), args: parts.flatMap((p) => p.args) };
}

/**
 * Tokens as the index's tokenizer (`unicode61 remove_diacritics 2`) makes them: runs of letters
 * and digits, diacritics removed. Case is left to the index, which folds it.
 */
export function textTokens(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The FTS5 expression of one text leaf: its tokens as a phrase, in the fields asked for; null when it has no tokens. */
function phraseOf(text: string, fields: readonly TextField[]): string | null {
  const tokens = textTokens(text);
  if (tokens.length === 0) return null;
  // Tokens hold letters and digits only, so a quoted token can never close its quotes.
  const phrase = `(${tokens.map((t) => `"${t}"`).join(' + ')})`;
  const columns = fields.length === 0 || fields.length === TEXT_FIELDS.length ? null : fields;
  return columns === null ? phrase : `{${columns.join(' ')}} : ${phrase}`;
}

/** The repositories a search may look in, and the SQL that keeps a column among them. */
class Scope {
  constructor(readonly repos: ReadonlyMap<number, RepoRecord>) {}

  get ids(): number[] {
    return [...this.repos.keys()];
  }

  on(column: string): Sql {
    const ids = this.ids;
    if (ids.length === 1) return sql(`${column} = ?`, ids[0]);
    if (ids.length <= INLINE_SCOPE_REPOS) return sql(`${column} IN (${ids.map(() => '?').join(', ')})`, ...ids);
    return sql(`${column} IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
  }
}

class Compiler {
  constructor(
    private readonly scope: Scope,
    private readonly fields: readonly TextField[],
    private readonly context: SearchContext,
  ) {}

  node(node: SearchNode): Sql {
    switch (node.kind) {
      case 'and':
        return node.operands.length === 0 ? TRUE : wrap(join(node.operands.map((o) => this.node(o)), ' AND '));
      case 'or':
        return node.operands.length === 0 ? FALSE : wrap(join(node.operands.map((o) => this.node(o)), ' OR '));
      case 'not': {
        const operand = this.node(node.operand);
        return { sql: `NOT ${wrap(operand).sql}`, args: operand.args };
      }
      default:
        return this.term(node);
    }
  }

  /**
   * Every predicate is true or false, never NULL (a NULL column is compared with IS or guarded),
   * so NOT means what it says.
   */
  private term(term: SearchTerm): Sql {
    switch (term.kind) {
      case 'text': {
        const phrase = phraseOf(term.text, this.fields);
        return phrase === null ? TRUE : sql(`${SEARCH_KEY_SQL} IN (SELECT rowid FROM issue_text WHERE issue_text MATCH ?)`, phrase);
      }
      case 'repo':
        return sql('i.repo_id IN (SELECT id FROM repos WHERE owner = ? AND name = ?)', term.owner, term.name);
      case 'owner':
        return sql('i.repo_id IN (SELECT id FROM repos WHERE owner = ?)', term.login);
      case 'type':
        return sql('i.is_pull_request = ?', term.value === 'pr' ? 1 : 0);
      case 'state':
        return sql('i.state = ?', term.value);
      case 'label':
        return this.label(term.name);
      case 'missing':
        if (term.field === 'label') return sql('NOT EXISTS (SELECT 1 FROM issue_labels il WHERE il.repo_id = i.repo_id AND il.number = i.number)');
        if (term.field === 'assignee') return sql('i.assignee_count = 0');
        return sql('i.milestone IS NULL');
      case 'user':
        return this.user(term.role, term.login);
      case 'milestone':
        return sql('i.milestone_title IS ?', foldName(term.title));
      case 'date': {
        const column = { created: 'i.created_at', updated: 'i.updated_at', closed: 'i.closed_at' }[term.field];
        const parts = [sql(`${column} IS NOT NULL`)];
        if (term.range.from !== null) parts.push(sql(`${column} >= ?`, term.range.from));
        if (term.range.to !== null) parts.push(sql(`${column} < ?`, term.range.to));
        return wrap(join(parts, ' AND '));
      }
      case 'comments': {
        const parts = [TRUE];
        if (term.range.min !== null) parts.push(sql('i.comments >= ?', term.range.min));
        if (term.range.max !== null) parts.push(sql('i.comments <= ?', term.range.max));
        return wrap(join(parts, ' AND '));
      }
    }
  }

  /**
   * Label names compare without case beyond ASCII (`foldName`), which SQLite's NOCASE does
   * not: the few labels of the repositories in scope are compared here, and the issues
   * carrying one of them are found by its id.
   */
  private label(name: string): Sql {
    const wanted = foldName(name);
    const scope = this.scope.on('repo_id');
    const labels = this.context.prepare(`SELECT id, name FROM labels WHERE ${scope.sql}`).all(...scope.args) as Array<{ id: number; name: string }>;
    const ids = labels.filter((l) => foldName(l.name) === wanted).map((l) => l.id);
    if (ids.length === 0) return FALSE;
    return sql(
      `(i.repo_id, i.number) IN (SELECT il.repo_id, il.number FROM labels l JOIN issue_labels il ON il.repo_id = l.repo_id AND il.label_id = l.id
        WHERE l.id IN (${ids.map(() => '?').join(', ')}))`,
      ...ids,
    );
  }

  private user(role: UserRole, login: string): Sql {
    const inTable = (table: string, loginColumn: string, numberColumn: string): Sql => {
      const scope = this.scope.on('x.repo_id');
      return sql(
        `(i.repo_id, i.number) IN (SELECT x.repo_id, x.${numberColumn} FROM ${table} x WHERE ${scope.sql} AND x.${loginColumn} = ?)`,
        ...scope.args,
        login,
      );
    };
    switch (role) {
      case 'author':
        return sql('i.creator = ?', login);
      case 'assignee':
        return inTable('issue_assignees', 'login', 'number');
      case 'mentions':
        return inTable('issue_mentions', 'login', 'number');
      case 'commenter':
        return inTable('comments', 'author', 'issue_number');
      case 'involves':
        return wrap(join(INVOLVED_ROLES.map((r) => this.user(r, login)), ' OR '));
    }
  }
}

function wrap(part: Sql): Sql {
  return { sql: `(${part.sql})`, args: part.args };
}

/** The repositories the caller may see, narrowed by the query's own `repo:` and `owner:` terms. */
function scopeOf(request: SearchRequest, conjuncts: readonly SearchNode[], context: SearchContext): Scope {
  const rows = context
    .prepare('SELECT * FROM repos WHERE private = 0 OR id IN (SELECT value FROM json_each(?)) ORDER BY id')
    .all(JSON.stringify([...request.privateRepoIds])) as unknown[];
  const repos = narrowScope(rows.map((r) => context.repo(r)), conjuncts);
  return new Scope(new Map(repos.map((r) => [r.id, r])));
}

const KEY_SPAN = 2 ** 32;

/** One statement's text and the values for its placeholders, the page's and the total's. */
interface Plan {
  from: Sql;
  where: Sql;
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
  const { driving, rest, boosting } = textTermsOf(conjuncts, (text) => {
    const phrase = phraseOf(text, fields);
    return phrase === null ? null : `(${phrase})`;
  });
  const compiler = new Compiler(scope, fields, context);
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

function drivingJoin(match: string, keyRange: [number, number] | null): Sql {
  return sql(
    `(SELECT rowid AS key, ${BM25} AS rank FROM issue_text WHERE issue_text MATCH ?${keyRange ? ' AND rowid BETWEEN ? AND ?' : ''}) t
     JOIN issues i ON i.repo_id = t.key / ${KEY_SPAN} AND i.number = t.key % ${KEY_SPAN}`,
    match,
    ...(keyRange ?? []),
  );
}

function boostJoin(phrases: readonly string[]): Sql {
  return sql(`LEFT JOIN (SELECT rowid AS key, ${BM25} AS rank FROM issue_text WHERE issue_text MATCH ?) b ON b.key = ${SEARCH_KEY_SQL}`, phrases.join(' OR '));
}

function joinedCount(match: string, keyRange: [number, number] | null, filters: Sql[]): { sql: string; args: unknown[] } {
  const from = drivingJoin(match, keyRange);
  const where = join(filters, ' AND ');
  return { sql: `SELECT COUNT(*) AS n FROM ${from.sql} WHERE ${where.sql}`, args: [...from.args, ...where.args] };
}
