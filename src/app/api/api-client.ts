/**
 * The fetch client of the browser app: plain TypeScript, no React, no globals.
 * It owns every wire concern in one place: headers (spec 4.1, 9), the token
 * and which origin may see it (spec 5), conditional requests (spec 4.1.9, 8.2),
 * Link rels (spec 4.2), rate-limit headers (spec 8.5), moves (spec 4.1.7) and
 * the mapping of each status to a typed error (spec 7.1, ./error-from-response).
 */
import { API_VERSION, API_VERSION_HEADER, MEDIA_TYPE } from '../../shared/api-constants';
import { ApiError, NetworkError } from './api-errors';
import { maxAgeSeconds } from './cache-control';
import { searchIssuesPath } from '../../shared/default-list-query';
import type { ApiClient, ApiResponse, RateLimitSnapshot, RequestOptions, SearchIssuesRequest, SearchIssuesResult } from './api-types';
import type { EtagStore, StoredResponse } from './etag-store';
import { parseLinkHeader } from './link-header';
import { movedBetween, movedTo } from './moved-repository';
import { readRateLimit } from './rate-limit-headers';
import { identityKey } from './request-identity';

export interface ApiClientOptions {
  /** e.g. `https://api.github.com`, `http://host:8080/api`, `https://ghe.example/api/v3` */
  baseUrl: string;
  token: string | null;
  etagStore: EtagStore;
  fetch?: typeof fetch;
  /** Unix ms; injected so tests control the clock */
  now?: () => number;
  /** called with the snapshot of every response that carries the headers, errors included */
  onRateLimit?: (snapshot: RateLimitSnapshot) => void;
  /**
   * called after every request with whether the service answered at all (any
   * HTTP status, a 5xx included) or not (connection refused or dropped, DNS, CORS)
   */
  onReachability?: (reachable: boolean) => void;
  /** the origin of the page the client runs in (`location.origin` by default; none in Node): a service there needs no CORS */
  pageOrigin?: string | null;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.trim().replace(/\/+$/, '');
  const baseOrigin = new URL(baseUrl).origin;
  const token = options.token === '' ? null : options.token;
  const store = options.etagStore;
  // Bound: a bare `window.fetch` reference called as a method of another object throws "Illegal invocation".
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const pageOrigin = options.pageOrigin !== undefined ? options.pageOrigin : (globalThis.location?.origin ?? null);
  let identity: Promise<string> | null = null;

  function reportReachable(reachable: boolean): void {
    try {
      options.onReachability?.(reachable);
    } catch (error) {
      console.error('onReachability listener failed', error);
    }
  }

  function report(snapshot: RateLimitSnapshot | null): void {
    if (snapshot === null || options.onRateLimit === undefined) return;
    try {
      options.onRateLimit(snapshot);
    } catch (error) {
      // A faulty listener must not turn a good answer into a failed request.
      console.error('onRateLimit listener failed', error);
    }
  }

  async function get<T>(pathOrUrl: string, requestOptions: RequestOptions = {}): Promise<ApiResponse<T>> {
    const { signal } = requestOptions;
    const url = resolveRequestUrl(baseUrl, pathOrUrl);
    identity ??= identityKey(baseUrl, token);
    const key = `${await identity} ${url}`;
    const stored = await readStored(store, key);
    signal?.throwIfAborted();

    const headers = new Headers({ Accept: MEDIA_TYPE, [API_VERSION_HEADER]: API_VERSION });
    // spec 5: the token is for the service that issued it; a Link to anywhere else goes out anonymous.
    const withToken = token !== null && new URL(url).origin === baseOrigin;
    if (withToken) headers.set('Authorization', `Bearer ${token}`);
    if (stored?.etag) headers.set('If-None-Match', stored.etag);
    else if (stored?.lastModified) headers.set('If-Modified-Since', stored.lastModified);

    let response: Response;
    try {
      // no-store: the browser's HTTP cache must not answer for us, or we would
      // never see the 304 nor the fresh rate-limit headers.
      // A request with a token omits cookies, which no API here reads, so that it never takes an anonymous
      // answer the page preloaded (first-answer-preloads.ts): a preload is taken only by a request of its
      // credentials mode, and the service's preloads are `same-origin`, as the anonymous requests are.
      response = await fetchImpl(url, { method: 'GET', headers, signal, cache: 'no-store', redirect: 'follow', credentials: withToken ? 'omit' : 'same-origin' });
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      reportReachable(false);
      if (stored !== undefined) return fromStore<T>(stored, { status: 0, url, notModified: false, offline: true });
      throw networkError(url, error, pageOrigin);
    }
    reportReachable(true);

    const rateLimit = readRateLimit(response.headers, now());
    report(rateLimit);
    const finalUrl = response.url || url;

    if (response.status === 304) {
      // spec 7.1: use the cached data; this answer cost no credit (spec 8.2).
      if (stored === undefined) {
        throw new ApiError('The service answered 304 Not Modified to a request we did not make conditional.', 304, null, rateLimit);
      }
      return {
        ...fromStore<T>(stored, { status: 304, url: finalUrl, notModified: true, offline: false }),
        rateLimit,
        movedTo: movedTo(url, response, stored.body),
        maxAgeSeconds: maxAgeSeconds(response.headers.get('cache-control')),
      };
    }

    if (!response.ok) {
      const error = await errorOf(response, rateLimit, now());
      // Aborted while the error body was read: the caller asked for the abort, not for this error.
      signal?.throwIfAborted();
      throw error;
    }

    const data = await readBody(response, finalUrl, signal, pageOrigin);
    const links = parseLinkHeader(response.headers.get('link'), finalUrl);
    await writeStored(store, key, {
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
      body: data,
      links,
      url: finalUrl,
      storedAt: now(),
    });
    return {
      data: data as T,
      status: response.status,
      url: finalUrl,
      links,
      rateLimit,
      notModified: false,
      offline: false,
      movedTo: movedTo(url, response, data),
      maxAgeSeconds: maxAgeSeconds(response.headers.get('cache-control')),
    };
  }

