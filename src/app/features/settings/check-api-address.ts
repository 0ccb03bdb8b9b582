/**
 * Whether an address typed in Settings answers as a GitHub REST API, asked
 * once when it is chosen, so a wrong one (the site's root, `/api/v3` on a
 * service whose API is at `/api`, another JSON API) is refused with what it
 * answered, not taken and then failing as "repository not found" (issue 45).
 *
 * The question is `GET /rate_limit`: every GitHub API has it (api.github.com,
 * GitHub Enterprise Server, this service), GitHub documents that asking it
 * costs nothing against the rate limit, and it needs no token. A 401 or 403
 * answered in GitHub's JSON (a GitHub Enterprise Server in private mode asks
 * for a token even there, a rate limit may be spent) is a GitHub API too.
 */
import { ApiError, BadCredentialsError, ForbiddenError, NetworkError, NotFoundError, RateLimitedError, ServerError } from '../../api/api-errors';
import type { ApiClient } from '../../api/api-types';

export type AddressCheck = { ok: true } | { ok: false; message: string };

const PROBE_PATH = '/rate_limit';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A hint toward the address that works: this deployment's own API, or GitHub Enterprise Server's form. */
function hint(defaultBaseUrl: string): string {
  return ` The API of this service is at ${defaultBaseUrl}; a GitHub Enterprise Server's at https://HOST/api/v3.`;
}

export async function checkApiAddress(client: Pick<ApiClient, 'get'>, baseUrl: string, defaultBaseUrl: string): Promise<AddressCheck> {
  const asked = `GET ${baseUrl}${PROBE_PATH}`;
  try {
    const response = await client.get<unknown>(PROBE_PATH);
    if (isRecord(response.data) && isRecord(response.data.resources)) return { ok: true };
    return { ok: false, message: `${baseUrl} is not a GitHub API: ${asked} answered, but not with GitHub's rate limits.${hint(defaultBaseUrl)}` };
  } catch (error) {
    if (error instanceof BadCredentialsError || error instanceof ForbiddenError || error instanceof RateLimitedError) return { ok: true };
    if (error instanceof NotFoundError) {
      return { ok: false, message: `${baseUrl} is not a GitHub API: ${asked} answered 404 Not Found, and every GitHub API has it.${hint(defaultBaseUrl)}` };
    }
    if (error instanceof NetworkError) {
      return { ok: false, message: `Can't reach ${baseUrl}: ${asked} got no answer. Check the address and your connection, then try again.` };
    }
    if (error instanceof ServerError) {
      return { ok: false, message: `${baseUrl} is failing just now: ${asked} answered ${error.status}. Try again in a moment.` };
    }
    if (error instanceof ApiError) {
      // Not JSON (the client's own error): typically a web page, the app's index.html at the site's root.
      return { ok: false, message: `${baseUrl} is not a GitHub API: ${asked} answered ${error.status} with a web page, not GitHub's JSON.${hint(defaultBaseUrl)}` };
    }
    throw error;
  }
}
