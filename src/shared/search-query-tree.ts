/**
 * The syntax tree of a search (search-query.ts parses a query into it).
 *
 * What the tree means, for every engine (the reference evaluator in the tests
 * holds each engine to it):
 * - `text`: the words' tokens appear in this order, next to each other, in one
 *   of the fields the query searches (`fields`). A token is a run of Unicode
 *   letters and digits, compared without case and without diacritics; a word
 *   such as `foo-bar` is the phrase "foo bar". A text with no tokens (`--`)
 *   matches every issue.
 * - `label`, `user`, `repo`, `owner`, `milestone`: names compared without case.
 *   A `user` login of `@me` is left as written: the service reads it as the caller.
 * - `date`: the instant lies in [from, to); a day given without a time covers
 *   that whole day in UTC.
 * - `comments`: the count lies in [min, max].
 * - `and`, `or`, `not`: as in logic.
 */

export interface Span {
  /** offset of the term's first character in the query */
  start: number;
  /** offset just past its last character */
  end: number;
}

export type TextField = 'title' | 'body' | 'comments';
export const TEXT_FIELDS: readonly TextField[] = ['title', 'body', 'comments'];

/** Who an issue involves: its author, an assignee, someone mentioned, a commenter, or any of them. */
export type UserRole = 'author' | 'assignee' | 'mentions' | 'commenter' | 'involves';
export type DateField = 'created' | 'updated' | 'closed';
export type MissingField = 'label' | 'assignee' | 'milestone';

/** ISO 8601 instants in the spec's form (`YYYY-MM-DDTHH:MM:SSZ`): `from` inclusive, `to` exclusive; null is unbounded. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

/** Whole numbers, both ends inclusive; null is unbounded. */
export interface NumberRange {
  min: number | null;
  max: number | null;
}

/** One condition an issue meets or not. */
export type SearchTerm =
  | { kind: 'text'; text: string; phrase: boolean; span: Span }
  | { kind: 'repo'; owner: string; name: string; span: Span }
  /** `user:` / `org:`: repositories of this account */
  | { kind: 'owner'; login: string; span: Span }
  /** `is:issue`, `is:pr`, `type:issue`, `type:pr` */
  | { kind: 'type'; value: 'issue' | 'pr'; span: Span }
  /** `is:open`, `is:closed`, `state:open`, `state:closed` */
  | { kind: 'state'; value: 'open' | 'closed'; span: Span }
  | { kind: 'label'; name: string; span: Span }
  /** `no:label`, `no:assignee`, `no:milestone` */
  | { kind: 'missing'; field: MissingField; span: Span }
  | { kind: 'user'; role: UserRole; login: string; span: Span }
  /** by the milestone's title, as GitHub's search does */
  | { kind: 'milestone'; title: string; span: Span }
  | { kind: 'date'; field: DateField; range: DateRange; span: Span }
  | { kind: 'comments'; range: NumberRange; span: Span };

export type SearchNode =
  | SearchTerm
  | { kind: 'not'; operand: SearchNode; span: Span }
  | { kind: 'and'; operands: SearchNode[] }
  | { kind: 'or'; operands: SearchNode[] };

export type SearchSortField = 'created' | 'updated' | 'comments';

export interface SearchSort {
  field: SearchSortField;
  order: 'asc' | 'desc';
}

export interface SearchQuery {
  /** what an issue must meet; null when the query names nothing to meet (every issue the caller may see) */
  where: SearchNode | null;
  /** where text terms look (`in:`): all three when the query names none */
  fields: TextField[];
  /** `sort:` in the query, which wins over the `sort` and `order` parameters; null when absent */
  sort: SearchSort | null;
}
