/**
 * What a saved view shows, in words, for the start page's list of saved
 * views: read from the view's query as the list reads it (the URL's `q`, or
 * the app's old parameters written into one), so `is:issue … sort:comments-desc`
 * says "issues" and "most commented first", not the defaults of a URL
 * without parameters (issue 45).
 */
import { REACTION_SORT_KEYS, type SearchSort } from '../../../shared/search-query-tree';
import { rewriteLegacyParams } from '../../lib/legacy-query';
import { effectiveQuery, hasLegacyParams } from '../../lib/list-query';
import { summarizeQuery } from '../issues';

function sortWords(sort: SearchSort): string {
  const desc = sort.order === 'desc';
  switch (sort.field) {
    case 'created':
      return desc ? 'newest first' : 'oldest first';
    case 'updated':
      return desc ? 'recently updated first' : 'least recently updated first';
    case 'comments':
      return desc ? 'most commented first' : 'least commented first';
    default:
      // `reactions-heart` counts heart reactions; the reaction's name is the rollup's (`smile` is laugh).
      return `${desc ? 'most' : 'fewest'} ${sort.field === 'interactions' || sort.field === 'reactions' ? sort.field : `${REACTION_SORT_KEYS[sort.field] ?? ''} reactions`} first`;
  }
}

/** The qualifiers the words above say; anything else in the query is shown as the query itself. */
const DESCRIBED = /^(?:is:(?:open|closed|issue|pr)|state:(?:open|closed)|type:(?:issue|pr)|label:\S+|author:\S+|assignee:\S+|mentions:\S+|sort:\S+)$/i;

export function describeView(search: string): string {
  let params = new URLSearchParams(search);
  if (hasLegacyParams(params)) params = rewriteLegacyParams(params);
  const q = effectiveQuery(params);
  const summary = summarizeQuery(q);
  const parts = [
    summary.state ?? 'open and closed',
    summary.type === 'issue' ? 'issues' : summary.type === 'pr' ? 'pull requests' : 'issues and pull requests',
  ];
  if (summary.labels.length > 0) parts.push(`labelled ${summary.labels.join(' + ')}`);
  if (summary.author) parts.push(`by ${summary.author}`);
  if (summary.assignee) parts.push(`assigned to ${summary.assignee}`);
  if (summary.mentions) parts.push(`mentioning ${summary.mentions}`);
  if (summary.sort) parts.push(sortWords(summary.sort));
  // Words, phrases, negations, ranges, OR: the query says them better than a paraphrase would.
  if (q.split(/\s+/).some((term) => term !== '' && !DESCRIBED.test(term))) parts.push(`matching “${q.trim()}”`);
  return parts.join(', ');
}
