/**
 * Test-only: the service as a first-view render (and the browser after it) sees it, as HTTP
 * (entry-first-view tests, issue 48): the fake API's answers (./fake-api.ts) as responses with a
 * body, rate-limit headers and an ETag, answering a matching If-None-Match with a 304; `refuse`
 * answers some requests with a status of its own.
 */
import type { FirstViewRequest } from '../../src/shared/first-view';
import type { ApiResponse } from '../../src/app/api/api-types';
import { createFakeApi, TEST_BASE_URL, type Handler } from './fake-api';

export function fakeFirstViewService(handler: Handler, renderedAt: number, refuse: (url: URL) => Response | undefined = () => undefined) {
  const { factory } = createFakeApi(handler);
  const client = factory({ baseUrl: TEST_BASE_URL });
  const asked: Request[] = [];
  const fetch: FirstViewRequest['fetch'] = async (request) => {
    asked.push(request);
    const url = new URL(request.url);
    const refused = refuse(url);
    if (refused !== undefined) return refused;
    const answer: ApiResponse<unknown> = await client.get(url.href);
    const etag = `"${url.pathname.length}-${url.search.length}"`;
    const headers = new Headers({ 'content-type': 'application/json', etag });
    const limit = answer.rateLimit ?? { limit: 60, remaining: 59, used: 1, resetAt: renderedAt + 3600_000, resource: 'core' };
    headers.set('x-ratelimit-limit', String(limit.limit));
    headers.set('x-ratelimit-remaining', String(limit.remaining));
    headers.set('x-ratelimit-used', String(limit.used));
    headers.set('x-ratelimit-reset', String(Math.floor(limit.resetAt / 1000)));
    headers.set('x-ratelimit-resource', limit.resource);
    const link = Object.entries(answer.links)
      .map(([rel, href]) => `<${href}>; rel="${rel}"`)
      .join(', ');
    if (link !== '') headers.set('link', link);
    // A validator the answer still has: nothing changed, no body (RFC 9110 §15.4.5).
    if (request.headers.get('if-none-match') === etag && answer.status === 200) return new Response(null, { status: 304, headers });
    return new Response(JSON.stringify(answer.data), { status: answer.status, headers });
  };
  return { fetch, asked };
}
