/**
 * Every search qualifier's predicate, written once: the query's syntax tree
 * (src/shared/search-query.ts) compiled to one SQL predicate over `issues i`, for both engines.
 * An engine says only what it spells differently, through its `SearchDialect`
 * (sqlite/sqlite-search-dialect.ts, postgres/postgres-search-dialect.ts); which text selects and
 * which ranks, the scope and the order are search-plan.ts's, and running the statements is each
 * engine's (sqlite/sqlite-search.ts, postgres/postgres-search.ts).
 *
 * Every predicate is true or false, never NULL (a NULL column is compared with IS or guarded), so
 * NOT means what it says. The qualifiers mean what GitHub's "Searching issues and pull requests"
 * says (docs/search.md).
 */
import type { DateField, SearchNode, SearchTerm, UserRole } from '../../shared/search-query';
import type { TextLeaf } from '../../shared/search-word-forms';
import { issueTypeKey } from './fact-columns';
import { INTERACTIONS_SQL } from './search-plan';
import { foldName } from './search-text';

/** A placeholder bound to `value`, in the engine's SQL. */
export type BindParam = (value: unknown) => string;

/** How an engine spells what the predicates need of it; each hook is here because the two engines differ in it. */
export interface SearchDialect {
  /** a placeholder bound to `value`: SQLite's `?` counts by position, PostgreSQL's `$n` by number */
  param: BindParam;
  /**
   * `column` is one of `ids`. SQLite has no array parameter (it binds a few ids one by one and
   * more as one JSON array it reads with `json_each`); PostgreSQL binds one `bigint[]`.
   */
  among(column: string, ids: readonly number[]): string;
  /** whether issue `i` holds one text leaf, through the engine's own index (FTS5 `MATCH`, tsvector `@@`); null when the leaf has no tokens */
  textMatch(leaf: TextLeaf): string | null;
}

/** A label of a repository in scope, as each engine reads them before compiling (only when `namesLabel`). */
export interface ScopeLabel {
  id: number;
  name: string;
}

/** The repositories a search looks in, and their labels when the query names a label (`namesLabel`). */
export interface PredicateScope {
  repoIds: readonly number[];
  labels: readonly ScopeLabel[];
}

/**
 * Both engines read TRUE and FALSE (SQLite since 3.23 as 1 and 0), so the literals need no hook.
 * An empty AND is every issue; an empty OR none (the parser writes `archived:true` so).
 */
const TRUE = 'TRUE';
const FALSE = 'FALSE';

/** GitHub's `involves:` ("Searching issues and pull requests"): the person is the author, an assignee, mentioned or a commenter. */
const INVOLVED_ROLES: readonly UserRole[] = ['author', 'assignee', 'mentions', 'commenter'];

/** The timestamp a date qualifier compares; `merged_at` is NULL for an issue and an unmerged pull request. */
function dateColumnSql(field: DateField): string {
  return { created: 'i.created_at', updated: 'i.updated_at', closed: 'i.closed_at', merged: 'i.merged_at' }[field];
}

/** `value` between `min` and `max` where each is given: the lower bound inclusive, the upper as `upper` says. */
function bounds(value: string, min: string | number | null, max: string | number | null, upper: '<' | '<=', param: BindParam): string[] {
  const parts: string[] = [];
  if (min !== null) parts.push(`${value} >= ${param(min)}`);
  if (max !== null) parts.push(`${value} ${upper} ${param(max)}`);
  return parts;
}

/** Whether the query names a label anywhere: only then are the scope's labels read. */
export function namesLabel(node: SearchNode | null): boolean {
  if (node === null) return false;
  if (node.kind === 'label') return true;
  if (node.kind === 'not') return namesLabel(node.operand);
  if (node.kind === 'and' || node.kind === 'or') return node.operands.some(namesLabel);
  return false;
}

/**
 * Nothing stored holds U+0000 (imports drop control characters), and PostgreSQL's text cannot
 * even be asked about one: a name or login with one names nothing, on both engines alike.
 */
function holdsNul(...values: readonly string[]): boolean {
  return values.some((v) => v.includes('\u0000'));
}

/** The tree as a predicate over `issues i`. */
export function predicateOf(node: SearchNode, scope: PredicateScope, dialect: SearchDialect): string {
  switch (node.kind) {
    case 'and':
      return node.operands.length === 0 ? TRUE : `(${node.operands.map((o) => predicateOf(o, scope, dialect)).join(' AND ')})`;
    case 'or':
      return node.operands.length === 0 ? FALSE : `(${node.operands.map((o) => predicateOf(o, scope, dialect)).join(' OR ')})`;
    case 'not':
      return `NOT (${predicateOf(node.operand, scope, dialect)})`;
    default:
      return termPredicate(node, scope, dialect);
  }
}

