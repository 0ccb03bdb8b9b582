/**
 * Which endpoint answers a query exactly. The list endpoint
 * (`GET /repos/o/r/issues`) is cheap: it spends the core budget (5,000 an hour
 * with a token) and revalidates with ETags, so a 304 is free. It answers state,
 * labels (all of them), sort and direction, author, assignee, mentions,
 * milestone (by number), `no:assignee` / `no:milestone` and `updated:>=` (its
 * `since`). Anything else (words, phrases, `is:issue` / `is:pr`, negations,
 * `no:label`, ranges, OR, `in:`, commenter/involves) only the search endpoint
 * answers, from a budget of 10 to 30 a minute. A query this parser refuses goes
 * to search too: the service has the last word, and GitHub may accept what we do not.
 */
import {
  MAX_LABEL_NAME_LENGTH,
  MAX_LABELS_PER_FILTER,
  type ListParams,
} from '../../../shared/list-params';
import {
  parseSearchQuery,
  TEXT_FIELDS,
  usesAdvancedSyntax,
  type SearchNode,
  type SearchParseResult,
} from '../../../shared/search-query';
import { searchRequestOf } from './search-scope';

export type ListFilters = Omit<ListParams, 'page' | 'perPage'>;

export type QueryRoute =
  | { kind: 'list'; filters: ListFilters }
  /**
   * `advanced`: the query uses AND, OR or parentheses, sent with `advanced_search=true`;
   * `text`: the query as sent after the view's `repo:OWNER/NAME` (./search-scope)
   */
  | { kind: 'search'; advanced: boolean; text: string };

export interface ParsedQuery {
  advanced: boolean;
  result: SearchParseResult;
}

export function parseQuery(q: string): ParsedQuery {
  const advanced = usesAdvancedSyntax(q);
  return { advanced, result: parseSearchQuery(q, { advanced }) };
}

/** A milestone's number by its title, where one is known (the list endpoint takes numbers; queries name titles). */
export type MilestoneNumber = (title: string) => number | null;

const noMilestones: MilestoneNumber = () => null;

/** Logins the list endpoint reads as something else (`none`, `*`), or that only search resolves (`@me`). */
const LIST_UNSAFE_LOGIN = /^(?:none|\*|@.*)$/i;

/** Folds one condition into the list endpoint's filters; false when the list endpoint cannot say it exactly. */
function fold(filters: ListFilters, node: SearchNode, seen: Set<string>, milestoneNumber: MilestoneNumber): boolean {
  const once = (slot: string): boolean => {
    if (seen.has(slot)) return false;
    seen.add(slot);
    return true;
  };
  switch (node.kind) {
    case 'state':
      filters.state = node.value;
      return once('state');
    case 'label':
      if (node.name.includes(',') || node.name.length > MAX_LABEL_NAME_LENGTH) return false;
      if (!filters.labels.some((name) => name.toLowerCase() === node.name.toLowerCase())) filters.labels.push(node.name);
      return filters.labels.length <= MAX_LABELS_PER_FILTER;
    case 'user': {
      if (LIST_UNSAFE_LOGIN.test(node.login)) return false;
      const slot = node.role === 'author' ? 'creator' : node.role === 'assignee' ? 'assignee' : node.role === 'mentions' ? 'mentioned' : null;
      if (slot === null) return false;
      filters[slot] = node.login;
      return once(slot);
    }
    case 'missing':
      if (node.field === 'label') return false;
      filters[node.field] = 'none';
      return once(node.field);
    case 'not':
      // `-no:assignee`: has any assignee, the list's `assignee=*` (and the same for milestones).
      if (node.operand.kind !== 'missing' || node.operand.field === 'label') return false;
      filters[node.operand.field] = '*';
      return once(node.operand.field);
    case 'milestone': {
      const number = milestoneNumber(node.title);
      if (number === null) return false;
      filters.milestone = String(number);
      return once('milestone');
    }
    case 'date':
      // `updated:>=day` is the list's `since` (updated at or after); the range has no upper end.
      if (node.field !== 'updated' || node.range.from === null || node.range.to !== null) return false;
      filters.since = node.range.from;
      return once('since');
    default:
      return false;
  }
}

/** The endpoint that answers `q` exactly, and with what. */
export function routeQuery(q: string, milestoneNumber: MilestoneNumber = noMilestones): QueryRoute {
  const parsed = parseQuery(q);
  const search: QueryRoute = { kind: 'search', ...searchRequestOf(q) };
  if (!parsed.result.ok) return search;
  const { where, fields, sort } = parsed.result.query;
  if (fields.length !== TEXT_FIELDS.length) return search;
  // The list sorts by created, updated and comments only; reactions and interactions are search's.
  const listSort = sort?.field === 'created' || sort?.field === 'updated' || sort?.field === 'comments' ? sort.field : null;
  if (sort !== null && listSort === null) return search;
  const filters: ListFilters = {
    // With a query, github.com shows both states unless it names one.
    state: 'all',
    sort: listSort ?? 'created',
    direction: sort?.order ?? 'desc',
    labels: [],
    since: null,
    creator: null,
    assignee: null,
    mentioned: null,
    milestone: null,
  };
  const conditions = where === null ? [] : where.kind === 'and' ? where.operands : [where];
  const seen = new Set<string>();
  for (const node of conditions) if (!fold(filters, node, seen, milestoneNumber)) return search;
  return { kind: 'list', filters };
}
