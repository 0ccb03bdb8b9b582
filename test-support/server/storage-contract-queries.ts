/**
 * The contract asks the storage with the parameters a route would pass it, parsed from query
 * strings by the same shared parsers, so the suite exercises what clients can actually ask.
 */
import { parseListParams, type ListParams, type QueryReader } from '../../src/shared/list-params';
import { parseSearchQuery } from '../../src/shared/search-query';
import { parseQueryString } from '../../src/server/http/query-string';
import type { SearchRequest } from '../../src/server/store/records';

export function reader(query: string): QueryReader {
  const parsed = parseQueryString(query);
  if (!parsed.ok) throw new Error(`bad query string ${query}`);
  return parsed.read;
}

export function listParams(query: string): ListParams {
  const parsed = parseListParams(reader(query));
  if (!parsed.ok) throw new Error(`bad list query ${query}`);
  return parsed.value;
}

export function searchRequest(q: string, page = 1, perPage = 30): SearchRequest {
  const parsed = parseSearchQuery(q, { advanced: false });
  if (!parsed.ok) throw new Error(`bad search ${q}`);
  return { query: parsed.query, privateRepoIds: new Set(), sort: null, page, perPage };
}
