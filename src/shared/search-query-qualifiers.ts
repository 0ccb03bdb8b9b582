/**
 * What each qualifier of a search means (`label:bug,ui`, `created:>=2024-01-31`, `sort:updated`):
 * its value parsed into a node of the tree, a modifier of the whole query, or an error.
 */
import { toIsoSeconds } from './iso-seconds';
import { isUnkeptQualifierName, qualifierValues, type QualifierName, type UnkeptQualifierName } from './search-query-lexer';
import {
  TEXT_FIELDS,
  type DateRange,
  type MissingField,
  type NumberRange,
  type SearchNode,
  type SearchSort,
  type SearchSortField,
  type SearchTerm,
  type Span,
  type StateReason,
  type SubIssueLink,
  type TextField,
  type UserRole,
} from './search-query-tree';

/** What parsing one qualifier gives: a condition, a modifier of the whole query, or an error. */
type QualifierMeaning =
  | { node: SearchNode }
  | { fields: TextField[] }
  | { sort: SearchSort }
  | { error: string };

const DAY_MS = 86_400_000;
const DATE_VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date or date-time as the interval of instants it names: a day is the whole UTC day, a time its second (or minute). */
function dateInterval(raw: string): { start: number; end: number } | null {
  const m = DATE_VALUE.exec(raw);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dayStart = Date.UTC(y, mo - 1, d);
  const check = new Date(dayStart);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (m[4] === undefined) return { start: dayStart, end: dayStart + DAY_MS };
  const [h, mi] = [Number(m[4]), Number(m[5])];
  if (h > 23 || mi > 59 || (m[6] !== undefined && Number(m[6]) > 59)) return null;
  const zone = m[7] ?? 'Z';
  const offsetMin = zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const start = dayStart + (h * 60 + mi - offsetMin) * 60_000 + (m[6] !== undefined ? Number(m[6]) * 1000 : 0);
  return { start, end: start + (m[6] !== undefined ? 1000 : 60_000) };
}


/** `>a`, `>=a`, `<a`, `<=a`, `a..b` (either end may be `*`) or `a`, with `interval` giving what one value covers. */
function parseRange<T>(raw: string, interval: (v: string) => { start: T; end: T } | null): { from: T | null; to: T | null; fromInclusive: boolean; toInclusive: boolean } | null {
  const cmp = /^(>=|<=|>|<)(.+)$/.exec(raw);
  if (cmp) {
    const v = interval(cmp[2] ?? '');
    if (!v) return null;
    switch (cmp[1]) {
      case '>': return { from: v.end, to: null, fromInclusive: true, toInclusive: false };
      case '>=': return { from: v.start, to: null, fromInclusive: true, toInclusive: false };
      case '<': return { from: null, to: v.start, fromInclusive: true, toInclusive: false };
      default: return { from: null, to: v.end, fromInclusive: true, toInclusive: false };
    }
  }
  const dots = raw.indexOf('..');
  if (dots !== -1) {
    const [a, b] = [raw.slice(0, dots), raw.slice(dots + 2)];
    const lo = a === '*' ? null : interval(a);
    const hi = b === '*' ? null : interval(b);
    if ((a !== '*' && !lo) || (b !== '*' && !hi)) return null;
    return { from: lo?.start ?? null, to: hi?.end ?? null, fromInclusive: true, toInclusive: false };
  }
  if (raw === '*') return { from: null, to: null, fromInclusive: true, toInclusive: false };
  const v = interval(raw);
  return v ? { from: v.start, to: v.end, fromInclusive: true, toInclusive: false } : null;
}

/** The first instant a four-digit year cannot write (stored timestamps compare as text). */
const YEAR_10000_MS = Date.UTC(10000, 0, 1);
/**
 * That instant as text that sorts after every stored timestamp (`…:59Z` at most), where
 * `+010000-01-01…` would sort before them all: `created:>9999-12-31` then matches nothing.
 */
const AFTER_EVERY_TIMESTAMP = '9999-12-31T23:59:60Z';

