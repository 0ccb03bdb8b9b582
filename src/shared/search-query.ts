/**
 * GitHub's issue search language (the `q` of `GET /search/issues`, and the
 * box of github.com's issues page), parsed once into a small syntax tree.
 * The service compiles the tree to its storage engine's index; the app reads
 * it to decide whether the list endpoint can answer a query exactly. The
 * parser knows no engine and does no I/O.
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

import { toIsoSeconds } from './iso-seconds';

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
/** GitHub: the text of a search may be at most 256 characters, not counting qualifiers and operators. */
export const MAX_TEXT_LENGTH = 256;

type Lexeme =
  | { type: 'open' | 'close' | 'and' | 'or' | 'not' | 'minus'; span: Span }
  | { type: 'phrase'; text: string; span: Span }
  | { type: 'word'; text: string; span: Span }
  | { type: 'qualifier'; name: string; value: string; quoted: boolean; span: Span };

/** `name:value` where the value may be quoted (`label:"good first issue"`). */
const QUALIFIER = /^([A-Za-z][\w-]*):("[^"]*"?|.*)$/s;

/**
 * Splits a query into lexemes with their offsets. Outside advanced search,
 * `AND`, `OR` and parentheses are ordinary text; `NOT` and a leading `-`
 * negate in both.
 */
function lex(q: string, advanced: boolean): Lexeme[] {
  const out: Lexeme[] = [];
  const isSpace = (ch: string): boolean => /\s/.test(ch);
  const endsWord = (ch: string): boolean => isSpace(ch) || (advanced && (ch === '(' || ch === ')'));
  let i = 0;
  while (i < q.length) {
    const ch = q.charAt(i);
    if (isSpace(ch)) {
      i++;
      continue;
    }
    if (advanced && (ch === '(' || ch === ')')) {
      out.push({ type: ch === '(' ? 'open' : 'close', span: { start: i, end: i + 1 } });
      i++;
      continue;
    }
    if (ch === '-' && i + 1 < q.length && !isSpace(q.charAt(i + 1))) {
      out.push({ type: 'minus', span: { start: i, end: i + 1 } });
      i++;
      continue;
    }
    if (ch === '"') {
      const close = q.indexOf('"', i + 1);
      const end = close === -1 ? q.length : close + 1;
      out.push({ type: 'phrase', text: q.slice(i + 1, close === -1 ? q.length : close), span: { start: i, end } });
      i = end;
      continue;
    }
    // A word runs to the next space (or parenthesis), except that a quoted qualifier value may hold spaces.
    let j = i;
    while (j < q.length && !endsWord(q.charAt(j))) {
      if (q.charAt(j) === ':' && q.charAt(j + 1) === '"') {
        const close = q.indexOf('"', j + 2);
        j = close === -1 ? q.length : close + 1;
        continue;
      }
      j++;
    }
    const text = q.slice(i, j);
    const span = { start: i, end: j };
    i = j;
    if (advanced && (text === 'AND' || text === 'OR')) {
      out.push({ type: text === 'AND' ? 'and' : 'or', span });
      continue;
    }
    if (text === 'NOT') {
      out.push({ type: 'not', span });
      continue;
    }
    const m = QUALIFIER.exec(text);
    if (m && m[2] !== undefined && m[2] !== '' && m[1] !== undefined && isQualifierName(m[1])) {
      const raw = m[2];
      const quoted = raw.startsWith('"');
      out.push({ type: 'qualifier', name: m[1].toLowerCase(), value: quoted ? raw.slice(1, raw.endsWith('"') && raw.length > 1 ? -1 : undefined) : raw, quoted, span });
      continue;
    }
    out.push({ type: 'word', text, span });
  }
  return out;
}

const QUALIFIER_NAMES = [
  'repo', 'user', 'org', 'is', 'type', 'state', 'label', 'no', 'author', 'assignee', 'mentions',
  'commenter', 'involves', 'milestone', 'created', 'updated', 'closed', 'comments', 'in', 'sort',
] as const;
export type QualifierName = (typeof QUALIFIER_NAMES)[number];

/** The qualifiers this service knows; any other `name:value` is searched as text, as GitHub does. */
export function isQualifierName(name: string): name is QualifierName {
  return (QUALIFIER_NAMES as readonly string[]).includes(name.toLowerCase());
}

/** Whether the query needs `advanced_search=true` to mean what it says (`AND`, `OR` or parentheses). */
export function usesAdvancedSyntax(q: string): boolean {
  return lex(q, true).some((l) => l.type === 'and' || l.type === 'or' || l.type === 'open' || l.type === 'close');
}

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

