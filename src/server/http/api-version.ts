/**
 * Versioning (spec 9): `X-GitHub-Api-Version: 2022-11-28` is the one version
 * served; without the header a request gets that version too (as GitHub does).
 * Any other value is a 400 (http/api-steps.ts), because a client asking for a
 * version we do not serve must not silently get another.
 */
import { API_VERSION } from '../../shared/api-constants';
import { DOCS, errors, type ErrorAnswer } from './error-bodies';

/** On every answer of a request whose version is served. */
export const VERSION_HEADERS: Readonly<Record<string, string>> = {
  'X-GitHub-Api-Version-Selected': API_VERSION,
  'X-GitHub-Media-Type': 'github.v3; format=json',
};

/** Whether a request's `X-GitHub-Api-Version` (absent, or its value) names the version served. */
export function servesVersion(asked: string | undefined): boolean {
  return asked === undefined || asked.trim() === API_VERSION;
}

/** The 400 for a version not served, quoting (the start of) what was asked. */
export function unservedVersion(asked: string): ErrorAnswer {
  const shown = asked.length > 40 ? `${asked.slice(0, 40)}…` : asked;
  return errors.badRequest(`The '${shown}' API version is not supported. Supported versions: ${API_VERSION}.`, DOCS.versions);
}
