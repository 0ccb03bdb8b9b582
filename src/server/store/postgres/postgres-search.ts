/**
 * `searchIssues` on PostgreSQL: the query's syntax tree (src/shared/search-query.ts) compiled to
 * one statement for the page and one for the total, answering what sqlite-search.ts answers for
 * the same rows. Text leaves become tsquery text matched against issue_text.document with `@@`
 * (its GIN index), written from the tokens the documents are written from (search-document.ts):
 * a phrase's tokens joined by `<->`, `in:` as weights (`'crash':A` is in:title), every token
 * quoted and the whole passed as a parameter cast with ::tsquery, so nothing a person types is
 * read as tsquery syntax. Qualifiers become predicates over the columns SQLite's compile to.
 * Which repositories are searched, which text selects and which only ranks, when text can rank
 * and the order of the results are search-plan.ts's, shared with SQLite.
 *
 * Relevance is ts_rank_cd's, not bm25's. It knows nothing of how rare a word is, so among
 * ranked results the order can differ from SQLite's; which issues, how many, the order of an
 * explicit sort or of results nothing ranks, and when the score is 1, do not.
 *
 * The statements run one after another on `sql`: a caller that wants the total and the page
 * from one snapshot runs this inside a REPEATABLE READ transaction.
 */
import { searchTokens, TEXT_FIELDS, type SearchNode, type SearchTerm, type TextField, type UserRole } from '../../../shared/search-query';
import type { RepoRecord, SearchHit, SearchPage, SearchRequest } from '../records';
import { toRepo, type RepoRow } from '../repo-row';
import {
  conjunctsOf,
  dateColumnSql,
  INVOLVED_ROLES,
  isInformative,
  isRanked,
  namesSomethingVisible,
  narrowScope,
  searchOrderSql,
  isStoredFactTerm,
  storedFactSql,
  textTermsOf,
  type TextTerms,
} from '../search-plan';
import { foldName } from '../search-text';
import { soughtRuns, type TextLeaf } from '../../../shared/search-word-forms';
import { FIELD_WEIGHTS } from './search-document';
import { countOf, hasNul, Params, type Row, type SqlRunner } from './sql';

/**
 * ts_rank_cd's weights of D, C, B and A, in its order: the title (A) counts three times the
 * body (B) and the comments (C), as SQLite's bm25 weights have it. Documents never hold D.
 */
const RANK_WEIGHTS = `'{0.1, 0.3, 0.3, 0.9}'::float4[]`;
/** Rank divided by 1 + the log of the document's length: a word in a long discussion says less, as bm25's length normalization has it. */
const RANK_NORMALIZATION = 1;
/**
 * What matching text under OR adds when that text cannot rank (found in half the issues or
 * more): bm25 weighs such a phrase by about a millionth, so on SQLite an issue matching it
 * still comes before those matching no text under OR, and after those matching text that ranks.
 */
const UNINFORMATIVE_MATCH_SCORE = '1e-6';

const TRUE = 'TRUE';
const FALSE = 'FALSE';

type LabelRow = Row & { id: number; name: string };

type PageRow = Row & { repo_id: number; number: number; doc: string; score: number };

/**
 * The tsquery text of one text leaf: its tokens as a phrase, or a lone word not quoted as any of
 * its forms (shared/search-word-forms.ts), in the fields asked for; null when it has no tokens.
 */
function tsqueryOf(leaf: TextLeaf, fields: readonly TextField[]): string | null {
  const tokens = searchTokens(leaf.text);
  if (tokens.length === 0) return null;
  const chosen = TEXT_FIELDS.filter((f) => fields.includes(f));
  // Positions leave a gap between two fields (search-document.ts), so tokens next to each other
  // are in one field: a weight on every token keeps the whole phrase in the fields asked for.
  const weights = chosen.length === 0 || chosen.length === TEXT_FIELDS.length ? '' : `:${chosen.map((f) => FIELD_WEIGHTS[f]).join('')}`;
  // Tokens hold letters and digits only, so a quoted token can never close its quotes.
  const runs = soughtRuns(leaf, tokens).map((run) => `(${run.map((t) => `'${t}'${weights}`).join(' <-> ')})`);
  return runs.length === 1 ? (runs[0] as string) : `(${runs.join(' | ')})`;
}

