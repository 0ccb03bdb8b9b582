/**
 * Generated repositories and searches for the property tests that hold a search engine to the
 * reference evaluator (search-reference.ts): sqlite-search.property.test.ts and
 * postgres-search.property.integration.test.ts draw from the same data and queries.
 */
import fc from 'fast-check';
import {
  SEARCH_SORT_FIELDS,
  TEXT_FIELDS,
  type CountField,
  type DateField,
  type MissingField,
  type SearchNode,
  type SearchSort,
  type SearchTerm,
  type StateReason,
  type TextField,
  type UserRole,
} from '../../src/shared/search-query';
import type { ImportedIssue } from '../../src/server/store/import-schema';

export const SPAN = { start: 0, end: 0 };
/** Case and diacritic variants of a few words, so folding is exercised both ways. */
export const WORDS = ['crash', 'Crash', 'CRASH', 'café', 'cafe', 'CAFÉ', 'naïve', 'naive', 'résumé', 'resume', 'page', 'empty', 'foo-bar', 'foo', 'bar', '42', 'x1', 'Ünïcode'];
export const LOGINS = ['alice', 'Bob', 'carol', 'dave'];
export const LABELS = ['bug', 'Bug', 'help wanted', 'Über', 'über'];
export const MILESTONES = [
  { number: 1, title: 'v1.0' },
  { number: 2, title: 'Ünïcode' },
];
export const DAYS = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04'];
export const REPOS = [
  { owner: 'acme', name: 'rocket', isPrivate: false },
  { owner: 'Acme', name: 'secret', isPrivate: true },
  { owner: 'beta', name: 'Tools', isPrivate: false },
] as const;

/** Half the texts start with `common`, so it is found in most issues: a word that cannot rank, and walks the issues in order. */
export const text = fc
  .tuple(fc.constantFrom('', 'common '), fc.array(fc.constantFrom(...WORDS, '@alice', '@Bob', 'and', '.'), { maxLength: 8 }))
  .map(([first, words]) => first + words.join(' '));
export const instant = fc.tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 23 })).map(([d, h]) => `${d}T${String(h).padStart(2, '0')}:00:00Z`);
const user = fc.constantFrom(...LOGINS).map((login) => ({ login }));

export interface GeneratedIssue {
  issue: Omit<ImportedIssue, 'number'>;
  comments: Array<{ user: { login: string } | null; body: string; createdAt: string }>;
}

const reactionCount = fc.integer({ min: 0, max: 3 });

/**
 * Issues as GitHub answers them, so the reference reads them as they are: every time in one ISO
 * form (second precision, `Z`), so a string's order is the time's; a `reactions.total_count`
 * that is the sum of the kinds; a `state_reason` its state can have (an open issue's only one is
 * `reopened`, a closed one's any other, or none on an issue closed before GitHub kept reasons).
 */
const isoSeconds = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function stateReasonOf(open: boolean, drawn: StateReason | null): StateReason | null {
  if (open) return drawn === 'reopened' ? drawn : null;
  return drawn === 'reopened' ? null : drawn;
}

