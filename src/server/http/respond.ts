/** Shapes every answer the API sends: errors, documents, pages (with Link and validators). */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { renderDocuments } from '../store/issue-document';
import type { RepoRecord, TokenRecord } from '../store/records';
import { httpDate, isNotModified, makeEtag } from './conditional-request';
import type { AnswerCache, AnswerScope, RenderedAnswer } from './answer-cache';
import { buildAnswer } from './answer-headers';
import { errorAnswer, JSON_TYPE, type ApiAnswer } from './api-answer';
import { acceptsGzip, gzipBody, MIN_COMPRESS_BYTES } from './content-encoding';
import type { ErrorAnswer } from './error-bodies';
import { buildLinkHeader } from './link-header';

/** Sends a plain answer (http/api-answer.ts) with the headers every answer carries. */
export function sendAnswer(c: Context<AppEnv>, answer: ApiAnswer): Response {
  return buildAnswer(c, answer.body, answer.status, answer.headers);
}

export function sendError(c: Context<AppEnv>, error: ErrorAnswer, headers: Record<string, string> = {}): Response {
  return sendAnswer(c, errorAnswer(error, headers));
}

/** The API base (`…/api`) and the app base for the URLs inside documents. */
export function basesOf(c: Context<AppEnv>, webBase: string | null): { api: string; web: string } {
  const url = new URL(c.req.url);
  return { api: `${url.origin}/api`, web: webBase ?? url.origin };
}

/** GitHub's values: an authenticated answer must not be stored by a shared cache. */
function cacheControl(token: TokenRecord | null): string {
  return token ? 'private, max-age=60, s-maxage=60' : 'public, max-age=60, s-maxage=60';
}

function callerTag(token: TokenRecord | null): string {
  return token ? `user:${token.login.toLowerCase()}` : 'anonymous';
}

/** What a repository route produces from the store: documents with URL markers, and its `Link`. */
export interface StoredAnswer {
  json: string;
  link: string | null;
}

/** Fills the URL markers for this request and encodes the body once, with the digest its ETags derive from. */
export function renderAnswer(c: Context<AppEnv>, repo: RepoRecord, stored: StoredAnswer, webBase: string | null): RenderedAnswer {
  const bases = basesOf(c, webBase);
  return renderedAnswer(renderDocuments(stored.json, { ...bases, repoPath: `${repo.owner}/${repo.name}` }), stored.link);
}

/**
 * Encodes a finished body once, with the digest its ETags derive from (body and `Link`).
 * A body may come in pieces, in order (a search page: its opening, each hit, the commas
 * between them, its close): each piece is encoded on its own and the bytes joined, which is
 * several times quicker for a page of large documents than joining the strings first and
 * encoding the one large string (docs/performance-log.md, issue 27).
 */
export function renderedAnswer(json: string | readonly string[], link: string | null): RenderedAnswer {
  const body = typeof json === 'string' ? Buffer.from(json, 'utf8') : Buffer.concat(json.map((piece) => Buffer.from(piece, 'utf8')));
  const digest = createHash('sha1').update(link ?? '').update('\u0000').update(body).digest('hex');
  return { body, link, digest };
}

