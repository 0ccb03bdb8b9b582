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
 * - `reactions`, `interactions`: the issue's reactions (all kinds together), or its reactions
 *   and comments together, lie in [min, max].
 * - `merged`: a pull request merged (true) or not merged, open or closed (false); never an issue.
 * - `draft`: a pull request that is a draft (true) or ready for review (false); never an issue.
 * - `locked`: the conversation is locked (true) or not (false).
 * - `visibility`: the issue's repository is public or private.
 * - `reason`: an issue (never a pull request) whose `state_reason` is this one.
 * - `issueType`: the issue's type has this name, compared without case in ASCII letters.
 * - `subIssueLink`: the issue has sub-issues, or has a parent issue.
 * - `parentIssue`: the issue is a sub-issue of issue `number` of that repository.
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
export type DateField = 'created' | 'updated' | 'closed' | 'merged';
export type MissingField = 'label' | 'assignee' | 'milestone';
export type SubIssueLink = 'sub-issues' | 'parent-issue';
export type CountField = 'reactions' | 'interactions';
/** The `state_reason` values GitHub gives an issue (OpenAPI `issue.state_reason`). */
export type StateReason = 'completed' | 'not_planned' | 'reopened' | 'duplicate';

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
  | { kind: 'comments'; range: NumberRange; span: Span }
  /** `reactions:N`, `interactions:N` (reactions and comments together) */
  | { kind: 'count'; field: CountField; range: NumberRange; span: Span }
  /** `is:merged` (true), `is:unmerged` (false): pull requests only */
  | { kind: 'merged'; value: boolean; span: Span }
  /** `is:draft`, `draft:true` (true), `draft:false` (false): pull requests only */
  | { kind: 'draft'; value: boolean; span: Span }
  /** `is:locked` (true), `is:unlocked` (false) */
  | { kind: 'locked'; value: boolean; span: Span }
  /** `is:public`, `is:private`: the repository's visibility */
  | { kind: 'visibility'; value: 'public' | 'private'; span: Span }
  /** `reason:completed`, `reason:"not planned"` …: the issue's `state_reason` */
  | { kind: 'reason'; value: StateReason; span: Span }
  /** `type:Bug`, `type:"Feature request"`: the issue type's name */
  | { kind: 'issueType'; name: string; span: Span }
  /** `has:sub-issues`, `has:parent-issue` (`no:` is their NOT) */
  | { kind: 'subIssueLink'; link: SubIssueLink; span: Span }
  /** `parent-issue:OWNER/REPO#N` */
  | { kind: 'parentIssue'; owner: string; name: string; number: number; span: Span };

export type SearchNode =
  | SearchTerm
  | { kind: 'not'; operand: SearchNode; span: Span }
  | { kind: 'and'; operands: SearchNode[] }
  | { kind: 'or'; operands: SearchNode[] };

/**
 * The orders GitHub's `sort` parameter names (OpenAPI of `GET /search/issues`). `reactions-smile`,
 * `-thinking_face` and `-tada` are the `laugh`, `confused` and `hooray` counts of the reactions
 * rollup; `interactions` is reactions and comments together.
 */
export const SEARCH_SORT_FIELDS = [
  'created', 'updated', 'comments', 'reactions', 'reactions-+1', 'reactions--1', 'reactions-smile',
  'reactions-thinking_face', 'reactions-heart', 'reactions-tada', 'interactions',
] as const;
export type SearchSortField = (typeof SEARCH_SORT_FIELDS)[number];

/**
 * The key of an issue's `reactions` rollup each reaction order counts: GitHub's sort names the
 * emoji (`smile`, `thinking_face`, `tada`), the rollup its reaction (`laugh`, `confused`, `hooray`).
 */
export const REACTION_SORT_KEYS: Partial<Record<SearchSortField, string>> = {
  reactions: 'total_count',
  'reactions-+1': '+1',
  'reactions--1': '-1',
  'reactions-smile': 'laugh',
  'reactions-thinking_face': 'confused',
  'reactions-heart': 'heart',
  'reactions-tada': 'hooray',
};

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
