/**
 * The meaning of a search's syntax tree (src/shared/search-query.ts), evaluated plainly over
 * the imported issue objects, with no index and no SQL: what every storage engine's
 * `searchIssues` is held to by the property tests. Each qualifier is the rule docs/search.md
 * states after GitHub's "Searching issues and pull requests", read off the issue as GitHub
 * answers it (search-arbitraries.ts generates such issues, so nothing here repeats what the
 * import makes of odd ones).
 */
import { REACTION_SORT_KEYS, type DateField, type SearchNode, type SearchQuery, type SearchSort, type SearchTerm, type StateReason, type TextField } from '../../src/shared/search-query';
import { mentionsIn, parentNumberOf } from '../../src/server/store/build-documents';
import type { ImportedComment, ImportedIssue } from '../../src/server/store/import-schema';
import { soughtRuns } from '../../src/shared/search-word-forms';

export interface ReferenceRepo {
  id: number;
  owner: string;
  name: string;
  isPrivate: boolean;
  issues: readonly ImportedIssue[];
  comments: readonly ImportedComment[];
}

export interface ReferenceHit {
  repoId: number;
  number: number;
}

/** A token: a run of letters and digits, compared without case and without diacritics. */
export function referenceTokens(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((t, j) => haystack[i + j] === t)) return true;
  }
  return false;
}

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
/** Issue type names compare without case in ASCII letters, as the engines' `lower()`. */
const lowerAscii = (text: string): string => text.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

/** One issue as search sees it. */
class Candidate {
  readonly comments: ImportedComment[];

  constructor(
    readonly repo: ReferenceRepo,
    readonly issue: ImportedIssue,
  ) {
    // The comments field is one text, the comments in the order they were written (times in one ISO form compare as strings).
    this.comments = repo.comments
      .filter((c) => c.issue_url.endsWith(`/issues/${issue.number}`))
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));
  }

  text(field: TextField): string {
    if (field === 'title') return this.issue.title;
    if (field === 'body') return this.issue.body ?? '';
    return this.comments.map((c) => c.body ?? '').join('\n');
  }

  get author(): string {
    return this.issue.user?.login ?? 'ghost';
  }

  get assignees(): string[] {
    return (this.issue.assignees ?? []).map((u) => u.login);
  }

  get mentioned(): string[] {
    return [this.issue.body, ...this.comments.map((c) => c.body)].flatMap((t) => mentionsIn(t));
  }

  get commenters(): string[] {
    return this.comments.map((c) => c.user?.login ?? 'ghost');
  }

  get labels(): string[] {
    return this.issue.labels.map((l) => (typeof l === 'string' ? l : l.name));
  }

  /** One kind of reaction, by the rollup's key (`+1`, `laugh` …), or all together (`total_count`). */
  reactions(key: string): number {
    return (this.issue.reactions as Record<string, number> | undefined)?.[key] ?? 0;
  }

  get interactions(): number {
    return this.issue.comments + this.reactions('total_count');
  }

  /** docs/search.md: an issue closed without a reason was closed as completed. */
  get stateReason(): StateReason | null {
    return this.issue.state_reason ?? (this.issue.state === 'closed' ? 'completed' : null);
  }

  date(field: DateField): string | null {
    if (field === 'merged') return this.issue.pull_request?.merged_at ?? null;
    if (field === 'closed') return this.issue.closed_at ?? null;
    return field === 'created' ? this.issue.created_at : this.issue.updated_at;
  }
}

function meets(c: Candidate, node: SearchNode, fields: readonly TextField[]): boolean {
  switch (node.kind) {
    case 'and':
      return node.operands.every((o) => meets(c, o, fields));
    case 'or':
      return node.operands.some((o) => meets(c, o, fields));
    case 'not':
      return !meets(c, node.operand, fields);
    default:
      return meetsTerm(c, node, fields);
  }
}