/** What a request's conditional headers ask (spec 4.1.9). */
export interface Validators {
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

/** A repository answer's status, own headers and body, before the headers every answer carries. */
export interface RepoAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/**
 * A rendered repository resource with ETag and Last-Modified, or 304 when the
 * client's validators still match (spec 4.1.9). As on GitHub, the ETag is a
 * digest of what the client would receive (body and `Link`), taken per
 * caller: it changes exactly when those bytes change, so a page an import did
 * not touch still revalidates for free. It is derived from the answer's
 * digest, so a 304 never re-reads or re-hashes the body.
 */
export function revalidatedAnswer(token: TokenRecord | null, repo: RepoRecord, answer: RenderedAnswer, asked: Validators): RepoAnswer {
  return conditionalAnswer(token, answer, asked, repo.modifiedAt);
}

/**
 * `revalidatedAnswer` for any rendered answer. With `lastModifiedSeconds`
 * null (a search, whose answer spans repositories) there is no
 * `Last-Modified`, so only `If-None-Match` can make it a 304.
 */
function conditionalAnswer(token: TokenRecord | null, answer: RenderedAnswer, asked: Validators, lastModifiedSeconds: number | null): RepoAnswer {
  const etag = makeEtag([callerTag(token), answer.digest]);
  const headers: Record<string, string> = {
    'Cache-Control': cacheControl(token),
    ETag: etag,
  };
  if (lastModifiedSeconds !== null) headers['Last-Modified'] = httpDate(lastModifiedSeconds);
  if (answer.link) headers.Link = answer.link;
  const notModified =
    lastModifiedSeconds === null
      ? asked.ifNoneMatch !== undefined && isNotModified(asked.ifNoneMatch, undefined, etag, 0)
      : isNotModified(asked.ifNoneMatch, asked.ifModifiedSince, etag, lastModifiedSeconds);
  if (notModified) return { status: 304, headers, body: null };
  headers['Content-Type'] = JSON_TYPE;
  if (answer.gzip) {
    headers['Content-Encoding'] = 'gzip';
    return { status: 200, headers, body: answer.gzip };
  }
  return { status: 200, headers, body: answer.body };
}

/** Sends a rendered repository resource, or 304 (`revalidatedAnswer`). */
export function sendRendered(c: Context<AppEnv>, repo: RepoRecord, answer: RenderedAnswer): Response {
  const validators = { ifNoneMatch: c.req.header('If-None-Match'), ifModifiedSince: c.req.header('If-Modified-Since') };
  const { status, headers, body } = revalidatedAnswer(c.get('token'), repo, answer, validators);
  return buildAnswer(c, body, status, headers);
}

/** Whether this request should get the answer gzipped (big enough, and the client accepts it). */
function wantsGzip(acceptEncoding: string | undefined, answer: RenderedAnswer): boolean {
  return answer.body.byteLength >= MIN_COMPRESS_BYTES && acceptsGzip(acceptEncoding);
}

/** The answer to send this client: the same bytes, gzipped when it accepts gzip (made once, then kept). */
function encodedFor(acceptEncoding: string | undefined, answer: RenderedAnswer): { answer: RenderedAnswer; added: boolean } {
  if (!wantsGzip(acceptEncoding, answer)) return { answer: answer.gzip ? { ...answer, gzip: undefined } : answer, added: false };
  if (answer.gzip) return { answer, added: false };
  return { answer: { ...answer, gzip: gzipBody(answer.body) }, added: true };
}

/**
 * The cached answer of `url` encoded for this client, if the cache holds it
 * ready (gzipped already, if the client wants gzip); changes nothing, not even
 * the entry's recency.
 */
export function readyCachedAnswer(cache: AnswerCache, scope: AnswerScope, url: string, acceptEncoding: string | undefined): RenderedAnswer | undefined {
  const cached = cache.peek(scope, url);
  if (cached === undefined) return undefined;
  if (wantsGzip(acceptEncoding, cached)) return cached.gzip === undefined ? undefined : cached;
  return cached.gzip ? { ...cached, gzip: undefined } : cached;
}

/**
 * The cached answer of `url`, encoded for this client, if the cache has it. A
 * gzip made for it now is kept with the entry (the cache counts those bytes too).
 */
export function cachedAnswerFor(cache: AnswerCache, scope: AnswerScope, url: string, acceptEncoding: string | undefined): RenderedAnswer | undefined {
  const cached = cache.get(scope, url);
  if (!cached) return undefined;
  const { answer, added } = encodedFor(acceptEncoding, cached);
  if (added) cache.set(scope, url, answer);
  return answer;
}

/**
 * Sends a repository resource from the answer cache, or produces it (`produce`
 * reads the store; a Response it returns, an error, is sent as it is and not
 * kept). The cache key is the repository's data version and the full request
 * URL: origin, path and query are everything that shapes the bytes.
 */
export async function sendCachedRepoAnswer(
  c: Context<AppEnv>,
  cache: AnswerCache,
  webBase: string | null,
  produce: (repo: RepoRecord) => Promise<StoredAnswer | Response>,
): Promise<Response> {
  const repo = c.get('repo');
  const scope = { repoId: repo.id, dataVersion: repo.dataVersion };
  const acceptEncoding = c.req.header('Accept-Encoding');
  const cached = cachedAnswerFor(cache, scope, c.req.url, acceptEncoding);
  if (cached) return sendRendered(c, repo, cached);
  const produced = await produce(repo);
  if (produced instanceof Response) return produced;
  const { answer } = encodedFor(acceptEncoding, renderAnswer(c, repo, produced, webBase));
  cache.set(scope, c.req.url, answer);
  return sendRendered(c, repo, answer);
}

/** A page of stored documents with its `Link` (spec 4.2). */
export function pageAnswer(
  c: Context<AppEnv>,
  page: { total: number; documents: string[] },
  paging: { page: number; perPage: number },
): StoredAnswer {
  return {
    json: `[${page.documents.join(',')}]`,
    link: buildLinkHeader(new URL(c.req.url), paging.page, paging.perPage, page.total),
  };
}

/** Sends stored JSON for a repository resource without caching it (see `sendRendered`). */
export function sendRepoJson(
  c: Context<AppEnv>,
  repo: RepoRecord,
  storedJson: string,
  options: { webBase: string | null; link?: string | null },
): Response {
  return sendRendered(c, repo, encodedFor(c.req.header('Accept-Encoding'), renderAnswer(c, repo, { json: storedJson, link: options.link ?? null }, options.webBase)).answer);
}

export function sendRepoPage(
  c: Context<AppEnv>,
  repo: RepoRecord,
  page: { total: number; documents: string[] },
  paging: { page: number; perPage: number },
  webBase: string | null,
): Response {
  return sendRendered(c, repo, encodedFor(c.req.header('Accept-Encoding'), renderAnswer(c, repo, pageAnswer(c, page, paging), webBase)).answer);
}

/**
 * Sends a rendered answer that spans repositories (a search): not cached,
 * gzipped when the client accepts it, with a per-caller ETag and 304 as any
 * repository answer, and no `Last-Modified`.
 */
export function sendSpanningAnswer(c: Context<AppEnv>, answer: RenderedAnswer): Response {
  const encoded = encodedFor(c.req.header('Accept-Encoding'), answer).answer;
  const asked = { ifNoneMatch: c.req.header('If-None-Match'), ifModifiedSince: undefined };
  const { status, headers, body } = conditionalAnswer(c.get('token'), encoded, asked, null);
  return buildAnswer(c, body, status, headers);
}

/** A small JSON answer that is not stored (rate limit, user, repository). */
export function sendJson(c: Context<AppEnv>, value: unknown, status: 200 = 200): Response {
  return buildAnswer(c, JSON.stringify(value), status, { 'Content-Type': JSON_TYPE, 'Cache-Control': cacheControl(c.get('token')) });
}