function instantText(ms: number): string {
  return ms >= YEAR_10000_MS ? AFTER_EVERY_TIMESTAMP : toIsoSeconds(ms);
}

function dateRange(raw: string): DateRange | null {
  const r = parseRange(raw, dateInterval);
  return r ? { from: r.from === null ? null : instantText(r.from), to: r.to === null ? null : instantText(r.to) } : null;
}

/** Counts as half-open intervals internally ([n, n+1)), returned inclusive. */
function numberRange(raw: string): NumberRange | null {
  const r = parseRange(raw, (v) => (/^\d{1,9}$/.test(v) ? { start: Number(v), end: Number(v) + 1 } : null));
  return r ? { min: r.from, max: r.to === null ? null : r.to - 1 } : null;
}

/** `type:` values that choose issues or pull requests rather than an issue type. */
const KINDS: ReadonlySet<string> = new Set(['issue', 'pr', 'pull-request']);
const SUB_ISSUE_LINKS: readonly SubIssueLink[] = ['sub-issues', 'parent-issue'];
const PARENT_ISSUE = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)#([1-9]\d{0,9})$/;

/** Lenient: imported data may hold logins GitHub would not allow; anything without spaces or quotes names someone. */
const LOGIN = /^[^\s"]+$/;
const REPO_FULL_NAME = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/;
const SORT_VALUE = /^(created|updated|comments|interactions|reactions(?:-(?:\+1|-1|smile|thinking_face|heart|tada))?)(?:-(asc|desc))?$/;

/**
 * The `is:` values that ask about a fact of the issue beyond its kind and state, as GitHub's
 * "Searching issues and pull requests" documents them: `is:merged`/`is:unmerged` (pull requests,
 * unmerged being open or closed without a merge), `is:locked`/`is:unlocked`, `is:draft` (as
 * `draft:true`), `is:public`/`is:private` (the repository's visibility).
 */
const IS_FACTS: ReadonlyMap<string, (span: Span) => SearchTerm> = new Map<string, (span: Span) => SearchTerm>([
  ['merged', (span) => ({ kind: 'merged', value: true, span })],
  ['unmerged', (span) => ({ kind: 'merged', value: false, span })],
  ['locked', (span) => ({ kind: 'locked', value: true, span })],
  ['unlocked', (span) => ({ kind: 'locked', value: false, span })],
  ['draft', (span) => ({ kind: 'draft', value: true, span })],
  ['public', (span) => ({ kind: 'visibility', value: 'public', span })],
  ['private', (span) => ({ kind: 'visibility', value: 'private', span })],
]);

/** `reason:` values, as written in a query, to the `state_reason` they mean (`reason:"not planned"` is GitHub's spelling). */
const REASONS: ReadonlyMap<string, StateReason> = new Map([
  ['completed', 'completed'],
  ['not planned', 'not_planned'],
  ['not_planned', 'not_planned'],
  ['reopened', 'reopened'],
  ['duplicate', 'duplicate'],
]);

/**
 * `author:app/NAME` is what the integration NAME wrote (GitHub's "Searching issues and pull
 * requests", search by author): its bot account, whose login is `NAME[bot]`.
 */
function appBotLogin(value: string): string {
  const app = /^app\/(.+)$/i.exec(value);
  return app ? `${app[1]}[bot]` : value;
}

/** Several values separated by commas mean any of them (`label:bug,ui`), as on GitHub. */
function anyOf(values: string[], one: (v: string) => SearchNode): SearchNode {
  const nodes = values.map(one);
  return nodes.length === 1 ? (nodes[0] as SearchNode) : { kind: 'or', operands: nodes };
}

/** Matches every issue, or none: an AND or an OR of nothing, which every engine and the reference read so. */
const EVERY_ISSUE: SearchNode = { kind: 'and', operands: [] };
const NO_ISSUE: SearchNode = { kind: 'or', operands: [] };

/** What the service does not keep, for the refusal of a qualifier that asks about it. */
const UNKEPT: Record<Exclude<UnkeptQualifierName, 'archived'>, string> = {
  language: "repositories' languages",
  team: 'teams, so it cannot tell which team is mentioned',
  project: 'projects',
  linked: 'links between issues and the pull requests that close them',
  status: "commit statuses",
  head: "pull requests' branches",
  base: "pull requests' branches",
  review: 'pull request reviews',
  'reviewed-by': 'pull request reviews',
  'review-requested': 'review requests',
  'user-review-requested': 'review requests',
  'team-review-requested': 'review requests',
};

/**
 * A qualifier over data the service does not hold: answered truthfully where what it knows
 * suffices (no repository here is archived, so `archived:false` is every issue and
 * `archived:true` none), otherwise refused naming it, never an empty answer that looks like
 * "no issues" (issue 45).
 */
function unkept(name: UnkeptQualifierName, values: string[]): QualifierMeaning {
  if (name === 'archived') {
    const [flag] = values.map((v) => v.toLowerCase());
    if (values.length !== 1 || (flag !== 'true' && flag !== 'false')) return { error: `archived:${values.join(',')} is not supported: archived: takes true or false` };
    return { node: flag === 'false' ? EVERY_ISSUE : NO_ISSUE };
  }
  return { error: `${name}: is not supported by this service: it does not keep ${UNKEPT[name]}` };
}

/** The meaning of `name:value`; the nodes it makes carry `span`. */
export function qualifier(name: QualifierName, value: string, quoted: boolean, span: Span): QualifierMeaning {
  const values = qualifierValues(value, quoted);
  if (values.length === 0) return { error: `${name}: needs a value` };
  if (isUnkeptQualifierName(name)) return unkept(name, values);
  const lower = values.map((v) => v.toLowerCase());
  const login = (role: UserRole): QualifierMeaning =>
    values.every((v) => LOGIN.test(v))
      ? { node: anyOf(values, (v) => ({ kind: 'user', role, login: role === 'author' ? appBotLogin(v) : v, span })) }
      : { error: `${name}:${value} is not a user name` };
  switch (name) {
    case 'repo': {
      const parsed = values.map((v) => REPO_FULL_NAME.exec(v));
      if (parsed.some((m) => m === null)) return { error: `repo: takes owner/name, not "${value}"` };
      return { node: anyOf(values, (v) => { const [owner = '', repo = ''] = v.split('/'); return { kind: 'repo', owner, name: repo, span }; }) };
    }
    case 'user':
    case 'org':
      return values.every((v) => LOGIN.test(v)) ? { node: anyOf(values, (login) => ({ kind: 'owner', login, span })) } : { error: `${name}:${value} is not an account name` };
    case 'type':
      // `type:issue` and `type:pr` choose the kind of entry; any other name is an issue type
      // (GitHub's "Filtering and searching issues and pull requests": `type:Bug`, quoted when it has spaces).
      return { node: anyOf(values, (v) => (KINDS.has(v.toLowerCase()) ? { kind: 'type', value: v.toLowerCase() === 'issue' ? 'issue' : 'pr', span } : { kind: 'issueType', name: v, span })) };
    case 'has': {
      const bad = lower.find((v) => !SUB_ISSUE_LINKS.includes(v as SubIssueLink));
      if (bad !== undefined) return { error: `has:${bad} is not supported: has: takes sub-issues or parent-issue` };
      return { node: anyOf(lower, (v) => ({ kind: 'subIssueLink', link: v as SubIssueLink, span })) };
    }
    case 'parent-issue': {
      const parsed = values.map((v) => PARENT_ISSUE.exec(v));
      if (parsed.some((m) => m === null)) return { error: `parent-issue: takes OWNER/REPO#NUMBER, not "${value}"` };
      return { node: anyOf(values, (v) => { const m = PARENT_ISSUE.exec(v) as RegExpExecArray; return { kind: 'parentIssue', owner: m[1] ?? '', name: m[2] ?? '', number: Number(m[3]), span }; }) };
    }
    case 'is':
    case 'state': {
      const allowed = name === 'is' ? ['issue', 'pr', 'pull-request', 'open', 'closed', ...IS_FACTS.keys()] : ['open', 'closed'];
      const bad = lower.find((v) => !allowed.includes(v));
      if (bad !== undefined) return { error: `${name}:${bad} is not supported: ${name}: takes ${allowed.join(', ')}` };
      return {
        node: anyOf(lower, (v) =>
          IS_FACTS.get(v)?.(span) ??
          (v === 'open' || v === 'closed' ? { kind: 'state', value: v, span } : { kind: 'type', value: v === 'issue' ? 'issue' : 'pr', span }),
        ),
      };
    }
    case 'label':
      return { node: anyOf(values, (v) => ({ kind: 'label', name: v, span })) };
    case 'milestone':
      return { node: anyOf(values, (v) => ({ kind: 'milestone', title: v, span })) };
    case 'no': {
      const bad = lower.find((v) => v !== 'label' && v !== 'assignee' && v !== 'milestone' && !SUB_ISSUE_LINKS.includes(v as SubIssueLink));
      if (bad !== undefined) return { error: `no:${bad} is not supported: no: takes label, assignee, milestone, sub-issues or parent-issue` };
      return {
        node: anyOf(lower, (v) =>
          SUB_ISSUE_LINKS.includes(v as SubIssueLink)
            ? { kind: 'not', operand: { kind: 'subIssueLink', link: v as SubIssueLink, span }, span }
            : { kind: 'missing', field: v as MissingField, span },
        ),
      };
    }
    case 'author':
    case 'assignee':
    case 'mentions':
    case 'commenter':
    case 'involves':
      return login(name);
    case 'created':
    case 'updated':
    case 'closed': {
      const range = quoted ? null : dateRange(value);
      return range ? { node: { kind: 'date', field: name, range, span } } : { error: `${name}:${value} is not a date or range of dates (e.g. ${name}:>=2024-01-31 or ${name}:2024-01-01..2024-03-31)` };
    }
    case 'comments': {
      const range = quoted ? null : numberRange(value);
      return range ? { node: { kind: 'comments', range, span } } : { error: `comments:${value} is not a number or range (e.g. comments:>10 or comments:5..20)` };
    }
    case 'merged': {
      const range = quoted ? null : dateRange(value);
      return range ? { node: { kind: 'date', field: 'merged', range, span } } : { error: `merged:${value} is not a date or range of dates (e.g. merged:>=2024-01-31 or merged:2024-01-01..2024-03-31)` };
    }
    case 'reactions':
    case 'interactions': {
      const range = quoted ? null : numberRange(value);
      return range ? { node: { kind: 'count', field: name, range, span } } : { error: `${name}:${value} is not a number or range (e.g. ${name}:>10 or ${name}:5..20)` };
    }
    case 'draft': {
      const bad = lower.find((v) => v !== 'true' && v !== 'false');
      if (bad !== undefined) return { error: `draft:${bad} is not supported: draft: takes true or false` };
      return { node: anyOf(lower, (v) => ({ kind: 'draft', value: v === 'true', span })) };
    }
    case 'reason': {
      const bad = lower.find((v) => !REASONS.has(v));
      if (bad !== undefined) return { error: `reason:${bad} is not supported: reason: takes completed, "not planned", reopened or duplicate` };
      return { node: anyOf(lower, (v) => ({ kind: 'reason', value: REASONS.get(v) ?? 'completed', span })) };
    }
    case 'in': {
      const bad = lower.find((v) => !(TEXT_FIELDS as readonly string[]).includes(v));
      if (bad !== undefined) return { error: `in:${bad} is not supported: in: takes title, body or comments` };
      return { fields: lower as TextField[] };
    }
    case 'sort': {
      const m = SORT_VALUE.exec(lower[0] ?? '');
      if (!m || values.length > 1) return { error: `sort:${value} is not supported: sort: takes created, updated, comments, reactions, reactions-+1, reactions--1, reactions-smile, reactions-thinking_face, reactions-heart, reactions-tada or interactions, optionally with -asc or -desc` };
      return { sort: { field: m[1] as SearchSortField, order: m[2] === 'asc' ? 'asc' : 'desc' } };
    }
  }
}
