/**
 * GitHub's issue search language (the `q` of `GET /search/issues`, and the
 * box of github.com's issues page), parsed once into a small syntax tree.
 * The service compiles the tree to its storage engine's index; the app reads
 * it to decide whether the list endpoint can answer a query exactly. The
 * parser knows no engine and does no I/O.
 *
 * The tree and what it means: search-query-tree.ts; the lexemes: search-query-lexer.ts; what
 * each qualifier means: search-query-qualifiers.ts.
 */

import { lex, type Lexeme, type QualifierName } from './search-query-lexer';
import { qualifier } from './search-query-qualifiers';
import { TEXT_FIELDS, type SearchNode, type SearchQuery, type SearchSort, type Span, type TextField } from './search-query-tree';

export { isQualifierName, usesAdvancedSyntax, type QualifierName } from './search-query-lexer';
export {
  REACTION_SORT_KEYS,
  SEARCH_SORT_FIELDS,
  TEXT_FIELDS,
  type CountField,
  type StateReason,
  type DateField,
  type DateRange,
  type MissingField,
  type NumberRange,
  type SearchNode,
  type SearchQuery,
  type SearchSort,
  type SearchSortField,
  type SearchTerm,
  type Span,
  type TextField,
  type UserRole,
} from './search-query-tree';

/** Why a query was refused: a message a person can act on, and where in the query. */
export interface SearchSyntaxError {
  message: string;
  span: Span;
}

export type SearchParseResult = { ok: true; query: SearchQuery } | { ok: false, errors: SearchSyntaxError[] };

export interface SearchParseOptions {
  /** `advanced_search=true`: `AND`, `OR` and parentheses are operators, as in GitHub's advanced issue search */
  advanced: boolean;
}

/**
 * The tokens of a text as every engine indexes and matches them: runs of
 * Unicode letters and digits, lower-cased, with diacritics removed (SQLite
 * FTS5's `unicode61 remove_diacritics 2` tokenizer does the same).
 */
export function searchTokens(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** GitHub: "You can't nest more than five levels of parentheses" (advanced issue search). */
export const MAX_NESTING_DEPTH = 5;
/**
 * GitHub's REST search page, "Limitations on query length": a query may not be "longer than 256
 * characters (not including operators or qualifiers)".
 */
export const MAX_TEXT_LENGTH = 256;
/** The same page: a query may not "have more than five `AND`, `OR`, or `NOT` operators". */
export const MAX_OPERATORS = 5;

/** The qualifiers that say where to search: several are one search over all they name. */
const SCOPE_QUALIFIERS: ReadonlySet<string> = new Set(['repo', 'user', 'org']);

/**
 * Parses `q` (spec of the tree: the header of search-query-tree.ts). Whitespace-separated
 * terms all apply (AND); with `advanced`, `OR`, `AND` and parentheses group
 * them (AND binds tighter than OR). Refuses, with messages that say where:
 * unknown values of known qualifiers, unbalanced parentheses, nesting deeper
 * than five levels, negated `in:` or `sort:`, and text over 256 characters.
 */
export function parseSearchQuery(q: string, options: SearchParseOptions): SearchParseResult {
  const lexemes = lex(q, options.advanced);
  const errors: SearchSyntaxError[] = [];
  const fields = new Set<TextField>();
  let sort: SearchSort | null = null;
  let pos = 0;
  const peek = (): Lexeme | undefined => lexemes[pos];

  function parseOr(depth: number): SearchNode | null {
    const operands: SearchNode[] = [];
    let or: Lexeme | null = null;
    // A lone `OR` lacks a term on both sides: it is one mistake, said once.
    let reported: Lexeme | null = null;
    for (;;) {
      const and = parseAnd(depth);
      const at = or ?? (peek()?.type === 'or' ? (peek() ?? null) : null);
      if (and) operands.push(and);
      else if (at !== null && at !== reported) {
        errors.push({ message: 'OR needs a term on each side', span: at.span });
        reported = at;
      }
      const next = peek();
      if (next?.type !== 'or') break;
      pos++;
      or = next;
    }
    if (operands.length <= 1) return operands[0] ?? null;
    return { kind: 'or', operands };
  }

  function parseAnd(depth: number): SearchNode | null {
    const operands: SearchNode[] = [];
    let and: Lexeme | null = null;
    for (;;) {
      const next = peek();
      if (next === undefined || next.type === 'or' || next.type === 'close') break;
      if (next.type === 'and') {
        pos++;
        if (operands.length === 0 || and !== null) errors.push({ message: 'AND needs a term on each side', span: next.span });
        and = next;
        continue;
      }
      and = null;
      const node = parseUnary(depth);
      if (node === null) continue;
      if (node.kind === 'and') operands.push(...node.operands);
      else operands.push(node);
    }
    if (and !== null) errors.push({ message: 'AND needs a term on each side', span: and.span });
    const merged = mergeAlternatives(operands);
    if (merged.length <= 1) return merged[0] ?? null;
    return { kind: 'and', operands: merged };
  }

  function parseUnary(depth: number): SearchNode | null {
    const next = peek();
    if (next?.type === 'not' || next?.type === 'minus') {
      pos++;
      const operandAt = peek();
      if (operandAt?.type === 'qualifier' && (operandAt.name === 'in' || operandAt.name === 'sort')) {
        pos++;
        errors.push({ message: `${operandAt.name}: cannot be negated`, span: { start: next.span.start, end: operandAt.span.end } });
        return null;
      }
      const operand = parseUnary(depth);
      if (operand === null) {
        errors.push({ message: `${next.type === 'not' ? 'NOT' : '-'} needs a term after it`, span: next.span });
        return null;
      }
      return { kind: 'not', operand, span: { start: next.span.start, end: spanEnd(operand, next.span.end) } };
    }
    return parsePrimary(depth);
  }

  function parsePrimary(depth: number): SearchNode | null {
    const next = peek();
    if (next === undefined) return null;
    pos++;
    switch (next.type) {
      case 'open': {
        if (depth + 1 > MAX_NESTING_DEPTH) errors.push({ message: `parentheses can be nested at most ${MAX_NESTING_DEPTH} levels deep`, span: next.span });
        const inner = parseOr(depth + 1);
        const close = peek();
        if (close?.type === 'close') pos++;
        else errors.push({ message: 'this parenthesis is never closed', span: next.span });
        if (inner === null) errors.push({ message: 'empty parentheses', span: next.span });
        return inner;
      }
      case 'phrase':
      case 'word':
        return { kind: 'text', text: next.text, phrase: next.type === 'phrase', span: next.span };
      case 'qualifier': {
        // "It's not currently possible to include the repo, org, or user qualifiers within
        // parentheses" (GitHub's "Filtering and searching issues and pull requests").
        // The term still stands in the tree, so the refusal says this alone, not that an OR lacks a side.
        if (depth > 0 && SCOPE_QUALIFIERS.has(next.name)) {
          errors.push({ message: `${next.name}: cannot be used inside parentheses, as on GitHub: put repo:, org: and user: outside them`, span: next.span });
        }
        const meaning = qualifier(next.name as QualifierName, next.value, next.quoted, next.span);
        if ('error' in meaning) errors.push({ message: meaning.error, span: next.span });
        else if ('fields' in meaning) for (const f of meaning.fields) fields.add(f);
        else if ('sort' in meaning) sort = meaning.sort;
        else return meaning.node;
        return null;
      }
      default:
        // `close`, `and`, `or` reach here only where no term may stand.
        errors.push({ message: `unexpected ${next.type === 'close' ? '")"' : next.type.toUpperCase()}`, span: next.span });
        return null;
    }
  }

  let where: SearchNode | null = null;
  while (pos < lexemes.length) {
    const part = parseOr(0);
    if (part) where = where === null ? part : { kind: 'and', operands: [...(where.kind === 'and' ? where.operands : [where]), part] };
    const stray = peek();
    if (stray !== undefined) {
      pos++;
      errors.push({ message: stray.type === 'close' ? 'this parenthesis closes nothing' : `unexpected ${stray.type}`, span: stray.span });
    }
  }
  const operators = lexemes.filter((l) => l.type === 'and' || l.type === 'or' || l.type === 'not');
  const tooMany = operators[MAX_OPERATORS];
  if (tooMany) errors.push({ message: `a search may use at most ${MAX_OPERATORS} AND, OR and NOT operators`, span: tooMany.span });
  if (textLength(q, lexemes) > MAX_TEXT_LENGTH) errors.push({ message: `the text of a search may be at most ${MAX_TEXT_LENGTH} characters, not counting qualifiers and operators`, span: { start: 0, end: q.length } });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, query: { where, fields: fields.size === 0 ? [...TEXT_FIELDS] : TEXT_FIELDS.filter((f) => fields.has(f)), sort } };
}