/** Lenient: imported data may hold logins GitHub would not allow; anything without spaces or quotes names someone. */
const LOGIN = /^[^\s"]+$/;
const REPO_FULL_NAME = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/;
const SORT_VALUE = /^(created|updated|comments)(?:-(asc|desc))?$/;

/** Several values separated by commas mean any of them (`label:bug,ui`), as on GitHub. */
function anyOf(values: string[], one: (v: string) => SearchNode): SearchNode {
  const nodes = values.map(one);
  return nodes.length === 1 ? (nodes[0] as SearchNode) : { kind: 'or', operands: nodes };
}

function qualifier(name: QualifierName, value: string, quoted: boolean, span: Span): QualifierMeaning {
  const values = quoted ? [value] : value.split(',').filter((v) => v !== '');
  if (values.length === 0) return { error: `${name}: needs a value` };
  const lower = values.map((v) => v.toLowerCase());
  const login = (role: UserRole): QualifierMeaning =>
    values.every((v) => LOGIN.test(v))
      ? { node: anyOf(values, (v) => ({ kind: 'user', role, login: v, span })) }
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
    case 'is':
    case 'type':
    case 'state': {
      const allowed = name === 'is' ? ['issue', 'pr', 'pull-request', 'open', 'closed'] : name === 'type' ? ['issue', 'pr', 'pull-request'] : ['open', 'closed'];
      const bad = lower.find((v) => !allowed.includes(v));
      if (bad !== undefined) return { error: `${name}:${bad} is not supported: ${name}: takes ${allowed.join(', ')}` };
      return {
        node: anyOf(lower, (v) =>
          v === 'open' || v === 'closed' ? { kind: 'state', value: v, span } : { kind: 'type', value: v === 'issue' ? 'issue' : 'pr', span },
        ),
      };
    }
    case 'label':
      return { node: anyOf(values, (v) => ({ kind: 'label', name: v, span })) };
    case 'milestone':
      return { node: anyOf(values, (v) => ({ kind: 'milestone', title: v, span })) };
    case 'no': {
      const bad = lower.find((v) => v !== 'label' && v !== 'assignee' && v !== 'milestone');
      if (bad !== undefined) return { error: `no:${bad} is not supported: no: takes label, assignee or milestone` };
      return { node: anyOf(lower, (v) => ({ kind: 'missing', field: v as MissingField, span })) };
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
    case 'in': {
      const bad = lower.find((v) => !(TEXT_FIELDS as readonly string[]).includes(v));
      if (bad !== undefined) return { error: `in:${bad} is not supported: in: takes title, body or comments` };
      return { fields: lower as TextField[] };
    }
    case 'sort': {
      const m = SORT_VALUE.exec(lower[0] ?? '');
      if (!m || values.length > 1) return { error: `sort:${value} is not supported: sort: takes created, updated or comments, optionally with -asc or -desc` };
      return { sort: { field: m[1] as SearchSortField, order: m[2] === 'asc' ? 'asc' : 'desc' } };
    }
  }
}

/**
 * Parses `q` (spec of the tree: the header of this module). Whitespace-separated
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
  let textLength = 0;
  let pos = 0;
  const peek = (): Lexeme | undefined => lexemes[pos];

  function parseOr(depth: number): SearchNode | null {
    const operands: SearchNode[] = [];
    let or: Lexeme | null = null;
    for (;;) {
      const and = parseAnd(depth);
      if (and) operands.push(and);
      else if (or !== null || peek()?.type === 'or') errors.push({ message: 'OR needs a term on each side', span: (or ?? peek() ?? { span: { start: 0, end: 0 } }).span });
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
    if (operands.length <= 1) return operands[0] ?? null;
    return { kind: 'and', operands };
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
        textLength += next.text.length;
        return { kind: 'text', text: next.text, phrase: next.type === 'phrase', span: next.span };
      case 'qualifier': {
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
  if (textLength > MAX_TEXT_LENGTH) errors.push({ message: `the text of a search may be at most ${MAX_TEXT_LENGTH} characters, not counting qualifiers`, span: { start: 0, end: q.length } });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, query: { where, fields: fields.size === 0 ? [...TEXT_FIELDS] : TEXT_FIELDS.filter((f) => fields.has(f)), sort } };
}

function spanEnd(node: SearchNode, fallback: number): number {
  if ('span' in node) return node.span.end;
  const last = node.operands[node.operands.length - 1];
  return last ? spanEnd(last, fallback) : fallback;
}