function meetsTerm(c: Candidate, term: SearchTerm, fields: readonly TextField[]): boolean {
  switch (term.kind) {
    case 'text': {
      const tokens = referenceTokens(term.text);
      if (tokens.length === 0) return true;
      // A lone word not quoted is any of its forms (shared/search-word-forms.ts); anything else, its tokens in order.
      const runs = soughtRuns(term, tokens);
      return fields.some((f) => {
        const haystack = referenceTokens(c.text(f));
        return runs.some((run) => containsRun(haystack, run));
      });
    }
    case 'repo':
      return sameName(c.repo.owner, term.owner) && sameName(c.repo.name, term.name);
    case 'owner':
      return sameName(c.repo.owner, term.login);
    case 'type':
      return (c.issue.pull_request !== undefined) === (term.value === 'pr');
    case 'state':
      return c.issue.state === term.value;
    case 'label':
      return c.labels.some((l) => sameName(l, term.name));
    case 'missing':
      if (term.field === 'label') return c.labels.length === 0;
      if (term.field === 'assignee') return c.assignees.length === 0;
      return !c.issue.milestone;
    case 'user': {
      const roles = term.role === 'involves' ? (['author', 'assignee', 'mentions', 'commenter'] as const) : [term.role];
      return roles.some((role) => {
        const logins = role === 'author' ? [c.author] : role === 'assignee' ? c.assignees : role === 'mentions' ? c.mentioned : c.commenters;
        return logins.some((l) => sameName(l, term.login));
      });
    }
    case 'milestone':
      return c.issue.milestone != null && sameName(c.issue.milestone.title, term.title);
    case 'date': {
      const at = c.date(term.field);
      return at !== null && (term.range.from === null || at >= term.range.from) && (term.range.to === null || at < term.range.to);
    }
    case 'comments': {
      const n = c.issue.comments;
      return (term.range.min === null || n >= term.range.min) && (term.range.max === null || n <= term.range.max);
    }
    case 'count': {
      const n = term.field === 'reactions' ? c.reactions('total_count') : c.interactions;
      return (term.range.min === null || n >= term.range.min) && (term.range.max === null || n <= term.range.max);
    }
    case 'merged':
      return c.issue.pull_request !== undefined && (c.date('merged') !== null) === term.value;
    case 'draft':
      return c.issue.pull_request !== undefined && (c.issue.draft ?? false) === term.value;
    case 'locked':
      return c.issue.locked === term.value;
    case 'visibility':
      return c.repo.isPrivate === (term.value === 'private');
    case 'reason':
      return c.issue.pull_request === undefined && c.stateReason === term.value;
    case 'issueType':
      return c.issue.type != null && lowerAscii(c.issue.type.name) === lowerAscii(term.name);
    case 'subIssueLink':
      return term.link === 'parent-issue' ? parentNumberOf(c.issue) !== null : c.repo.issues.some((o) => parentNumberOf(o) === c.issue.number);
    case 'parentIssue':
      return sameName(c.repo.owner, term.owner) && sameName(c.repo.name, term.name) && parentNumberOf(c.issue) === term.number;
  }
}

function sortValue(c: Candidate, sort: SearchSort): string | number {
  if (sort.field === 'comments') return c.issue.comments;
  if (sort.field === 'interactions') return c.interactions;
  if (sort.field === 'created' || sort.field === 'updated') return c.date(sort.field) ?? '';
  return c.reactions(REACTION_SORT_KEYS[sort.field] ?? 'total_count');
}

function scopeTerms(node: SearchNode | null): Array<Extract<SearchTerm, { kind: 'repo' | 'owner' }>> {
  if (node === null) return [];
  if (node.kind === 'repo' || node.kind === 'owner') return [node];
  if (node.kind === 'not') return scopeTerms(node.operand);
  if (node.kind === 'and' || node.kind === 'or') return node.operands.flatMap(scopeTerms);
  return [];
}

/**
 * Whether the search is refused because every repository and account its `repo:`, `user:` and
 * `org:` terms name (anywhere in the query) is one the caller cannot see or that does not exist:
 * GitHub's 422. A query naming several of which one is visible is answered.
 */
export function referenceRefuses(repos: readonly ReferenceRepo[], request: { query: SearchQuery; privateRepoIds: ReadonlySet<number> }): boolean {
  const terms = scopeTerms(request.query.where);
  const visible = repos.filter((r) => !r.isPrivate || request.privateRepoIds.has(r.id));
  const named = (t: (typeof terms)[number], r: ReferenceRepo): boolean =>
    t.kind === 'owner' ? sameName(r.owner, t.login) : sameName(r.owner, t.owner) && sameName(r.name, t.name);
  return terms.length > 0 && !terms.some((t) => visible.some((r) => named(t, r)));
}

/**
 * Every issue the query selects among those the caller may see, in the order of an explicit
 * sort, or newest created first (the best-match order of a query whose text cannot rank).
 * Ties are broken by repository id, then number, in the sort's direction.
 */
export function referenceSearch(
  repos: readonly ReferenceRepo[],
  request: { query: SearchQuery; privateRepoIds: ReadonlySet<number>; sort: SearchSort | null },
): ReferenceHit[] {
  const { where, fields } = request.query;
  const selected = repos
    .filter((r) => !r.isPrivate || request.privateRepoIds.has(r.id))
    .flatMap((r) => r.issues.map((i) => new Candidate(r, i)))
    .filter((c) => where === null || meets(c, where, fields.length === 0 ? ['title', 'body', 'comments'] : fields));
  const sort = request.sort ?? { field: 'created', order: 'desc' };
  const sign = sort.order === 'asc' ? 1 : -1;
  const compare = (a: Candidate, b: Candidate): number => {
    const va = sortValue(a, sort);
    const vb = sortValue(b, sort);
    if (va !== vb) return (va < vb ? -1 : 1) * sign;
    if (a.repo.id !== b.repo.id) return (a.repo.id - b.repo.id) * sign;
    return (a.issue.number - b.issue.number) * sign;
  };
  return selected.sort(compare).map((c) => ({ repoId: c.repo.id, number: c.issue.number }));
}