/**
 * The length GitHub's limit counts: the query without its qualifiers and operators (`AND`, `OR`,
 * `NOT`, `-`, parentheses), runs of spaces as one, in characters (code points).
 */
function textLength(q: string, lexemes: readonly Lexeme[]): number {
  let text = '';
  let from = 0;
  for (const l of lexemes) {
    if (l.type === 'word' || l.type === 'phrase') continue;
    text += `${q.slice(from, l.span.start)} `;
    from = l.span.end;
  }
  text += q.slice(from);
  return [...text.replace(/\s+/g, ' ').trim()].length;
}

const isScope = (n: SearchNode): boolean => n.kind === 'repo' || n.kind === 'owner';
const isInvolves = (n: SearchNode): boolean => n.kind === 'user' && n.role === 'involves';

/**
 * Terms GitHub reads as one OR though spaces separate them: every `repo:`, `user:` and `org:`
 * ("any spaces will be treated as an OR operator" for them, "Filtering and searching issues and
 * pull requests"), and every `involves:` ("involves:defunkt involves:jlord matches issues either
 * @defunkt or @jlord are involved in", "Searching issues and pull requests"). Each group becomes
 * one OR where its first term stood; comma lists of them join it. Negated terms stay apart.
 */
function mergeAlternatives(operands: readonly SearchNode[]): SearchNode[] {
  const groups = [isScope, isInvolves];
  const out: SearchNode[] = [];
  const merged = new Map<(n: SearchNode) => boolean, { kind: 'or'; operands: SearchNode[] }>();
  for (const node of operands) {
    const group = groups.find((g) => g(node) || (node.kind === 'or' && node.operands.length > 0 && node.operands.every(g)));
    if (group === undefined) {
      out.push(node);
      continue;
    }
    const alternatives = node.kind === 'or' ? node.operands : [node];
    const existing = merged.get(group);
    if (existing) existing.operands.push(...alternatives);
    else {
      const or = { kind: 'or' as const, operands: [...alternatives] };
      merged.set(group, or);
      out.push(or);
    }
  }
  // A group of one stays the term itself.
  const made = new Set<SearchNode>(merged.values());
  return out.map((n) => (made.has(n) && n.kind === 'or' && n.operands.length === 1 ? (n.operands[0] as SearchNode) : n));
}

function spanEnd(node: SearchNode, fallback: number): number {
  if ('span' in node) return node.span.end;
  const last = node.operands[node.operands.length - 1];
  return last ? spanEnd(last, fallback) : fallback;
}
