/**
 * The contract of the browser's data layer: what the fetch client returns.
 * Plain TypeScript, no React; hooks in src/app/features wrap it.
 */

/** Parsed `Link` rels (spec 4.2). URLs are absolute, exactly as the service sent them. */
export interface PageLinks {
  next?: string;
  prev?: string;
  first?: string;
  last?: string;
}

/** What the `x-ratelimit-*` headers of one response said (spec 8.5). */
export interface RateLimitSnapshot {
  limit: number;
  remaining: number;
  used: number;
  /** Unix milliseconds at which the quota is fully restored */
  resetAt: number;
  resource: string;
  /** Unix milliseconds when this response was received */
  observedAt: number;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** the URL that was requested (after following a redirect: the final one) */
  url: string;
  links: PageLinks;
  rateLimit: RateLimitSnapshot | null;
  /** true when the service answered 304 and `data` came from the ETag store (cost no credit) */
  notModified: boolean;
  /** true when the network failed and `data` came from the ETag store */
  offline: boolean;
  /** set when the request was redirected because the repository moved (301): the new `owner/name` */
  movedTo: string | null;
  /**
   * The answer's `Cache-Control: max-age` (seconds), on a 200 or a 304: how long it may be used
   * without asking again (hovercards ask no sooner). Absent or null when the service sent none
   * or the answer came from the device's copies.
   */
  maxAgeSeconds?: number | null;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** The answer of `GET /search/issues` (GitHub's `search/issues-and-pull-requests`); items are issues with a `score`. */
export interface SearchIssuesResult<Item> {
  total_count: number;
  incomplete_results: boolean;
  items: Item[];
}

/** The first request of a search; later pages follow the `Link` URLs the service sent. */
export interface SearchIssuesRequest {
  q: string;
  perPage: number;
  page: number;
  /** `advanced_search=true`: AND, OR and parentheses are operators */
  advanced: boolean;
}

export interface ApiClient {
  readonly baseUrl: string;
  /**
   * GET a path under the base URL (`/repos/o/r/issues?state=open`) or an absolute
   * URL the service returned (a `Link` rel). The token goes only to the base URL's origin.
   */
  get<T>(pathOrUrl: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /**
   * `GET /search/issues`: a first request, or a `Link` URL of one, with the same
   * ETag, Link and rate-limit handling as `get` (search spends its own budget).
   */
  searchIssues<Item>(request: SearchIssuesRequest | string, options?: RequestOptions): Promise<ApiResponse<SearchIssuesResult<Item>>>;
}
