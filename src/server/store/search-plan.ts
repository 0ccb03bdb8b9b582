/**
 * What every engine's `searchIssues` decides alike, whatever its index: which repositories a
 * search looks in, which text selects and which only ranks, when text can rank at all, and the
 * order of the results. sqlite-search.ts and postgres/postgres-search.ts compile the rest (text
 * to their index's query language, qualifiers to predicates) each in its own SQL; answers must
 * not differ between them, so these rules live once.
 */
import { REACTION_SORT_KEYS, type DateField, type SearchNode, type SearchSort, type SearchSortField, type SearchTerm, type UserRole } from '../../shared/search-query';
import { issueTypeKey } from './fact-columns';
import { reactionKindColumn } from './reaction-kind-columns';
import type { RepoRecord } from './records';
import type { TextLeaf } from '../../shared/search-word-forms';

/** The terms every result must meet: the operands of the top-level AND (the query itself when it is no AND). */
export function conjunctsOf(node: SearchNode | null): SearchNode[] {
  if (node === null) return [];
  return node.kind === 'and' ? node.operands.flatMap(conjunctsOf) : [node];
}

/** Text leaves that count toward relevance: those not negated. */
export function positiveTexts(node: SearchNode, negated = false): TextLeaf[] {
  switch (node.kind) {
    case 'text':
      return negated ? [] : [node];
    case 'not':
      return positiveTexts(node.operand, !negated);
    case 'and':
    case 'or':
      return node.operands.flatMap((o) => positiveTexts(o, negated));
    default:
      return [];
  }
}

type ScopeTerm = Extract<SearchNode, { kind: 'repo' | 'owner' }>;

function isScopeTerm(node: SearchNode): node is ScopeTerm {
  return node.kind === 'repo' || node.kind === 'owner';
}

/** Whether a repository is one a `repo:` or `user:`/`org:` term names. */
function names(term: ScopeTerm, repo: RepoRecord): boolean {
  if (term.kind === 'owner') return repo.owner.toLowerCase() === term.login.toLowerCase();
  return repo.owner.toLowerCase() === term.owner.toLowerCase() && repo.name.toLowerCase() === term.name.toLowerCase();
}

/** The scope terms a top-level term stands for: itself, or the OR of several the parser made (search-query.ts); null for any other term. */
function scopeAlternatives(node: SearchNode): ScopeTerm[] | null {
  if (isScopeTerm(node)) return [node];
  if (node.kind === 'or' && node.operands.length > 0 && node.operands.every(isScopeTerm)) return node.operands.filter(isScopeTerm);
  return null;
}

/**
 * The repositories the caller may see (ordered by id), narrowed by the query's own top-level
 * `repo:`, `user:` and `org:` terms: those one of the several alternatives names (GitHub reads
 * several as one search over them all).
 */
export function narrowScope(visible: readonly RepoRecord[], conjuncts: readonly SearchNode[]): RepoRecord[] {
  let repos = [...visible];
  for (const node of conjuncts) {
    const alternatives = scopeAlternatives(node);
    if (alternatives !== null) repos = repos.filter((r) => alternatives.some((t) => names(t, r)));
  }
  return repos;
}

function scopeTermsIn(node: SearchNode | null, out: ScopeTerm[] = []): ScopeTerm[] {
  if (node === null) return out;
  if (isScopeTerm(node)) out.push(node);
  else if (node.kind === 'not') scopeTermsIn(node.operand, out);
  else if (node.kind === 'and' || node.kind === 'or') for (const o of node.operands) scopeTermsIn(o, out);
  return out;
}

/**
 * Whether the caller may search what the query names. GitHub's REST search page ("Access errors
 * or missing search results"): `repo:`, `user:` or `org:` naming only what the caller cannot
 * access is a 422, while a query naming several answers from those it can access, without an
 * error. So: true when the query names no repository or account, or when one it names (a
 * repository, or an account with a repository) is among those the caller may see. A missing name
 * and a private one answer alike, so a stranger cannot tell them apart.
 */
export function namesSomethingVisible(visible: readonly RepoRecord[], where: SearchNode | null): boolean {
  const terms = scopeTermsIn(where);
  return terms.length === 0 || terms.some((t) => visible.some((r) => names(t, r)));
}