/** Compiles the terms that are not top-level text to predicates, each true or false, never NULL, so NOT means what it says. */
class Compiler {
  constructor(
    private readonly params: Params,
    private readonly scopeIds: readonly number[],
    private readonly fields: readonly TextField[],
    /** the labels of the repositories in scope, when the query names a label */
    private readonly labels: readonly LabelRow[],
  ) {}

  node(node: SearchNode): string {
    switch (node.kind) {
      case 'and':
        return node.operands.length === 0 ? TRUE : `(${node.operands.map((o) => this.node(o)).join(' AND ')})`;
      case 'or':
        return node.operands.length === 0 ? FALSE : `(${node.operands.map((o) => this.node(o)).join(' OR ')})`;
      case 'not':
        return `NOT (${this.node(node.operand)})`;
      default:
        return this.term(node);
    }
  }

  private p(value: unknown): string {
    return this.params.next(value);
  }

  private term(term: SearchTerm): string {
    if (isStoredFactTerm(term)) return storedFactSql(term, { param: (value) => this.p(value) });
    switch (term.kind) {
      case 'text': {
        const query = tsqueryOf(term, this.fields);
        return query === null ? TRUE : `(i.repo_id, i.number) IN (SELECT repo_id, number FROM issue_text WHERE document @@ ${this.p(query)}::tsquery)`;
      }
      case 'repo':
        if (hasNul(term.owner, term.name)) return FALSE;
        return `i.repo_id IN (SELECT id FROM repos WHERE owner = ${this.p(term.owner)} AND name = ${this.p(term.name)})`;
      case 'owner':
        if (hasNul(term.login)) return FALSE;
        return `i.repo_id IN (SELECT id FROM repos WHERE owner = ${this.p(term.login)})`;
      case 'type':
        return `i.is_pull_request = ${this.p(term.value === 'pr' ? 1 : 0)}`;
      case 'state':
        return `i.state = ${this.p(term.value)}`;
      case 'label':
        return this.label(term.name);
      case 'missing':
        if (term.field === 'label') return 'NOT EXISTS (SELECT 1 FROM issue_labels il WHERE il.repo_id = i.repo_id AND il.number = i.number)';
        if (term.field === 'assignee') return 'i.assignee_count = 0';
        return 'i.milestone IS NULL';
      case 'user':
        return this.user(term.role, term.login);
      case 'milestone':
        if (hasNul(term.title)) return FALSE;
        // SQLite's `IS ?`: an issue without a milestone is false, not NULL.
        return `(i.milestone_title IS NOT NULL AND i.milestone_title = ${this.p(foldName(term.title))})`;
      case 'date': {
        const column = dateColumnSql(term.field);
        const parts = [`${column} IS NOT NULL`];
        if (term.range.from !== null) parts.push(`${column} >= ${this.p(term.range.from)}`);
        if (term.range.to !== null) parts.push(`${column} < ${this.p(term.range.to)}`);
        return `(${parts.join(' AND ')})`;
      }
      case 'comments': {
        const parts = [TRUE];
        if (term.range.min !== null) parts.push(`i.comments >= ${this.p(term.range.min)}`);
        if (term.range.max !== null) parts.push(`i.comments <= ${this.p(term.range.max)}`);
        return `(${parts.join(' AND ')})`;
      }
    }
  }

