import { describe, expect, it } from 'vitest';
import { ApiError, BadCredentialsError, NetworkError, NotFoundError, RateLimitedError, ServerError } from '../../api/api-errors';
import type { ApiClient } from '../../api/api-types';
import { ok, rateLimitOverview } from '../../../../test-support/app/fake-api';
import { checkApiAddress } from './check-api-address';

const BASE = 'http://127.0.0.1:8080/api/v3';
const DEFAULT = 'http://127.0.0.1:8080/api';

function answering(answer: unknown): Pick<ApiClient, 'get'> & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    get: <T>(path: string) => {
      asked.push(path);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(ok(answer as T));
    },
  };
}

describe('checkApiAddress', () => {
  it('takes an address whose GET /rate_limit answers GitHub\'s rate limits, asking only that', async () => {
    const client = answering(rateLimitOverview());
    expect(await checkApiAddress(client, BASE, DEFAULT)).toEqual({ ok: true });
    expect(client.asked).toEqual(['/rate_limit']);
  });

  it.each([
    ['a 401 (a GitHub Enterprise Server in private mode)', new BadCredentialsError('Requires authentication', 401)],
    ['a spent rate limit', new RateLimitedError('API rate limit exceeded', 403, 'primary', 0, null, null)],
  ])('takes an address that answers %s in GitHub\'s JSON', async (_what, error) => {
    expect(await checkApiAddress(answering(error), BASE, DEFAULT)).toEqual({ ok: true });
  });

  it.each([
    ['the site root, a web page', new ApiError('not JSON', 200), `${BASE} is not a GitHub API: GET ${BASE}/rate_limit answered 200 with a web page, not GitHub's JSON. The API of this service is at ${DEFAULT}; a GitHub Enterprise Server's at https://HOST/api/v3.`],
    ['a path the service does not have', new NotFoundError('Not Found', 404), `${BASE} is not a GitHub API: GET ${BASE}/rate_limit answered 404 Not Found, and every GitHub API has it. The API of this service is at ${DEFAULT}; a GitHub Enterprise Server's at https://HOST/api/v3.`],
    ['nobody', new NetworkError('offline'), `Can't reach ${BASE}: GET ${BASE}/rate_limit got no answer. Check the address and your connection, then try again.`],
    ['a failing service', new ServerError('Bad Gateway', 502), `${BASE} is failing just now: GET ${BASE}/rate_limit answered 502. Try again in a moment.`],
  ])('refuses an address answered by %s, saying what it answered', async (_what, error, message) => {
    expect(await checkApiAddress(answering(error), BASE, DEFAULT)).toEqual({ ok: false, message });
  });

  it('refuses another JSON API, whose answer is not GitHub\'s rate limits', async () => {
    const check = await checkApiAddress(answering({ status: 'ok' }), BASE, DEFAULT);
    expect(check).toMatchObject({ ok: false, message: expect.stringContaining("answered, but not with GitHub's rate limits") });
  });
});
