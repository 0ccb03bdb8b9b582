/**
 * Versioning (spec 9): `X-GitHub-Api-Version: 2022-11-28` is the one version
 * served; without the header a request gets that version too (as GitHub does).
 * Any other value is a 400, because a client asking for a version we do not
 * serve must not silently get another.
 */
import type { MiddlewareHandler } from 'hono';
import { API_VERSION, API_VERSION_HEADER } from '../../shared/api-constants';
import type { AppEnv } from '../app-env';
import { addAnswerHeaders } from './answer-headers';
import { DOCS, errors } from './error-bodies';
import { sendError } from './respond';

/** On every answer of a request whose version is served. */
export const VERSION_HEADERS: Readonly<Record<string, string>> = {
  'X-GitHub-Api-Version-Selected': API_VERSION,
  'X-GitHub-Media-Type': 'github.v3; format=json',
};

/** Whether a request's `X-GitHub-Api-Version` (absent, or its value) names the version served. */
export function servesVersion(asked: string | undefined): boolean {
  return asked === undefined || asked.trim() === API_VERSION;
}

export function apiVersion(): MiddlewareHandler<AppEnv> {
  return async function checkVersion(c, next) {
    const asked = c.req.header(API_VERSION_HEADER);
    if (asked !== undefined && !servesVersion(asked)) {
      const shown = asked.length > 40 ? `${asked.slice(0, 40)}…` : asked;
      return sendError(c, errors.badRequest(`The '${shown}' API version is not supported. Supported versions: ${API_VERSION}.`, DOCS.versions));
    }
    addAnswerHeaders(c, VERSION_HEADERS);
    await next();
  };
}
