/**
 * The query-parameter rules of the issue list (spec 4.1), as pure functions.
 * The service parses requests with them; the app uses them to build the first
 * request of a view from its URL and to flag an invalid filter before sending.
 *
 * Which bad values fall back to a default (spec 4.1.4, 4.1.6) and which are a
 * 422 (spec 7.1: `since` and `labels`) is decided here and nowhere else.
 */
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './api-constants';
import { toIsoSeconds } from './iso-seconds';
import type { ValidationErrorDetail } from './wire-types';

export type StateFilter = 'open' | 'closed' | 'all';
export type SortField = 'created' | 'updated' | 'comments';
export type SortDirection = 'asc' | 'desc';

export interface PageParams {
  page: number;
  perPage: number;
}

export interface ListParams extends PageParams {
  state: StateFilter;
  sort: SortField;
  direction: SortDirection;
  /** label names an issue must all carry (compared case-insensitively) */
  labels: string[];
  /** ISO 8601 instant; only issues updated at or after it */
  since: string | null;
  creator: string | null;
  /** a login, `none` (no assignee) or `*` (any assignee) */
  assignee: string | null;
  mentioned: string | null;
  /** a milestone number, `none` or `*` */
  milestone: string | null;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: ValidationErrorDetail[] };

/** Reads one query parameter as the service does: the first value wins. */
export type QueryReader = (name: string) => string | null;

const STATES: readonly StateFilter[] = ['open', 'closed', 'all'];
const SORTS: readonly SortField[] = ['created', 'updated', 'comments'];
const DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

/** GitHub caps label names at 50 characters. */
export const MAX_LABEL_NAME_LENGTH = 50;
/** More labels than this in one filter is not a search anyone means. */
export const MAX_LABELS_PER_FILTER = 20;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

const WHOLE_NUMBER = /^\d{1,15}$/;

/** spec 4.1.4: a non-numeric per_page is the default 30, never an error; above 100 is capped at 100 (as GitHub does). */
export function parsePerPage(raw: string | null): number {
  if (raw === null || !WHOLE_NUMBER.test(raw.trim())) return DEFAULT_PER_PAGE;
  const n = Number(raw.trim());
  if (n < 1) return DEFAULT_PER_PAGE;
  return Math.min(n, MAX_PER_PAGE);
}

/** spec 4.1.6: a page that is not a positive whole number falls back to page 1. */
export function parsePage(raw: string | null): number {
  if (raw === null || !WHOLE_NUMBER.test(raw.trim())) return 1;
  const n = Number(raw.trim());
  return n >= 1 && Number.isSafeInteger(n) ? n : 1;
}

/**
 * ISO 8601 date-time in UTC (`Z`) or with an offset, optional fraction:
 * `2024-05-01T12:00:00Z` is the spec's form; `2024-05-01T12:00:00.000Z`
 * (what `Date#toISOString` gives) and `2024-05-01T14:00:00+02:00` are the
 * same ISO 8601 instants and GitHub accepts them, so we do too.
 */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** Returns the instant as `YYYY-MM-DDTHH:MM:SSZ` (UTC), or null when it is not a valid ISO 8601 date-time. */