  /** Label names compare as foldName folds them, as on SQLite: the scope's few labels are compared here, and issues found by label id. */
  private label(name: string): string {
    const wanted = foldName(name);
    const ids = this.labels.filter((l) => foldName(l.name) === wanted).map((l) => l.id);
    if (ids.length === 0) return FALSE;
    return `(i.repo_id, i.number) IN (SELECT il.repo_id, il.number FROM labels l JOIN issue_labels il ON il.repo_id = l.repo_id AND il.label_id = l.id
      WHERE l.id = ANY(${this.p(ids)}::bigint[]))`;
  }

  private user(role: UserRole, login: string): string {
    // No stored login holds U+0000, which PostgreSQL's text cannot even be asked about (sql.ts).
    if (hasNul(login)) return FALSE;
    const inTable = (table: string, loginColumn: string, numberColumn: string): string =>
      `(i.repo_id, i.number) IN (SELECT x.repo_id, x.${numberColumn} FROM ${table} x
        WHERE x.repo_id = ANY(${this.p(this.scopeIds)}::bigint[]) AND x.${loginColumn} = ${this.p(login)})`;
    switch (role) {
      case 'author':
        return `i.creator = ${this.p(login)}`;
      case 'assignee':
        return inTable('issue_assignees', 'login', 'number');
      case 'mentions':
        return inTable('issue_mentions', 'login', 'number');
      case 'commenter':
        return inTable('comments', 'author', 'issue_number');
      case 'involves':
        return `(${INVOLVED_ROLES.map((r) => this.user(r, login)).join(' OR ')})`;
    }
  }
}

function namesLabel(node: SearchNode): boolean {
  switch (node.kind) {
    case 'label':
      return true;
    case 'not':
      return namesLabel(node.operand);
    case 'and':
    case 'or':
      return node.operands.some(namesLabel);
    default:
      return false;
  }
}

/** What both statements are compiled from. */
interface Plan {
  scopeIds: number[];
  fields: readonly TextField[];
  labels: readonly LabelRow[];
  terms: TextTerms<string>;
  ranked: boolean;
  /** the phrases that can tell issues apart: only they rank, as bm25 all but ignores the others */
  informative: ReadonlySet<string>;
}

/** FROM and WHERE over `issues i`, with `t` the issue's text row when text selects or ranks. */
function compile(plan: Plan, params: Params, withRanking: boolean): { from: string; where: string } {
  const { driving, rest, boosting } = plan.terms;
  const compiler = new Compiler(params, plan.scopeIds, plan.fields, plan.labels);
  const where = [`i.repo_id = ANY(${params.next(plan.scopeIds)}::bigint[])`];
  let from = 'issues i';
  if (driving.length > 0) {
    from += ' JOIN issue_text t ON t.repo_id = i.repo_id AND t.number = i.number';
    where.push(`t.document @@ ${params.next(driving.join(' & '))}::tsquery`);
  } else if (withRanking && plan.ranked && boosting.length > 0) {
    from += ' LEFT JOIN issue_text t ON t.repo_id = i.repo_id AND t.number = i.number';
  }
  where.push(...rest.map((n) => compiler.node(n)));
  return { from, where: where.join(' AND ') };
}

/** 1 when nothing ranks the results; otherwise 1 plus the rank of the informative top-level text and of the text under OR where it matches. */
function scoreOf(plan: Plan, params: Params): string {
  if (!plan.ranked) return '1::float8';
  const { driving, boosting } = plan.terms;
  const rank = (phrases: readonly string[], operator: '&' | '|'): string =>
    `ts_rank_cd(${RANK_WEIGHTS}, t.document, ${params.next(phrases.join(` ${operator} `))}::tsquery, ${RANK_NORMALIZATION})::float8`;
  const parts = ['1::float8'];
  const rankingDriving = driving.filter((p) => plan.informative.has(p));
  if (rankingDriving.length > 0) parts.push(rank(rankingDriving, '&'));
  if (boosting.length > 0) {
    const rankingBoosts = boosting.filter((p) => plan.informative.has(p));
    const matched = [UNINFORMATIVE_MATCH_SCORE, ...(rankingBoosts.length > 0 ? [rank(rankingBoosts, '|')] : [])].join(' + ');
    // A missing text row (LEFT JOIN) is no match: the CASE gives 0, never NULL.
    parts.push(`CASE WHEN t.document @@ ${params.next(boosting.join(' | '))}::tsquery THEN ${matched} ELSE 0 END`);
  }
  return parts.join(' + ');
}

