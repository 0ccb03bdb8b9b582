/** Shapes every answer the API sends: errors, documents, pages (with Link and validators). */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { renderDocuments } from '../store/issue-document';
import type { RepoRecord } from '../store/issue-store';
import { httpDate, isNotModified, makeEtag } from '../limits/conditional-request';
import type { ErrorAnswer } from './error-bodies';
import { buildLinkHeader } from './link-header';

const JSON_TYPE = 'application/json; charset=utf-8';

export function sendError(c: Context<AppEnv>, error: ErrorAnswer, headers: Record<string, string> = {}): Response {
  return c.body(error.body, error.status, { 'Content-Type': JSON_TYPE, ...headers });
}

/** The API base (`…/api`) and the app base for the URLs inside documents. */
export function basesOf(c: Context<AppEnv>, webBase: string | null): { api: string; web: string } {
  const url = new URL(c.req.url);
  return { api: `${url.origin}/api`, web: webBase ?? url.origin };
}

function cacheControl(c: Context<AppEnv>): string {
  // GitHub's values: an authenticated answer must not be stored by a shared cache.
  return c.get('token') ? 'private, max-age=60, s-maxage=60' : 'public, max-age=60, s-maxage=60';
}

function callerTag(c: Context<AppEnv>): string {
  const t = c.get('token');
  return t ? `user:${t.login.toLowerCase()}` : 'anonymous';
}

/**
 * Sends stored JSON for a repository resource with ETag and Last-Modified, or
 * 304 when the client's validators still match (spec 4.1.9). As on GitHub,
 * the ETag is a digest of what the client would receive (body and `Link`),
 * taken per caller: it changes exactly when those bytes change, so a page an
 * import did not touch still revalidates for free.
 */
export function sendRepoJson(
  c: Context<AppEnv>,
  repo: RepoRecord,
  storedJson: string,
  options: { webBase: string | null; link?: string | null },
): Response {
  const bases = basesOf(c, options.webBase);
  const body = renderDocuments(storedJson, { ...bases, repoPath: `${repo.owner}/${repo.name}` });
  const etag = makeEtag([callerTag(c), options.link ?? '', body]);
  const headers: Record<string, string> = {
    'Cache-Control': cacheControl(c),
    ETag: etag,
    'Last-Modified': httpDate(repo.modifiedAt),
  };
  if (options.link) headers.Link = options.link;
  if (isNotModified(c.req.header('If-None-Match'), c.req.header('If-Modified-Since'), etag, repo.modifiedAt)) {
    return c.body(null, 304, headers);
  }
  return c.body(body, 200, { ...headers, 'Content-Type': JSON_TYPE });
}

export function sendRepoPage(
  c: Context<AppEnv>,
  repo: RepoRecord,
  page: { total: number; documents: string[] },
  paging: { page: number; perPage: number },
  webBase: string | null,
): Response {
  const link = buildLinkHeader(new URL(c.req.url), paging.page, paging.perPage, page.total);
  return sendRepoJson(c, repo, `[${page.documents.join(',')}]`, { webBase, link });
}

/** A small JSON answer that is not stored (rate limit, user, repository). */
export function sendJson(c: Context<AppEnv>, value: unknown, status: 200 = 200): Response {
  return c.body(JSON.stringify(value), status, { 'Content-Type': JSON_TYPE, 'Cache-Control': cacheControl(c) });
}
