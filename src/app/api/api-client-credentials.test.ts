// @vitest-environment node
/**
 * A request with a token never takes an answer the page preloaded anonymously
 * (issue 48, src/server/routes/first-answer-preloads.ts): browsers hand a
 * preload only to a request of the same credentials mode, so the client's
 * token requests say `omit` and its anonymous ones `same-origin`, the mode of
 * the service's `<link rel="preload" crossorigin>`.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { createMemoryEtagStore } from './etag-store';

function recordingClient(token: string | null) {
  const inits: RequestInit[] = [];
  const client = createApiClient({
    baseUrl: 'https://service.test/api',
    token,
    etagStore: createMemoryEtagStore(),
    pageOrigin: 'https://service.test',
    fetch: async (_input, init) => {
      inits.push(init ?? {});
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
  return { client, inits };
}

describe('the credentials mode of a request', () => {
  it('is same-origin without a token, as the preloads are', async () => {
    const { client, inits } = recordingClient(null);
    await client.get('/repos/acme/rocket/issues');
    expect(inits[0]?.credentials).toBe('same-origin');
  });

  it('is omit with a token, so an anonymous preload is never taken for it', async () => {
    const { client, inits } = recordingClient('token-a');
    await client.get('/repos/acme/rocket/issues');
    expect(new Headers(inits[0]?.headers).get('authorization')).toBe('Bearer token-a');
    expect(inits[0]?.credentials).toBe('omit');
  });

  it('a Link to another origin goes out anonymous, in the anonymous mode', async () => {
    const { client, inits } = recordingClient('token-a');
    await client.get('https://elsewhere.test/api/repos/acme/rocket/issues?page=2');
    expect(new Headers(inits[0]?.headers).get('authorization')).toBeNull();
    expect(inits[0]?.credentials).toBe('same-origin');
  });
});
