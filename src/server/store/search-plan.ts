/**
 * What every engine's `searchIssues` decides alike, whatever its index: which repositories a
 * search looks in, which text selects and which only ranks, when text can rank at all, and the
 * order of the results. sqlite-search.ts and postgres/postgres-search.ts compile the rest (text
 * to their index's query language, qualifiers to predicates) each in its own SQL; answers must
 * not differ between them, so these rules live once.
 */
import type { SearchNode, SearchSort, UserRole } from '../../shared/search-query';
import type { RepoRecord } from './records';
import type { TextLeaf } from './word-forms';

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

/** The repositories the caller may see (ordered by id), narrowed by the query's own top-level `repo:` and `owner:` terms. */
export function narrowScope(visible: readonly RepoRecord[], conjuncts: readonly SearchNode[]): RepoRecord[] {
  let repos = [...visible];
  for (const term of conjuncts) {
    if (term.kind === 'repo') {
      repos = repos.filter((r) => r.owner.toLowerCase() === term.owner.toLowerCase() && r.name.toLowerCase() === term.name.toLowerCase());
    } else if (term.kind === 'owner') {
      repos = repos.filter((r) => r.owner.toLowerCase() === term.login.toLowerCase());
    }
  }
  return repos;
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

const SORT_COLUMNS = { created: 'i.created_at', updated: 'i.updated_at', comments: 'i.comments' } as const;

/**
 * The ORDER BY of a search over `issues i` with a `score` column, the same text in every
 * engine's SQL. Its columns are NOT NULL, so the engines' different places for NULL never
 * matter, and the timestamps compare as bytes on both (PostgreSQL's are COLLATE "C").
 */
export function searchOrderSql(sort: SearchSort | null, ranked: boolean): string {
  if (sort !== null) {
    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    return `${SORT_COLUMNS[sort.field]} ${direction}, i.repo_id ${direction}, i.number ${direction}`;
  }
  // Best match: the most relevant first, and among equals (or with no text) the newest.
  return `${ranked ? 'score DESC, ' : ''}i.created_at DESC, i.repo_id DESC, i.number DESC`;
}