const generatedIssue = fc
  .record({
    title: text,
    body: fc.option(text),
    user: fc.option(user, { freq: 6 }),
    labels: fc.uniqueArray(fc.constantFrom(...LABELS), { maxLength: 2, selector: (l) => l.toLowerCase() }),
    assignees: fc.uniqueArray(user, { maxLength: 2, selector: (u) => u.login }),
    milestone: fc.option(fc.constantFrom(...MILESTONES)),
    closedAt: fc.option(instant),
    isPull: fc.boolean(),
    created: instant,
    updatedHours: fc.integer({ min: 0, max: 60 }),
    commentCount: fc.integer({ min: 0, max: 4 }),
    comments: fc.array(fc.record({ user: fc.option(user, { freq: 6 }), body: text, createdAt: instant }), { maxLength: 3 }),
    locked: fc.boolean(),
    stateReason: fc.option(fc.constantFrom<StateReason>('completed', 'not_planned', 'reopened', 'duplicate')),
    mergedAt: fc.option(instant),
    draft: fc.option(fc.boolean()),
    // Issue 47: a type, and a parent among the repository's first numbers (missing ones too).
    type: fc.option(fc.constantFrom('Bug', 'Feature', 'Task')),
    parent: fc.option(fc.integer({ min: 1, max: 8 })),
    // Kinds left out count 0.
    reactions: fc.option(
      fc.record(
        { '+1': reactionCount, '-1': reactionCount, laugh: reactionCount, hooray: reactionCount, confused: reactionCount, heart: reactionCount, rocket: reactionCount, eyes: reactionCount },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    ),
  })
  .map(
    (g): GeneratedIssue => ({
      issue: {
        title: g.title,
        body: g.body,
        user: g.user,
        labels: g.labels,
        state: g.closedAt === null ? 'open' : 'closed',
        locked: g.locked,
        state_reason: stateReasonOf(g.closedAt === null, g.stateReason),
        ...(g.reactions === undefined ? {} : { reactions: { ...g.reactions, total_count: Object.values(g.reactions).reduce((sum, n) => sum + n, 0) } }),
        assignees: g.assignees,
        milestone: g.milestone,
        comments: g.commentCount,
        created_at: g.created,
        updated_at: isoSeconds(Date.parse(g.created) + g.updatedHours * 3_600_000),
        closed_at: g.closedAt === null ? null : isoSeconds(Math.max(Date.parse(g.closedAt), Date.parse(g.created))),
        ...(g.isPull ? { pull_request: { merged_at: g.mergedAt }, ...(g.draft === null ? {} : { draft: g.draft }) } : {}),
        ...(g.type === null || g.isPull ? {} : { type: { name: g.type, color: null } }),
        ...(g.parent === null || g.isPull ? {} : { parent_issue_url: `https://api.github.com/repos/any/where/issues/${g.parent}` }),
      },
      comments: g.comments,
    }),
  );

const repository = fc.array(generatedIssue, { maxLength: 7 });
export const dataset = fc.tuple(repository, repository, repository);

const repoNames = [...REPOS.map((r) => [r.owner, r.name] as const), ['ACME', 'ROCKET'] as const, ['nobody', 'nothing'] as const];
/** `repo:` and `user:`/`org:` over the generated repositories, a private one and names nobody holds. */
const scopeTerm = fc.oneof(
  fc.constantFrom(...repoNames).map(([owner, name]): SearchTerm => ({ kind: 'repo', owner, name, span: SPAN })),
  fc.constantFrom('acme', 'BETA', 'nobody').map((login): SearchTerm => ({ kind: 'owner', login, span: SPAN })),
);

/** `syntax`: an engine's own query syntax typed as text, which must read as the words in it. */
function leaf(syntax: readonly string[]): fc.Arbitrary<SearchTerm> {
  const range = fc.tuple(fc.option(instant), fc.option(fc.constantFrom(...DAYS).map((d) => `${d}T00:00:00Z`)));
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(text, fc.boolean()).map(([t, phrase]): SearchTerm => ({ kind: 'text', text: t, phrase, span: SPAN })) },
    fc.constantFrom(...WORDS, 'common').map((t): SearchTerm => ({ kind: 'text', text: t, phrase: false, span: SPAN })),
    fc.constantFrom(...syntax).map((t): SearchTerm => ({ kind: 'text', text: t, phrase: false, span: SPAN })),
    scopeTerm,
    fc.constantFrom('issue' as const, 'pr' as const).map((value): SearchTerm => ({ kind: 'type', value, span: SPAN })),
    fc.constantFrom('open' as const, 'closed' as const).map((value): SearchTerm => ({ kind: 'state', value, span: SPAN })),
    fc.constantFrom(...LABELS, 'BUG', 'ÜBER', 'missing').map((name): SearchTerm => ({ kind: 'label', name, span: SPAN })),
    fc.constantFrom<MissingField>('label', 'assignee', 'milestone').map((field): SearchTerm => ({ kind: 'missing', field, span: SPAN })),
    fc
      .tuple(fc.constantFrom<UserRole>('author', 'assignee', 'mentions', 'commenter', 'involves'), fc.constantFrom(...LOGINS, 'ALICE', 'bob', 'CAROL', 'ghost', 'nobody'))
      .map(([role, login]): SearchTerm => ({ kind: 'user', role, login, span: SPAN })),
    fc.constantFrom('v1.0', 'V1.0', 'ünïcode', 'none').map((title): SearchTerm => ({ kind: 'milestone', title, span: SPAN })),
    fc
      .tuple(fc.constantFrom<DateField>('created', 'updated', 'closed', 'merged'), range)
      .map(([field, [from, to]]): SearchTerm => ({ kind: 'date', field, range: { from, to }, span: SPAN })),
    fc
      .tuple(fc.option(fc.integer({ min: 0, max: 4 })), fc.option(fc.integer({ min: 0, max: 4 })))
      .map(([min, max]): SearchTerm => ({ kind: 'comments', range: { min, max }, span: SPAN })),
    fc
      .tuple(fc.constantFrom<CountField>('reactions', 'interactions'), fc.option(fc.integer({ min: 0, max: 12 })), fc.option(fc.integer({ min: 0, max: 12 })))
      .map(([field, min, max]): SearchTerm => ({ kind: 'count', field, range: { min, max }, span: SPAN })),
    fc.tuple(fc.constantFrom('merged' as const, 'draft' as const, 'locked' as const), fc.boolean()).map(([kind, value]): SearchTerm => ({ kind, value, span: SPAN })),
    fc.constantFrom('public' as const, 'private' as const).map((value): SearchTerm => ({ kind: 'visibility', value, span: SPAN })),
    fc.constantFrom<StateReason>('completed', 'not_planned', 'reopened', 'duplicate').map((value): SearchTerm => ({ kind: 'reason', value, span: SPAN })),
    fc.constantFrom('Bug', 'bug', 'FEATURE', 'Task', 'Nothing').map((name): SearchTerm => ({ kind: 'issueType', name, span: SPAN })),
    fc.constantFrom('sub-issues' as const, 'parent-issue' as const).map((link): SearchTerm => ({ kind: 'subIssueLink', link, span: SPAN })),
    fc
      .tuple(fc.constantFrom(...repoNames), fc.integer({ min: 1, max: 8 }))
      .map(([[owner, name], number]): SearchTerm => ({ kind: 'parentIssue', owner, name, number, span: SPAN })),
  );
}

