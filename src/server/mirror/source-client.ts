/**
 * The mirror's HTTP client for a service that speaks GitHub's REST API
 * (api.github.com, GitHub Enterprise, or another Issuescope). It sends the
 * token to the source's origin and nowhere else, follows redirects and `Link`
 * pages only within that origin, and honours rate limits the way GitHub asks
 * clients to: at `x-ratelimit-remaining: 0` it pauses until
 * `x-ratelimit-reset`, on a secondary limit it obeys `Retry-After`.
 */
import { API_VERSION, API_VERSION_HEADER, MEDIA_TYPE } from '../../shared/api-constants';

/** A failure the user can act on; its message never contains the token. */
export class MirrorError extends Error {}

export type WaitReason = 'primary rate limit' | 'secondary rate limit' | 'server error' | 'network error';

export interface SourceEvents {
  /** about to pause; `untilMs` is wall-clock time */
  waiting?(reason: WaitReason, seconds: number, untilMs: number): void;
  /** a redirect is being followed (a renamed repository) */
  moved?(from: string, to: string): void;
}

export interface SourceDependencies {
  fetch: typeof fetch;
  now: () => number;
  /** resolves after `ms`, or rejects when the signal aborts */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  events?: SourceEvents;
  /** first back-off after a 5xx or a dropped connection; doubles per retry */
  retryBaseMs?: number;
  /** GitHub asks for at least a minute after a secondary limit that names no Retry-After */
  secondaryFallbackSeconds?: number;
}

export interface SourcePage {
  status: 200 | 304;
  /** the URL that answered, after redirects */
  url: string;
  etag: string | null;
  /** `Link: rel="next"`, already checked to be on the source's origin */
  next: string | null;
  body: unknown;
}

export interface SourceCounts {
  /** answers that cost a credit at the source (everything but 304) */
  charged: number;
  notModified: number;
}

const MAX_REDIRECTS = 5;
const MAX_SERVER_RETRIES = 3;
/** a server that keeps answering "rate limited" after its own reset is not trusted forever */
const MAX_RATE_LIMIT_WAITS = 20;
const RESET_MARGIN_MS = 1000;

