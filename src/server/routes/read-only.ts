/**
 * The service is read-only: a token's Issues permission is read-only (spec 5.3).
 * A write to a repository the caller may see is 403 with a token (lacking
 * permission, spec 7.1), 401 without one.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { errors } from '../http/error-bodies';
import { sendError } from '../http/respond';
import { docForPath } from '../http/repository-access';

export function readOnly(): MiddlewareHandler<AppEnv> {
  return async function refuseWrites(c) {
    if (c.get('token')) return sendError(c, errors.notAccessible());
    return sendError(c, errors.requiresAuthentication(docForPath(c.req.path)));
  };
}