  async function searchIssues<Item>(request: SearchIssuesRequest | string, requestOptions: RequestOptions = {}): Promise<ApiResponse<SearchIssuesResult<Item>>> {
    const response = await get<SearchIssuesResult<Item>>(typeof request === 'string' ? request : searchIssuesPath(request), requestOptions);
    const body: unknown = response.data;
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
    if (record === null || typeof record.total_count !== 'number' || !Array.isArray(record.items)) {
      throw new ApiError(
        `The service at ${new URL(response.url).origin} answered a search with something that is not a search result. Check that the service address points at a GitHub-compatible API.`,
        response.status,
      );
    }
    return response;
  }

  return { baseUrl, get, searchIssues };
}

/** Whether a request URL (a first page or a `Link` rel) is a search, whose answer wraps the issues in `items`. */
export function isSearchIssuesUrl(url: string): boolean {
  try {
    return new URL(url).pathname.endsWith('/search/issues');
  } catch {
    return false;
  }
}

/**
 * A path (`/repos/o/r/issues?state=open`) goes under the base URL, keeping the
 * base's own path (`https://ghe.example/api/v3`); an absolute URL (a Link rel)
 * is taken as is.
 */
function resolveRequestUrl(baseUrl: string, pathOrUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  const url = /^[a-z][a-z\d+.-]*:/i.test(pathOrUrl) ? new URL(pathOrUrl) : new URL(joinPath(base, pathOrUrl));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`Refusing to request a ${url.protocol} URL: only http and https are fetched.`);
  }
  return url.href;
}

function joinPath(base: string, path: string): string {
  if (path.startsWith('//')) return new URL(path, base).href;
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

function fromStore<T>(
  stored: StoredResponse,
  how: { status: number; url: string; notModified: boolean; offline: boolean },
): ApiResponse<T> {
  return {
    data: stored.body as T,
    status: how.status,
    url: how.offline ? stored.url : how.url,
    links: stored.links,
    rateLimit: null,
    notModified: how.notModified,
    offline: how.offline,
    movedTo: how.offline ? movedBetween(how.url, stored.url, stored.body) : null,
  };
}

// The store is meant never to throw; a custom one that does must not fail the request either.
async function readStored(store: EtagStore, key: string): Promise<StoredResponse | undefined> {
  try {
    return await store.get(key);
  } catch {
    return undefined;
  }
}

async function writeStored(store: EtagStore, key: string, value: StoredResponse): Promise<void> {
  try {
    await store.set(key, value);
  } catch {
    // not cached: the next visit costs a credit, nothing worse
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

function networkError(url: string, cause: unknown, pageOrigin: string | null): NetworkError {
  const origin = new URL(url).origin;
  // The same origin as the page needs no CORS: there, the hint would send the reader after the wrong cause.
  const error = new NetworkError(
    origin === pageOrigin
      ? `Could not reach ${origin}. Check your connection; the service may be down or restarting.`
      : `Could not reach ${origin}. Check your connection and the service address; ` +
          'a service on another origin must also allow this page through CORS.',
  );
  error.cause = cause;
  return error;
}

async function readBody(response: Response, url: string, signal: AbortSignal | undefined, pageOrigin: string | null): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw networkError(url, error, pageOrigin);
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Typically a base URL that points at a web page (an SPA's index.html) instead of the API.
    throw new ApiError(
      `The service at ${new URL(url).origin} answered ${response.status} with something that is not JSON. ` +
        'Check that the service address points at the API.',
      response.status,
    );
  }
}

/**
 * spec 7.1: the typed error of a failed response. The mapping is a chunk of
 * its own, off the list's first paint: main.tsx fetches it in idle time once
 * the first page's requests are answered, so it is in hand before a later
 * failure (a first request that fails loads it then). Should it still be out
 * of reach, the error keeps its status and what the service said.
 */
async function errorOf(response: Response, rateLimit: RateLimitSnapshot | null, now: number): Promise<ApiError> {
  let mapping: typeof import('./error-from-response');
  try {
    mapping = await loadErrorMapping();
  } catch {
    return new ApiError(`The service answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`, response.status, null, rateLimit);
  }
  return mapping.errorFromResponse(response, rateLimit, now);
}

const loadErrorMapping = () => import('./error-from-response');

/** Fetches the error mapping's chunk ahead of need; main.tsx calls it in idle time once the first page's requests are answered. */
export function preloadErrorMapping(): void {
  loadErrorMapping().catch(() => {
    // errorOf tries again when a request fails.
  });
}
