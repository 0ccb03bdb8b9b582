/**
 * `GET /search/issues`, GitHub's `search/issues-and-pull-requests`: the
 * issues and pull requests of every repository the caller may see that a
 * query selects, one page in best-match or the asked order. The parameter
 * rules are shared/search-params.ts's, the query language
 * shared/search-query.ts's; the store runs the query against its index.
 * Rate-limited on the search resource (limits/rate-limit.ts). Answers are
 * not kept in the answer cache: one spans many repositories' data versions.
 * With GitHub's text-match media type in `Accept`, each item carries
 * `text_matches` (search-text-matches.ts), its comments' among them; those
 * bytes get their own ETag.
 * A semantic or hybrid `search_type` is answered lexically, saying why
 * (search-fallback.ts); a query naming only repositories or accounts the
 * caller cannot see is the 422 the store reports (store/search-plan.ts).
 */
import { Hono, type Context } from 'hono';
import { effectiveSearchSort, invalidQuery, isSearchPageReachable, parseSearchParams } from '../../shared/search-params';
import { parseSearchQuery } from '../../shared/search-query';
import type { AppEnv } from '../app-env';
import { addAnswerHeaders } from '../http/answer-headers';
import { DOCS, errors, type ErrorAnswer } from '../http/error-bodies';
import { parseQueryString } from '../http/query-string';
import { sendError, sendSpanningAnswer } from '../http/respond';
import { renderSearchPage } from '../http/search-answer';
import type { SearchRequest } from '../store/records';
import type { IssueReader, IssueSearch } from '../store/storage';
import { privateReposOf, resolveMe } from './search-access';
import { lexicalFallbackReasons, type LexicalFallbackReason } from './search-fallback';
import { matchesComments, numberOf, TEXT_MATCH_MEDIA_HEADERS, wantsTextMatches, withTextMatches } from './search-text-matches';

/** Comments are read in pages of this many, the most a page holds. */
const COMMENT_PAGE_SIZE = 100;

/** Every stored comment of one issue, oldest first, for its text matches. */
async function commentsOf(store: Pick<IssueReader, 'listComments'>, repoId: number, number: number): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const { total, documents } = await store.listComments(repoId, number, { page, perPage: COMMENT_PAGE_SIZE, since: null });
    out.push(...documents);
    if (documents.length < COMMENT_PAGE_SIZE || out.length >= total) return out;
  }
}

/** The search a request asks for (and, for a semantic or hybrid one, why it is answered lexically), or the 4xx GitHub would answer it with. */
function readSearch(c: Context<AppEnv>): { request: SearchRequest; fallback: LexicalFallbackReason[] | null } | ErrorAnswer {
  const query = parseQueryString(new URL(c.req.url).search);
  if (!query.ok) return errors.badRequest('Problems parsing query string', DOCS.searchIssues);
  const params = parseSearchParams(query.read);
  if (!params.ok) return errors.searchFailed(params.errors);
  const token = c.get('token');
  // OpenAPI description of search_type: "Semantic and hybrid search require authentication".
  if (params.value.searchType !== null && token === null) return errors.requiresAuthentication(DOCS.searchIssues);
  const parsed = parseSearchQuery(params.value.q, { advanced: params.value.advanced });
  if (!parsed.ok) return errors.searchFailed(parsed.errors.map((e) => invalidQuery(e.message)));
  if (!isSearchPageReachable(params.value)) return errors.searchPastCap();
  const resolved = resolveMe(parsed.query.where, token?.login ?? null);
  if (!resolved) return errors.searchUsersNotVisible();
  const request = {
    query: { ...parsed.query, where: resolved.where },
    privateRepoIds: privateReposOf(token),
    sort: effectiveSearchSort(parsed.query.sort, params.value),
    page: params.value.page,
    perPage: params.value.perPage,
  };
  return { request, fallback: params.value.searchType === null ? null : lexicalFallbackReasons(params.value.q, params.value.advanced, request.query) };
}

export function searchRoutes(store: IssueSearch & Pick<IssueReader, 'listComments'>, webBase: string | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/issues', async (c) => {
    const search = readSearch(c);
    if ('status' in search) return sendError(c, search);
    const { request, fallback } = search;
    const page = await store.searchIssues(request);
    // Only the store knows which repositories the caller may see (search-plan.ts namesSomethingVisible).
    if (page.namesNothingVisible) return sendError(c, errors.searchNotVisible());
    // The ETag is the rendered bytes' digest, and `Vary: Accept` is on every answer, so the
    // representation with text matches is validated and cached apart from the one without.
    if (!wantsTextMatches(c.req.header('Accept'))) return sendSpanningAnswer(c, renderSearchPage(c, page, request, webBase, fallback));
    addAnswerHeaders(c, TEXT_MATCH_MEDIA_HEADERS);
    // One hit after another: the page holds at most 100, and each reads its comments' pages.
    const comments: string[][] = [];
    if (matchesComments(request.query)) for (const hit of page.hits) comments.push(await commentsOf(store, hit.repo.id, numberOf(hit)));
    return sendSpanningAnswer(c, renderSearchPage(c, withTextMatches(page, request.query, comments), request, webBase, fallback));
  });

  return routes;
}