function termPredicate(term: SearchTerm, scope: PredicateScope, dialect: SearchDialect): string {
  const { param } = dialect;
  switch (term.kind) {
    case 'text':
      return dialect.textMatch(term) ?? TRUE;
    case 'repo':
      if (holdsNul(term.owner, term.name)) return FALSE;
      return `i.repo_id IN (SELECT id FROM repos WHERE owner = ${param(term.owner)} AND name = ${param(term.name)})`;
    case 'owner':
      if (holdsNul(term.login)) return FALSE;
      return `i.repo_id IN (SELECT id FROM repos WHERE owner = ${param(term.login)})`;
    case 'type':
      return `i.is_pull_request = ${param(term.value === 'pr' ? 1 : 0)}`;
    case 'state':
      return `i.state = ${param(term.value)}`;
    case 'label':
      return labelPredicate(term.name, scope, dialect);
    case 'missing':
      if (term.field === 'label') return 'NOT EXISTS (SELECT 1 FROM issue_labels il WHERE il.repo_id = i.repo_id AND il.number = i.number)';
      if (term.field === 'assignee') return 'i.assignee_count = 0';
      return 'i.milestone IS NULL';
    case 'user':
      return userPredicate(term.role, term.login, scope, dialect);
    case 'milestone':
      if (holdsNul(term.title)) return FALSE;
      // The stored title is folded (search-text.ts foldName); an issue without a milestone is false, not NULL.
      return `(i.milestone_title IS NOT NULL AND i.milestone_title = ${param(foldName(term.title))})`;
    case 'date': {
      // `closed_at` and `merged_at` are NULL where there is no such time; a day's range ends
      // before the next day (search-query.ts), so the upper bound is exclusive.
      const column = dateColumnSql(term.field);
      return `(${[`${column} IS NOT NULL`, ...bounds(column, term.range.from, term.range.to, '<', param)].join(' AND ')})`;
    }
    case 'comments':
      return `(${[TRUE, ...bounds('i.comments', term.range.min, term.range.max, '<=', param)].join(' AND ')})`;
    case 'count': {
      const value = term.field === 'reactions' ? 'i.reactions' : INTERACTIONS_SQL;
      return `(${[TRUE, ...bounds(value, term.range.min, term.range.max, '<=', param)].join(' AND ')})`;
    }
    // `is:merged` and `is:unmerged` (open, or closed without a merge) and `draft:` select pull requests only.
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
      // As the answers show them (core/issue-link-store.ts): sub-issues that are stored and shown
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
 * Label names compare without case beyond ASCII (`foldName`), which SQLite's NOCASE does not:
 * the few labels of the repositories in scope are compared here, and the issues carrying one of
 * them are found by its id.
 */
function labelPredicate(name: string, scope: PredicateScope, dialect: SearchDialect): string {
  const wanted = foldName(name);
  const ids = scope.labels.filter((l) => foldName(l.name) === wanted).map((l) => l.id);
  if (ids.length === 0) return FALSE;
  return `(i.repo_id, i.number) IN (SELECT il.repo_id, il.number FROM labels l JOIN issue_labels il ON il.repo_id = l.repo_id AND il.label_id = l.id
    WHERE ${dialect.among('l.id', ids)})`;
}

function userPredicate(role: UserRole, login: string, scope: PredicateScope, dialect: SearchDialect): string {
  if (holdsNul(login)) return FALSE;
  const { param } = dialect;
  // Looked up in the scope's rows of the table, by the index that leads with the repository.
  const inTable = (table: string, loginColumn: string, numberColumn: string): string =>
    `(i.repo_id, i.number) IN (SELECT x.repo_id, x.${numberColumn} FROM ${table} x WHERE ${dialect.among('x.repo_id', scope.repoIds)} AND x.${loginColumn} = ${param(login)})`;
  switch (role) {
    case 'author':
      return `i.creator = ${param(login)}`;
    case 'assignee':
      return inTable('issue_assignees', 'login', 'number');
    case 'mentions':
      return inTable('issue_mentions', 'login', 'number');
    case 'commenter':
      return inTable('comments', 'author', 'issue_number');
    case 'involves':
      return `(${INVOLVED_ROLES.map((r) => userPredicate(r, login, scope, dialect)).join(' OR ')})`;
  }
}
