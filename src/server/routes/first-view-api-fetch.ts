/**
 * The `fetch` a first-view render is given (issue 48): it answers the
 * render's API requests in this process, through the service's own API app,
 * as the page's caller, so a render costs what the app's own first requests
 * would (the same credits, charged to the same address, refused with the
 * same 403/429 when that address is limited).
 *
 * - As the caller: the request reaches the API with the page request's socket
 *   address (and its `X-Forwarded-For`, which the API reads only behind a
 *   trusted proxy, `--trust-proxy`), never with a token or a cookie: the
 *   rendered page is what an anonymous reader sees, and nothing a page
 *   request carries can put a private repository into it.
 * - In this process only: a URL outside the API base URL the render was
 *   given is refused without a request. The base URL names the origin the
 *   client's `Host` header gave, so a network request could go anywhere.
 */
import type { FirstViewRequest } from '../../shared/first-view';

/** The node:http bindings the API reads the caller's address from (http/api-steps-middleware.ts). */
export interface CallerBindings {
  incoming: { socket: { remoteAddress: string | undefined } };
}

/** The service's app, which answers `${origin}${apiPath}/…` (app.ts). */
export type InProcessFetch = (request: Request, bindings: CallerBindings) => Response | Promise<Response>;

/**
 * Headers a render's request never passes on: credentials, what only the page
 * request may say about the caller, and `Accept-Encoding` (the render reads
 * identity bodies: a constructed Response is never decoded).
 */
const WITHHELD_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'x-forwarded-for', 'forwarded', 'accept-encoding'];

export class RenderFetchRefused extends TypeError {}

export interface RenderCaller {
  /** the page request's socket address */
  remoteAddress: string | undefined;
  /** the page request's `X-Forwarded-For`, if any */
  forwardedFor: string | undefined;
}

export interface RenderFetchOptions {
  /** `${pageOrigin}${apiPath}`: the only URLs the render may ask */
  apiBaseUrl: string;
  caller: RenderCaller;
  app: InProcessFetch;
  /** false once the render's time is up: a render left behind spends no more of the caller's credits */
  open: () => boolean;
}

function underBase(url: URL, base: URL): boolean {
  // Compared after parsing, so `..` and `%2e%2e` segments are already resolved (WHATWG URL).
  const basePath = base.pathname.replace(/\/$/, '');
  return url.origin === base.origin && url.username === '' && url.password === '' && url.pathname.startsWith(`${basePath}/`);
}

export function renderFetch(options: RenderFetchOptions): FirstViewRequest['fetch'] {
  const base = new URL(options.apiBaseUrl);
  return async (request) => {
    const url = new URL(request.url);
    if (!underBase(url, base)) throw new RenderFetchRefused(`a first-view render may ask only ${options.apiBaseUrl}/…, not ${url.origin}${url.pathname}`);
    if (request.method !== 'GET') throw new RenderFetchRefused(`a first-view render only reads: ${request.method} ${url.pathname} refused`);
    if (!options.open()) throw new RenderFetchRefused(`the first-view render of ${url.pathname} came after its time was up`);
    const headers = new Headers(request.headers);
    for (const name of WITHHELD_HEADERS) headers.delete(name);
    if (options.caller.forwardedFor !== undefined) headers.set('x-forwarded-for', options.caller.forwardedFor);
    const asCaller = new Request(url, { method: 'GET', headers });
    return options.app(asCaller, { incoming: { socket: { remoteAddress: options.caller.remoteAddress } } });
  };
}