export function normalizeSince(raw: string): string | null {
  const m = ISO_DATE_TIME.exec(raw.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  // Reject calendar nonsense that Date would roll over (2024-02-30, 25:00).
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.parse(raw.trim());
  if (Number.isNaN(ms)) return null;
  return toIsoSeconds(ms);
}

// Control characters have no place in a label name (and could forge log lines).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * spec 7.1: invalid labels are a 422. `labels` is a comma-separated list of
 * names; an empty value means no label filter. A list with an empty name
 * (`bug,,ui`, a trailing comma), a name over 50 characters, a control
 * character or more than 20 names is invalid.
 */
export function parseLabels(raw: string | null): ParseResult<string[]> {
  if (raw === null || raw.trim() === '') return { ok: true, value: [] };
  const names = raw.split(',').map((n) => n.trim());
  const invalid =
    names.length > MAX_LABELS_PER_FILTER ||
    names.some((n) => n === '' || n.length > MAX_LABEL_NAME_LENGTH || CONTROL_CHARS.test(n));
  if (invalid) return { ok: false, errors: [{ resource: 'Issue', field: 'labels', code: 'invalid', value: raw }] };
  // The same label twice selects the same issues as once.
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  return { ok: true, value: unique };
}

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$|^[A-Za-z0-9-]+\[bot\]$/;

/** A user filter (creator, mentioned): an unknown shape matches nobody rather than erroring, as on GitHub. */
function parseLogin(raw: string | null): string | null {
  if (raw === null || raw.trim() === '') return null;
  return raw.trim();
}

export function isPlausibleLogin(login: string): boolean {
  return LOGIN.test(login);
}

/** Parses the list endpoint's query (spec 4.1). Invalid `since` or `labels` give 422 details; everything else falls back. */
export function parseListParams(read: QueryReader): ParseResult<ListParams> {
  const errors: ValidationErrorDetail[] = [];

  let since: string | null = null;
  const rawSince = read('since');
  if (rawSince !== null && rawSince.trim() !== '') {
    since = normalizeSince(rawSince);
    if (since === null) errors.push({ resource: 'Issue', field: 'since', code: 'invalid', value: rawSince });
  }

  const labels = parseLabels(read('labels'));
  if (!labels.ok) errors.push(...labels.errors);

  if (errors.length > 0 || !labels.ok) return { ok: false, errors };

  return {
    ok: true,
    value: {
      page: parsePage(read('page')),
      perPage: parsePerPage(read('per_page')),
      state: pick(read('state'), STATES, 'open'),
      sort: pick(read('sort'), SORTS, 'created'),
      direction: pick(read('direction'), DIRECTIONS, 'desc'),
      labels: labels.value,
      since,
      creator: parseLogin(read('creator')),
      assignee: parseLogin(read('assignee')),
      mentioned: parseLogin(read('mentioned')),
      milestone: parseLogin(read('milestone')),
    },
  };
}

/** Parses `page`/`per_page`/`since` of the comments endpoint (same rules as the list). */
/** spec 4.1.6: `page` and `per_page` alone, for lists without filters (labels, timelines, events). */
export function parsePageParams(read: QueryReader): PageParams {
  return { page: parsePage(read('page')), perPage: parsePerPage(read('per_page')) };
}

export function parseCommentParams(read: QueryReader): ParseResult<PageParams & { since: string | null }> {
  const rawSince = read('since');
  let since: string | null = null;
  if (rawSince !== null && rawSince.trim() !== '') {
    since = normalizeSince(rawSince);
    if (since === null) {
      return { ok: false, errors: [{ resource: 'IssueComment', field: 'since', code: 'invalid', value: rawSince }] };
    }
  }
  return { ok: true, value: { ...parsePageParams(read), since } };
}

export interface RepoCommentParams extends PageParams {
  since: string | null;
  sort: 'created' | 'updated';
  direction: SortDirection;
}

const COMMENT_SORTS: readonly RepoCommentParams['sort'][] = ['created', 'updated'];

/**
 * `GET /repos/{owner}/{repo}/issues/comments`: `since` as the list's (422 when
 * invalid), `sort` created or updated (default created). GitHub ignores
 * `direction` without `sort`, giving the oldest first; with `sort` the
 * default is newest first, as the issue list's.
 */
export function parseRepoCommentParams(read: QueryReader): ParseResult<RepoCommentParams> {
  const base = parseCommentParams(read);
  if (!base.ok) return base;
  const rawSort = read('sort');
  const sorted = rawSort !== null && (COMMENT_SORTS as readonly string[]).includes(rawSort);
  return {
    ok: true,
    value: {
      ...base.value,
      sort: pick(rawSort, COMMENT_SORTS, 'created'),
      direction: sorted ? pick(read('direction'), DIRECTIONS, 'desc') : 'asc',
    },
  };
}
