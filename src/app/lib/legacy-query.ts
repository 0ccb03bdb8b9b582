/**
 * Old list URLs (`?state=closed&labels=bug,ui&creator=alice&type=pr&q=crash`)
 * written as the query they meant (`is:closed is:pr label:bug label:ui
 * author:alice crash`): the list's loader rewrites such an address once, and
 * the start page before it navigates. A lazy chunk: only old links need it.
 */
import { normalizeSince } from '../../shared/list-params';
import { LEGACY_PARAM_NAMES } from './list-query';
import { appendTerm, quoteValue } from './query-text';

const PEOPLE = [
  ['creator', 'author'],
  ['assignee', 'assignee'],
  ['mentioned', 'mentions'],
] as const;

/** `none` and `*` were the list's words for "no value" and "any value". */
function missing(name: 'assignee' | 'milestone', value: string): string | null {
  if (value === 'none') return `no:${name}`;
  if (value === '*') return `-no:${name}`;
  return null;
}

export function legacyQuery(search: URLSearchParams): string {
  const terms: string[] = [];
  const get = (name: string): string | null => {
    const value = search.get(name)?.trim();
    return value === undefined || value === '' ? null : value;
  };
  // The list's default state was open.
  const state = get('state') ?? 'open';
  if (state === 'open' || state === 'closed') terms.push(`is:${state}`);
  const type = get('type');
  if (type === 'issue' || type === 'pr') terms.push(`is:${type}`);
  for (const name of (get('labels') ?? '').split(',')) if (name.trim() !== '') terms.push(`label:${quoteValue(name.trim())}`);
  for (const [param, qualifier] of PEOPLE) {
    const value = get(param);
    if (value === null) continue;
    terms.push((param === 'assignee' ? missing('assignee', value) : null) ?? `${qualifier}:${quoteValue(value)}`);
  }
  const milestone = get('milestone');
  // A milestone number names no title, which is what queries use: kept as written.
  if (milestone !== null) terms.push(missing('milestone', milestone) ?? `milestone:${quoteValue(milestone)}`);
  const since = get('since');
  if (since !== null) {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(since) ? since : normalizeSince(since);
    if (day !== null) terms.push(`updated:>=${day}`);
  }
  const sort = get('sort');
  const direction = get('direction') === 'asc' ? 'asc' : 'desc';
  if ((sort === 'updated' || sort === 'comments' || sort === 'created') && !(sort === 'created' && direction === 'desc')) {
    terms.push(`sort:${sort}-${direction}`);
  } else if (sort === null && direction === 'asc') terms.push('sort:created-asc');
  // The old text filter's words come last, as people type them after the qualifiers.
  return appendTerm(terms.join(' '), get('q') ?? '').trim();
}

/** The URL parameters of the same view with its filters in `q`; paging and the view mode are kept. */
export function rewriteLegacyParams(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  const q = legacyQuery(search);
  // Always a `q`: the old list mixed issues and pull requests, and a URL without one now shows
  // open issues alone (./list-query), so the old default view is `is:open`.
  next.set('q', q);
  for (const [name, value] of search) {
    if (name !== 'q' && !(LEGACY_PARAM_NAMES as readonly string[]).includes(name)) next.append(name, value);
  }
  return next;
}
