/**
 * Resolves `/repos/{owner}/{repo}` for every route below it: the repository
 * if the caller may see it, a 301 to its new name if it was renamed, and
 * otherwise a 404 that is byte-for-byte the same whether the repository does
 * not exist or is private to someone else (spec 4.1.8, 5.6).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { DOCS, errors } from '../http/error-bodies';
import { sendError } from '../http/respond';
import type { LookupCache } from '../store/lookup-cache';
import type { RepoRecord, TokenRecord } from '../store/records';
import type { RepositoryReader } from '../store/storage';

/** Which documentation a 404 names depends only on the path asked for, never on what exists. */
export function docForPath(path: string): string {
  if (/\/issues\/comments\/?$/.test(path)) return DOCS.listRepoComments;
  if (/\/issues\/[^/]+\/comments\/?$/.test(path)) return DOCS.listComments;
  if (/\/issues\/[^/]+\/?$/.test(path)) return DOCS.getIssue;
  if (/\/issues\/?$/.test(path)) return DOCS.listIssues;
  if (/\/labels\/?$/.test(path)) return DOCS.listLabels;
  if (/^\/api\/repos\/[^/]+\/[^/]+\/?$/.test(path)) return DOCS.getRepo;
  return DOCS.root;
}

/** A private repository is visible only to a token granted it. */
export function canSee(token: TokenRecord | null, repo: RepoRecord): boolean {
  if (!repo.isPrivate) return true;
  return token?.privateRepoIds.has(repo.id) ?? false;
}

/** The same 404 for a repository that does not exist and one the caller may not see. */
function notFound(c: Context<AppEnv>): Response {
  return sendError(c, errors.notFound(docForPath(c.req.path)));
}

export function resolveRepository(lookups: Pick<LookupCache, 'findRepo'>, store: Pick<RepositoryReader, 'findRenamed'>): MiddlewareHandler<AppEnv> {
  return async function repository(c, next) {
    const owner = c.req.param('owner') ?? '';
    const name = c.req.param('repo') ?? '';
    const repo = await lookups.findRepo(owner, name);
    if (repo) {
      if (!canSee(c.get('token'), repo)) {
        // The same lookups as for a name that does not exist, so timing does not tell a
        // private repository from a missing one (the result is not used).
        await store.findRenamed(owner, name);
        return notFound(c);
      }
      c.set('repo', repo);
      return next();
    }

    const moved = await store.findRenamed(owner, name);
    // A stranger must not learn that a private repository was renamed.
    if (!moved || !canSee(c.get('token'), moved)) return notFound(c);
    const url = new URL(c.req.url);
    const prefix = /^\/api\/repos\/[^/]+\/[^/]+/.exec(url.pathname)?.[0] ?? '';
    const target = `${url.origin}/api/repos/${moved.owner}/${moved.name}${url.pathname.slice(prefix.length)}${url.search}`;
    return sendError(c, errors.moved(target), { Location: target });
  };
}

/**
 * The service is read-only: a token's Issues permission is read-only (spec 5.3).
 * A write with a token is 403 (lacking permission, spec 7.1), without one 401.
 */
export function readOnly(): MiddlewareHandler<AppEnv> {
  return async function refuseWrites(c) {
    if (c.get('token')) return sendError(c, errors.notAccessible());
    return sendError(c, errors.requiresAuthentication(docForPath(c.req.path)));
  };
}