const tree = (syntax: readonly string[]): fc.Arbitrary<SearchNode> => fc.letrec<{ node: SearchNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    { weight: 4, arbitrary: leaf(syntax) },
    tie('node').map((operand): SearchNode => ({ kind: 'not', operand, span: SPAN })),
    fc.array(tie('node'), { maxLength: 3 }).map((operands): SearchNode => ({ kind: 'and', operands })),
    // An OR of nothing matches nothing: the parser writes `archived:true` so (search-query-qualifiers.ts).
    fc.array(tie('node'), { maxLength: 3 }).map((operands): SearchNode => ({ kind: 'or', operands })),
  ),
})).node;

const sort = fc.option(
  fc.record({ field: fc.constantFrom(...SEARCH_SORT_FIELDS), order: fc.constantFrom('asc' as const, 'desc' as const) }),
);
const fields = fc.subarray([...TEXT_FIELDS], { minLength: 1 });

export interface Search {
  where: SearchNode | null;
  fields: TextField[];
  sort: SearchSort | null;
  privateRepoIds: number[];
}

/** Text within one repository, the common shape of a search, whose plan depends on how many issues the text matches. */
const inOneRepository = (syntax: readonly string[]) => fc
  .tuple(fc.constantFrom(...REPOS), fc.constantFrom('common', 'crash', 'café', 'common crash'), fc.option(tree(syntax), { freq: 2 }))
  .map(([r, t, more]): SearchNode => ({
    kind: 'and',
    operands: [{ kind: 'repo', owner: r.owner, name: r.name, span: SPAN }, { kind: 'text', text: t, phrase: false, span: SPAN }, ...(more ? [more] : [])],
  }));

/**
 * Several `repo:`, `user:` and `org:` as the parser reads them (search-query.ts): one OR of them
 * beside the rest of the query, which the engines read as the repositories to search.
 */
const inSeveralScopes = (syntax: readonly string[]) => fc
  .tuple(fc.array(scopeTerm, { minLength: 2, maxLength: 3 }), fc.option(tree(syntax), { freq: 2 }))
  .map(([scopes, more]): SearchNode => ({ kind: 'and', operands: [{ kind: 'or', operands: scopes }, ...(more ? [more] : [])] }));

/** Searches over the generated repositories, with `syntax` among their text leaves. */
export const searchArbitrary = (syntax: readonly string[]) => fc.record({
  where: fc.option(fc.oneof({ weight: 3, arbitrary: tree(syntax) }, inOneRepository(syntax), inSeveralScopes(syntax)), { freq: 8 }),
  fields,
  sort,
  privateRepoIds: fc.subarray([1, 2, 3]),
});


function hasText(node: SearchNode | null): boolean {
  if (node === null) return false;
  if (node.kind === 'text') return true;
  if (node.kind === 'not') return hasText(node.operand);
  if (node.kind === 'and' || node.kind === 'or') return node.operands.some(hasText);
  return false;
}

/** Whether an engine must give the reference's order: a ranked search (text, no explicit sort) orders by each engine's own score. */
export function hasDefinedOrder(s: Search): boolean {
  return s.sort !== null || !hasText(s.where);
}
