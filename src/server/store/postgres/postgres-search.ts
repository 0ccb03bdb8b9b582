/**
 * `searchIssues` on PostgreSQL: the query's syntax tree (src/shared/search-query.ts) compiled to
 * one statement for the page and one for the total, answering what sqlite-search.ts answers for
 * the same rows. The predicates are search-predicates.ts's, shared with SQLite, spelled through
 * postgres-search-dialect.ts (text leaves as tsquery against the tsvector index). Which
 * repositories are searched, which text selects and which only ranks, when text can rank and the
 * order of the results are search-plan.ts's, also shared.
 *
 * Relevance is ts_rank_cd's, not bm25's. It knows nothing of how rare a word is, so among
 * ranked results the order can differ from SQLite's; which issues, how many, the order of an
 * explicit sort or of results nothing ranks, and when the score is 1, do not.
 *
 * The statements run one after another on `sql`: a caller that wants the total and the page
 * from one snapshot runs this inside a REPEATABLE READ transaction.
 */
import type { TextField } from '../../../shared/search-query';
import type { RepoRecord, SearchHit, SearchPage, SearchRequest } from '../records';
import { toRepo, type RepoRow } from '../repo-row';
import { conjunctsOf, isInformative, isRanked, namesSomethingVisible, narrowScope, searchOrderSql, textTermsOf, type TextTerms } from '../search-plan';
import { namesLabel, predicateOf, type ScopeLabel } from '../search-predicates';
import { postgresSearchDialect, tsqueryOf } from './postgres-search-dialect';
import { countOf, Params, type Row, type SqlRunner } from './sql';

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

type LabelRow = Row & ScopeLabel;

type PageRow = Row & { repo_id: number; number: number; doc: string; score: number };

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
  const dialect = postgresSearchDialect(params, plan.fields);
  const where = [dialect.among('i.repo_id', plan.scopeIds)];
  let from = 'issues i';
  if (driving.length > 0) {
    from += ' JOIN issue_text t ON t.repo_id = i.repo_id AND t.number = i.number';
    where.push(`t.document @@ ${params.next(driving.join(' & '))}::tsquery`);
  } else if (withRanking && plan.ranked && boosting.length > 0) {
    from += ' LEFT JOIN issue_text t ON t.repo_id = i.repo_id AND t.number = i.number';
  }
  where.push(...rest.map((n) => predicateOf(n, { repoIds: plan.scopeIds, labels: plan.labels }, dialect)));
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
    namesLabel(query.where) ? await sql.query<LabelRow>('SELECT id, name FROM labels WHERE repo_id = ANY($1::bigint[])', [scopeIds]) : [];
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
