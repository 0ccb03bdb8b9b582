/**
 * The body of a `GET /search/issues` answer in GitHub's shape
 * (`search/issues-and-pull-requests`): each hit is its stored issue document,
 * its URL markers filled with its own repository's name, plus its `score`.
 */
import type { Context } from 'hono';
import type { PageParams } from '../../shared/list-params';
import { reachableOnPage, reachableTotal } from '../../shared/search-params';
import type { AppEnv } from '../app-env';
import { renderDocuments } from '../store/issue-document';
import type { SearchHit, SearchPage } from '../store/records';
import type { RenderedAnswer } from './answer-cache';
import { buildLinkHeader } from './link-header';
import { basesOf, renderedAnswer } from './respond';

/** A stored document (one JSON object) with `score` as its last field, without parsing it. */
function withScore(document: string, score: number): string {
  const end = document.lastIndexOf('}');
  if (end === -1) throw new Error('a stored issue document is not a JSON object');
  // A non-finite score would be `null` in JSON, which GitHub's schema refuses.
  const value = Number.isFinite(score) ? score : 0;
  const body = document.slice(0, end).trimEnd();
  return `${body}${body.endsWith('{') ? '' : ','}"score":${value}}`;
}

function renderHit(hit: SearchHit, bases: { api: string; web: string }): string {
  return withScore(renderDocuments(hit.document, { ...bases, repoPath: `${hit.repo.owner}/${hit.repo.name}` }), hit.score);
}

/**
 * One page of a search, rendered for this request. `Link` spans only the
 * reachable results (shared/search-params.ts), and a page straddling their end
 * is cut there, while `total_count` tells every match, as GitHub's does.
 */
export function renderSearchPage(c: Context<AppEnv>, page: SearchPage, paging: PageParams, webBase: string | null, lexicalFallback: readonly string[] | null = null): RenderedAnswer {
  const bases = basesOf(c, webBase);
  const pieces = [`{"total_count":${page.total},"incomplete_results":false,"items":[`];
  page.hits.slice(0, reachableOnPage(paging)).forEach((hit, index) => {
    if (index > 0) pieces.push(',');
    pieces.push(renderHit(hit, bases));
  });
  // A semantic or hybrid search answered lexically says why, as GitHub's does (routes/search-fallback.ts).
  pieces.push(`],"search_type":"lexical"${lexicalFallback === null ? '' : `,"lexical_fallback_reason":${JSON.stringify(lexicalFallback)}`}}`);
  const link = buildLinkHeader(new URL(c.req.url), paging.page, paging.perPage, reachableTotal(page.total));
  return renderedAnswer(pieces, link);
}
