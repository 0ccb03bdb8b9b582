/**
 * The scope qualifiers (`repo:`, `org:`, `user:`) of a query the person typed,
 * kept out of the group the app adds around it (issue 45). GitHub's advanced
 * search refuses them inside parentheses ("It's not currently possible to
 * include the `repo`, `org`, or `user` qualifiers within parentheses") and
 * reads them as the search's scope wherever they stand: "any spaces will be
 * treated as an `OR` operator" between them, never an `AND` with the terms
 * beside them ("Filtering and searching issues and pull requests", building
 * advanced filters). So `repo:acme/widgets bug OR crash` is a search of
 * acme/widgets for `bug OR crash`, and the app sends
 * `repo:acme/widgets (bug OR crash)` after its own `repo:`, never
 * `(repo:acme/widgets bug OR crash)`, a 422 for parentheses nobody typed.
 * Scope qualifiers inside the person's own parentheses stay where they are:
 * the service refuses them there, as GitHub does, and says so.
 *
 * Part of the lazy query tools: only a query with a `q` is grouped.
 */
import { lex, usesAdvancedSyntax, type Lexeme } from '../../../shared/search-query-lexer';

const SCOPE_QUALIFIERS: ReadonlySet<string> = new Set(['repo', 'org', 'user']);

export interface ScopedQuery {
  /** the scope qualifiers written outside any parenthesis, as typed (with a `-` or `NOT` before them) */
  scopes: string[];
  /** the rest of the query, as typed, without them and without an `AND`/`OR` left joining nothing */
  rest: string;
}

const isOperator = (l: Lexeme | undefined): boolean => l?.type === 'and' || l?.type === 'or';

/** An `AND`/`OR` with no term on one side once the scopes are out: at a group's start or end, or next to another. */
function danglingOperators(kept: readonly Lexeme[]): Set<Lexeme> {
  const dangling = new Set<Lexeme>();
  let previous: Lexeme | undefined;
  for (let i = 0; i < kept.length; i++) {
    const here = kept[i];
    if (here === undefined || !isOperator(here)) {
      previous = here;
      continue;
    }
    const next = kept[i + 1];
    const startsGroup = previous === undefined || previous.type === 'open' || isOperator(previous);
    const endsGroup = next === undefined || next.type === 'close';
    if (startsGroup || endsGroup) dangling.add(here);
    else previous = here;
  }
  return dangling;
}

/** Splits the scope qualifiers outside parentheses from the rest of an advanced query. */
export function splitScopes(q: string): ScopedQuery {
  const lexemes = lex(q, true);
  const lifted = new Set<Lexeme>();
  const scopes: string[] = [];
  let depth = 0;
  lexemes.forEach((l, i) => {
    if (l.type === 'open') depth++;
    if (l.type === 'close') depth = Math.max(0, depth - 1);
    if (depth > 0 || l.type !== 'qualifier' || !SCOPE_QUALIFIERS.has(l.name)) return;
    // `-repo:x` and `NOT repo:x` go out with their negation.
    let from = i;
    while (from > 0 && (lexemes[from - 1]?.type === 'minus' || lexemes[from - 1]?.type === 'not')) from--;
    const start = lexemes[from]?.span.start ?? l.span.start;
    for (let k = from; k <= i; k++) lifted.add(lexemes[k] as Lexeme);
    scopes.push(q.slice(start, l.span.end));
  });
  if (lifted.size === 0) return { scopes, rest: q.trim() };
  const kept = lexemes.filter((l) => !lifted.has(l));
  const removed = new Set([...lifted, ...danglingOperators(kept)]);
  // Cut the removed lexemes (and the spaces after each) out of the text; the rest stays as typed.
  let rest = '';
  let at = 0;
  for (const l of lexemes) {
    if (!removed.has(l)) continue;
    rest += q.slice(at, l.span.start);
    at = l.span.end;
    while (at < q.length && /\s/.test(q.charAt(at))) at++;
  }
  rest += q.slice(at);
  return { scopes, rest: rest.trim() };
}

/**
 * The query as sent after the app's own `repo:OWNER/NAME`: as typed, or, with
 * advanced syntax, grouped (so an `OR` stays inside it) with the scope
 * qualifiers outside the group.
 */
export function searchRequestText(q: string, advanced: boolean): string {
  if (!advanced) return q.trim();
  const { scopes, rest } = splitScopes(q);
  return [...scopes, ...(rest === '' ? [] : [`(${rest})`])].join(' ');
}

/** What a search for `q` sends: whether it needs `advanced_search=true`, and its text after the view's `repo:`. */
export interface SearchRequest {
  advanced: boolean;
  text: string;
}

export function searchRequestOf(q: string): SearchRequest {
  const advanced = usesAdvancedSyntax(q);
  return { advanced, text: searchRequestText(q, advanced) };
}