export function parseLinkHeader(value: string | null): Map<string, string> {
  const rels = new Map<string, string>();
  for (const part of (value ?? '').matchAll(/<([^<>]*)>((?:\s*;\s*[^,;]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(part[2] ?? '')?.[1];
    for (const name of (rel ?? '').trim().split(/\s+/)) if (name && !rels.has(name)) rels.set(name.toLowerCase(), part[1] ?? '');
  }
  return rels;
}

interface ErrorBody {
  message?: unknown;
}

function messageOf(body: unknown): string {
  const m = (body as ErrorBody | null)?.message;
  return typeof m === 'string' ? m.slice(0, 300) : '';
}

export class SourceClient {
  readonly counts: SourceCounts = { charged: 0, notModified: 0 };
  private readonly origin: string;
  /** the last rate-limit state the source reported */
  private remaining: number | null = null;
  private resetMs: number | null = null;

  constructor(
    base: URL,
    private readonly token: string | null,
    private readonly deps: SourceDependencies,
  ) {
    this.origin = base.origin;
  }

  /** What the source last said in `x-ratelimit-remaining`, for progress lines. */
  remainingCredits(): number | null {
    return this.remaining;
  }

  /** Refuses any URL off the source's origin: the token must never travel there. */
  private checkOrigin(url: string, what: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new MirrorError(`the source sent a ${what} that is not a URL`);
    }
    if (parsed.origin !== this.origin) {
      throw new MirrorError(`the source sent a ${what} to ${parsed.origin}; the mirror only talks to ${this.origin}`);
    }
    return parsed;
  }

  private async pause(reason: WaitReason, ms: number): Promise<void> {
    const wait = Math.max(0, Math.ceil(ms));
    this.deps.events?.waiting?.(reason, Math.ceil(wait / 1000), this.deps.now() + wait);
    await this.deps.sleep(wait, this.deps.signal);
  }

  private noteRateLimit(res: Response): void {
    const remaining = res.headers.get('x-ratelimit-remaining');
    const reset = res.headers.get('x-ratelimit-reset');
    if (remaining !== null && /^\d+$/.test(remaining)) this.remaining = Number(remaining);
    if (reset !== null && /^\d+$/.test(reset)) this.resetMs = Number(reset) * 1000;
  }

  private untilResetMs(): number {
    return this.resetMs === null ? 60_000 : this.resetMs - this.deps.now() + RESET_MARGIN_MS;
  }

  /** GETs one URL on the source; `etag` makes it conditional (a 304 costs nothing, spec 8.2). */
  async get(url: string, etag: string | null = null): Promise<SourcePage> {
    let current = this.checkOrigin(url, 'URL').href;
    let redirects = 0;
    let serverRetries = 0;
    let rateWaits = 0;
    for (;;) {
      this.deps.signal?.throwIfAborted();
      // Spending the last credit is fine; asking with none left only earns a 403, so wait for the reset.
      if (this.remaining === 0 && this.resetMs !== null && this.resetMs > this.deps.now()) {
        await this.pause('primary rate limit', this.untilResetMs());
        this.remaining = null;
      }

      const headers: Record<string, string> = {
        Accept: MEDIA_TYPE,
        [API_VERSION_HEADER]: API_VERSION,
        'User-Agent': 'issuescope-mirror',
      };
      if (this.token) headers.Authorization = `Bearer ${this.token}`;
      if (etag) headers['If-None-Match'] = etag;

      let res: Response;
      try {
        res = await this.deps.fetch(current, { headers, redirect: 'manual', signal: this.deps.signal });
      } catch (err) {
        this.deps.signal?.throwIfAborted();
        if (serverRetries >= MAX_SERVER_RETRIES) {
          throw new MirrorError(`cannot reach ${this.origin}: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`);
        }
        await this.pause('network error', (this.deps.retryBaseMs ?? 1000) * 2 ** serverRetries++);
        continue;
      }
      this.noteRateLimit(res);

      if (res.status === 304) {
        this.counts.notModified++;
        await res.body?.cancel();
        return { status: 304, url: current, etag: res.headers.get('etag') ?? etag, next: null, body: null };
      }
      this.counts.charged++;

      if ([301, 302, 307, 308].includes(res.status)) {
        await res.body?.cancel();
        const location = res.headers.get('location');
        if (!location || ++redirects > MAX_REDIRECTS) throw new MirrorError(`too many redirects from ${url}`);
        const target = this.checkOrigin(new URL(location, current).href, 'redirect').href;
        this.deps.events?.moved?.(current, target);
        current = target;
        continue;
      }

      const text = await res.text();
      let body: unknown = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        if (res.ok) throw new MirrorError(`${current} did not answer JSON`);
      }

      if (res.ok) {
        const next = parseLinkHeader(res.headers.get('link')).get('next') ?? null;
        return { status: 200, url: current, etag: res.headers.get('etag'), next: next === null ? null : this.checkOrigin(next, 'Link').href, body };
      }

      const message = messageOf(body);
      if (res.status === 403 || res.status === 429) {
        const retryAfter = res.headers.get('retry-after');
        const secondary = res.status === 429 || /secondary rate limit/i.test(message);
        const primary = res.headers.get('x-ratelimit-remaining') === '0';
        if ((secondary || primary) && rateWaits++ < MAX_RATE_LIMIT_WAITS) {
          if (retryAfter !== null && /^\d+$/.test(retryAfter)) await this.pause(secondary ? 'secondary rate limit' : 'primary rate limit', Number(retryAfter) * 1000);
          else if (primary) await this.pause('primary rate limit', this.untilResetMs());
          else await this.pause('secondary rate limit', (this.deps.secondaryFallbackSeconds ?? 60) * 1000);
          this.remaining = null;
          continue;
        }
      }
      if (res.status >= 500 && serverRetries < MAX_SERVER_RETRIES) {
        await this.pause('server error', (this.deps.retryBaseMs ?? 1000) * 2 ** serverRetries++);
        continue;
      }
      if (res.status === 401) throw new MirrorError(`${this.origin} refused the token: 401 ${message || 'Unauthorized'}`);
      throw new MirrorError(`${res.status} from ${current}${message ? `: ${message}` : ''}`);
    }
  }
}