/** The text of a query as an engine's index reads it: `P` is one text leaf compiled for that index. */
export interface TextTerms<P> {
  /** top-level text with tokens: every result matches all of it, and it ranks */
  driving: P[];
  /** the other top-level terms (a text without tokens matches everything and is left out) */
  rest: SearchNode[];
  /** text under OR (not negated): it ranks where it matches, without selecting */
  boosting: P[];
}

/** `phraseOf` compiles one text leaf for the engine's index; null when the text has no tokens. */
export function textTermsOf<P>(conjuncts: readonly SearchNode[], phraseOf: (leaf: TextLeaf) => P | null): TextTerms<P> {
  const driving: P[] = [];
  const rest: SearchNode[] = [];
  for (const node of conjuncts) {
    const phrase = node.kind === 'text' ? phraseOf(node) : null;
    if (phrase !== null) driving.push(phrase);
    else if (node.kind !== 'text') rest.push(node);
  }
  const boosting = rest
    .flatMap((n) => positiveTexts(n))
    .map(phraseOf)
    .filter((p): p is P => p !== null);
  return { driving, rest, boosting };
}

/**
 * Whether a phrase can tell issues apart: one found in at least half the indexed issues (of
 * every repository, not only those searched) cannot. SQLite's bm25 gives such a phrase an
 * inverse document frequency of almost nothing, so a query of only such phrases orders as one
 * without text, newest first, with a score of 1; every engine follows it.
 */
export function isInformative(matches: number, indexedIssues: number): boolean {
  return 2 * matches < indexedIssues;
}

/** Whether relevance orders the results: best match, with some phrase that can rank. */
export function isRanked(sort: SearchSort | null, informative: boolean, boosting: boolean): boolean {
  return sort === null && (informative || boosting);
}

export const INVOLVED_ROLES: readonly UserRole[] = ['author', 'assignee', 'mentions', 'commenter'];

/** A placeholder bound to `value`, in the engine's SQL. */
export type BindParam = (value: unknown) => string;

const SORT_COLUMNS = { created: 'i.created_at', updated: 'i.updated_at', comments: 'i.comments' } as const;

/**
 * GitHub: interactions are an issue's reactions and comments together. Written as the
 * `issues_interactions` index has it, so an order by interactions walks that index.
 */
const INTERACTIONS_SQL = '(i.comments + i.reactions)';

/**
 * The column a sort orders by (the reactions of one kind: migration 7, fact-columns.ts), never
 * NULL, each with an index that leads with the repository and ends with the number, so a page of
 * one repository's order walks it.
 */
function sortKeySql(field: SearchSortField): string {
  if (field === 'created' || field === 'updated' || field === 'comments') return SORT_COLUMNS[field];
  if (field === 'interactions') return INTERACTIONS_SQL;
  const kind = REACTION_SORT_KEYS[field] ?? 'total_count';
  const column = kind === 'total_count' ? 'reactions' : reactionKindColumn(kind);
  if (column === undefined) throw new Error(`the order ${field} counts ${kind}, which has no column`);
  return `i.${column}`;
}

/** The timestamp a date qualifier compares; `merged_at` is NULL for an issue and an unmerged pull request. */
export function dateColumnSql(field: DateField): string {
  return { created: 'i.created_at', updated: 'i.updated_at', closed: 'i.closed_at', merged: 'i.merged_at' }[field];
}

/** The terms over what the service stores beyond the list's facts (columns of search's own, the document, the repository's visibility), whose predicates both engines write alike. */
const STORED_FACT_KINDS = ['count', 'merged', 'draft', 'locked', 'visibility', 'reason', 'issueType', 'subIssueLink', 'parentIssue'] as const;
export type StoredFactTerm = Extract<SearchTerm, { kind: (typeof STORED_FACT_KINDS)[number] }>;
const storedFactKinds = new Set<string>(STORED_FACT_KINDS);

/** Whether `term` is one `storedFactSql` writes, the same for both engines. */
export function isStoredFactTerm(term: SearchTerm): term is StoredFactTerm {
  return storedFactKinds.has(term.kind);
}

/** How an engine writes what a stored-fact predicate needs of it. */
export interface FactDialect {
  /** a placeholder bound to `value` */
  param: BindParam;
}