/**
 * The phrases that can tell issues apart, counted over the whole index and every issue stored
 * (private ones too), as SQLite counts them; none matter under an explicit sort.
 */
async function informativePhrases(sql: SqlRunner, request: SearchRequest, terms: TextTerms<string>): Promise<Set<string>> {
  const phrases = [...new Set([...terms.driving, ...terms.boosting])];
  if (request.sort !== null || phrases.length === 0) return new Set();
  const params = new Params();
  const matches = phrases.map((q, k) => `(SELECT count(*) FROM issue_text WHERE document @@ ${params.next(q)}::tsquery) AS m${k}`);
  const [row] = await sql.query(`SELECT (SELECT count(*) FROM issues) AS indexed, ${matches.join(', ')}`, params.values);
  const indexed = Number(row?.indexed ?? 0);
  return new Set(phrases.filter((_, k) => isInformative(Number(row?.[`m${k}`] ?? 0), indexed)));
}

export async function searchIssuesOnPostgres(sql: SqlRunner, request: SearchRequest): Promise<SearchPage> {
  const { query } = request;
  const conjuncts = conjunctsOf(query.where);
  const visible = await sql.query<RepoRow & Row>('SELECT * FROM repos WHERE private = 0 OR id = ANY($1::bigint[]) ORDER BY id', [[...request.privateRepoIds]]);
  const visibleRepos = visible.map((r) => toRepo(r));
  if (!namesSomethingVisible(visibleRepos, query.where)) return { total: 0, hits: [], namesNothingVisible: true };
  const scope = new Map<number, RepoRecord>(narrowScope(visibleRepos, conjuncts).map((r) => [r.id, r]));
  if (scope.size === 0) return { total: 0, hits: [] };
  const scopeIds = [...scope.keys()];

  const labels =
    query.where !== null && namesLabel(query.where) ? await sql.query<LabelRow>('SELECT id, name FROM labels WHERE repo_id = ANY($1::bigint[])', [scopeIds]) : [];
  const terms = textTermsOf(conjuncts, (leaf) => tsqueryOf(leaf, query.fields));
  const informative = await informativePhrases(sql, request, terms);
  const plan: Plan = {
    scopeIds,
    fields: query.fields,
    labels,
    terms,
    ranked: isRanked(request.sort, terms.driving.some((p) => informative.has(p)), terms.boosting.length > 0),
    informative,
  };

  // Placeholders are numbered per statement: each statement is compiled with its own.
  const countParams = new Params();
  const counted = compile(plan, countParams, false);
  const total = await countOf(sql, `SELECT count(*) AS n FROM ${counted.from} WHERE ${counted.where}`, countParams.values);
  const offset = (request.page - 1) * request.perPage;
  if (offset >= total) return { total, hits: [] };

  const params = new Params();
  const { from, where } = compile(plan, params, true);
  const score = scoreOf(plan, params);
  const rows = await sql.query<PageRow>(
    `SELECT i.repo_id, i.number, i.doc, ${score} AS score FROM ${from} WHERE ${where}
     ORDER BY ${searchOrderSql(request.sort, plan.ranked)} LIMIT ${params.next(request.perPage)} OFFSET ${params.next(offset)}`,
    params.values,
  );
  const hits: SearchHit[] = rows.map((r) => {
    const repo = scope.get(r.repo_id);
    if (!repo) throw new Error(`search returned issue ${r.repo_id}/${r.number}, which it cannot show`);
    return { repo, document: r.doc, score: r.score };
  });
  return { total, hits };
}
