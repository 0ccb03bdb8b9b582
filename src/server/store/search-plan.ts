/**
 * What every engine's `searchIssues` decides alike, whatever its index: which repositories a
 * search looks in, which text selects and which only ranks, when text can rank at all, and the
 * order of the results. sqlite-search.ts and postgres/postgres-search.ts compile the rest (text
 * to their index's query language, qualifiers to predicates) each in its own SQL; answers must
 * not differ between them, so these rules live once.
 */
import { REACTION_SORT_KEYS, type DateField, type SearchNode, type SearchSort, type SearchSortField, type SearchTerm, type UserRole } from '../../shared/search-query';
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

/**
 * How an engine reads a fact of the issue's stored document (`i.doc`, the JSON served), for the
 * rarer qualifiers and orders over facts no column holds: locked, draft, the state reason and
 * one kind of reaction. A path names keys from the document's root (`['reactions', '+1']`).
 * The common ones (all reactions, interactions, the merge) have columns, as reading every
 * document made an order by reactions over 100,000 issues take seconds a page.
 */
export interface DocumentDialect {
  /** the string at `path`, NULL where the document has none (an open issue's `state_reason`); compared as bytes */
  text(path: readonly string[]): string;
  /** the whole number at `path`, 0 where the document has none: never NULL, so it can order */
  count(path: readonly string[]): string;
  /** whether `path` holds JSON `true`: a predicate that is true or false, never NULL */
  flag(path: readonly string[]): string;
  /** a placeholder bound to `value` */
  param(value: unknown): string;
}

const SORT_COLUMNS = { created: 'i.created_at', updated: 'i.updated_at', comments: 'i.comments' } as const;

/**
 * GitHub: interactions are an issue's reactions and comments together. Written as the
 * `issues_interactions` index has it, so an order by interactions walks that index.
 */
const INTERACTIONS_SQL = '(i.comments + i.reactions)';

/** What a sort orders by: a column, or one kind of reaction read from the document. Never NULL. */
function sortKeySql(field: SearchSortField, documents: DocumentDialect): string {
  if (field === 'created' || field === 'updated' || field === 'comments') return SORT_COLUMNS[field];
  if (field === 'reactions') return 'i.reactions';
  if (field === 'interactions') return INTERACTIONS_SQL;
  return documents.count(['reactions', REACTION_SORT_KEYS[field] ?? 'total_count']);
}

/** The timestamp a date qualifier compares; `merged_at` is NULL for an issue and an unmerged pull request. */
export function dateColumnSql(field: DateField): string {
  return { created: 'i.created_at', updated: 'i.updated_at', closed: 'i.closed_at', merged: 'i.merged_at' }[field];
}

/** The terms over what the service stores beyond the list's facts (columns, the document, the repository's visibility), whose predicates both engines write alike. */
export type StoredFactTerm = Extract<
  SearchTerm,
  { kind: 'count' | 'merged' | 'draft' | 'locked' | 'visibility' | 'reason' | 'issueType' | 'subIssueLink' | 'parentIssue' }
>;

/** Case folded in ASCII letters only, as both engines' `lower()` fold text: an issue type's name. */
function lowerAscii(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * A stored-fact term as a predicate over `issues i`, true or false, never NULL, so NOT means
 * what it says. As GitHub's "Searching issues and pull requests" has them: `is:merged` and
 * `is:unmerged` (open, or closed without a merge) and `draft:` select pull requests only;
 * `is:public`/`is:private` are the repository's visibility; `reason:` the `state_reason` of
 * issues only. `type:` an issue type by name; `has:sub-issues`, `has:parent-issue` and
 * `parent-issue:OWNER/REPO#N` the links of GitHub's sub-issues (issue 47).
 */
export function storedFactSql(term: StoredFactTerm, documents: DocumentDialect): string {
  switch (term.kind) {
    case 'count': {
      const value = term.field === 'reactions' ? 'i.reactions' : INTERACTIONS_SQL;
      const parts = ['1 = 1'];
      if (term.range.min !== null) parts.push(`${value} >= ${documents.param(term.range.min)}`);
      if (term.range.max !== null) parts.push(`${value} <= ${documents.param(term.range.max)}`);
      return `(${parts.join(' AND ')})`;
    }
    case 'merged':
      return `(i.is_pull_request = 1 AND i.merged_at IS ${term.value ? 'NOT NULL' : 'NULL'})`;
    case 'draft':
      return `(i.is_pull_request = 1 AND ${term.value ? '' : 'NOT '}${documents.flag(['draft'])})`;
    case 'locked':
      return term.value ? documents.flag(['locked']) : `NOT ${documents.flag(['locked'])}`;
    case 'visibility':
      return `i.repo_id IN (SELECT id FROM repos WHERE private = ${term.value === 'private' ? 1 : 0})`;
    case 'reason':
      // "Search by the reason an issue was closed": issues only, though a closed pull request's
      // stored document says `completed` too.
      return `(i.is_pull_request = 0 AND COALESCE(${documents.text(['state_reason'])}, '') = ${documents.param(term.value)})`;
    case 'issueType':
      return `lower(COALESCE(${documents.text(['type', 'name'])}, '')) = ${documents.param(lowerAscii(term.name))}`;
    case 'subIssueLink':
      // As the answers count them: sub-issues that are stored (`sub_issues_summary.total`), a parent named (`parent_issue_url`).
      return term.link === 'sub-issues'
        ? 'EXISTS (SELECT 1 FROM sub_issues s JOIN issues c ON c.repo_id = s.repo_id AND c.number = s.number WHERE s.repo_id = i.repo_id AND s.parent_number = i.number)'
        : 'EXISTS (SELECT 1 FROM sub_issues s WHERE s.repo_id = i.repo_id AND s.number = i.number)';
    case 'parentIssue':
      return `(i.repo_id IN (SELECT id FROM repos WHERE owner = ${documents.param(term.owner)} AND name = ${documents.param(term.name)})
        AND EXISTS (SELECT 1 FROM sub_issues s WHERE s.repo_id = i.repo_id AND s.number = i.number AND s.parent_number = ${documents.param(term.number)}))`;
  }
}

/**
 * The ORDER BY of a search over `issues i` with a `score` column, the same text in every
 * engine's SQL. Its keys are NOT NULL (a count the document lacks is 0), so the engines'
 * different places for NULL never matter, and the timestamps compare as bytes on both
 * (PostgreSQL's are COLLATE "C").
 */
export function searchOrderSql(sort: SearchSort | null, ranked: boolean, documents: DocumentDialect): string {
  if (sort !== null) {
    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    return `${sortKeySql(sort.field, documents)} ${direction}, i.repo_id ${direction}, i.number ${direction}`;
  }
  // Best match: the most relevant first, and among equals (or with no text) the newest.
  return `${ranked ? 'score DESC, ' : ''}i.created_at DESC, i.repo_id DESC, i.number DESC`;
}