/**
 * A stored-fact term as a predicate over `issues i`, true or false, never NULL, so NOT means
 * what it says, each over columns an index leads with (migrations 6 and 7, and `type_name`). As GitHub's
 * "Searching issues and pull requests" has them: `is:merged` and `is:unmerged` (open, or closed
 * without a merge) and `draft:` select pull requests only; `is:public`/`is:private` are the
 * repository's visibility; `reason:` the `state_reason` of issues only. `type:` an issue type by
 * name, without case (fact-columns.ts issueTypeKey); `has:sub-issues`, `has:parent-issue` and
 * `parent-issue:OWNER/REPO#N` the links of GitHub's sub-issues (issue 47).
 */
export function storedFactSql(term: StoredFactTerm, dialect: FactDialect): string {
  const { param } = dialect;
  switch (term.kind) {
    case 'count': {
      const value = term.field === 'reactions' ? 'i.reactions' : INTERACTIONS_SQL;
      const parts = ['1 = 1'];
      if (term.range.min !== null) parts.push(`${value} >= ${param(term.range.min)}`);
      if (term.range.max !== null) parts.push(`${value} <= ${param(term.range.max)}`);
      return `(${parts.join(' AND ')})`;
    }
    case 'merged':
      return `(i.is_pull_request = 1 AND i.merged_at IS ${term.value ? 'NOT NULL' : 'NULL'})`;
    case 'draft':
      return `(i.is_pull_request = 1 AND i.draft = ${term.value ? 1 : 0})`;
    case 'locked':
      return `i.locked = ${term.value ? 1 : 0}`;
    case 'visibility':
      return `i.repo_id IN (SELECT id FROM repos WHERE private = ${term.value === 'private' ? 1 : 0})`;
    case 'reason':
      // "Search by the reason an issue was closed": issues only, though a closed pull request's
      // stored document says `completed` too. An issue without a reason is false, not NULL.
      return `(i.is_pull_request = 0 AND i.state_reason IS NOT NULL AND i.state_reason = ${param(term.value)})`;
    case 'issueType':
      // An issue without a type is false, not NULL, so `-type:Bug` keeps it.
      return `(i.type_name IS NOT NULL AND i.type_name = ${param(issueTypeKey(term.name))})`;
    case 'subIssueLink':
      // As the answers show them (issue-links.ts): sub-issues that are stored and shown
      // (`sub_issues_summary.total`), a parent named (`parent_issue_url`); one in another
      // repository only when that repository is public.
      return term.link === 'sub-issues'
        ? `EXISTS (SELECT 1 FROM sub_issues s JOIN issues c ON c.repo_id = s.repo_id AND c.number = s.number JOIN repos c_repo ON c_repo.id = s.repo_id
            WHERE s.parent_repo_id = i.repo_id AND s.parent_number = i.number AND (s.repo_id = s.parent_repo_id OR c_repo.private = 0))`
        : `EXISTS (SELECT 1 FROM sub_issues s JOIN repos p_repo ON p_repo.id = s.parent_repo_id
            WHERE s.repo_id = i.repo_id AND s.number = i.number AND (s.parent_repo_id = s.repo_id OR p_repo.private = 0))`;
    case 'parentIssue':
      return `EXISTS (SELECT 1 FROM sub_issues s JOIN repos p_repo ON p_repo.id = s.parent_repo_id
        WHERE s.repo_id = i.repo_id AND s.number = i.number AND s.parent_number = ${param(term.number)}
        AND p_repo.owner = ${param(term.owner)} AND p_repo.name = ${param(term.name)} AND (s.parent_repo_id = s.repo_id OR p_repo.private = 0))`;
  }
}

/**
 * The ORDER BY of a search over `issues i` with a `score` column, the same text in every
 * engine's SQL. Its keys are NOT NULL (a count the document lacks is stored as 0), so the engines'
 * different places for NULL never matter, and the timestamps compare as bytes on both
 * (PostgreSQL's are COLLATE "C").
 */
export function searchOrderSql(sort: SearchSort | null, ranked: boolean): string {
  if (sort !== null) {
    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    return `${sortKeySql(sort.field)} ${direction}, i.repo_id ${direction}, i.number ${direction}`;
  }
  // Best match: the most relevant first, and among equals (or with no text) the newest.
  return `${ranked ? 'score DESC, ' : ''}i.created_at DESC, i.repo_id DESC, i.number DESC`;
}
