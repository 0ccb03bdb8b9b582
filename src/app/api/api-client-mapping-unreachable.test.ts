// @vitest-environment node
/**
 * The status-to-error mapping is a lazily loaded chunk (./error-from-response).
 * When it cannot be loaded (the network went away after the page did), a
 * failed response still rejects with an ApiError that carries its status.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-errors';
import { createMemoryEtagStore } from './etag-store';

vi.mock('./error-from-response', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('a failed response while the error mapping is out of reach', () => {
  it('rejects with an ApiError of the response status', async () => {
    const client = createApiClient({
      baseUrl: 'https://api.example.test',
      token: null,
      etagStore: createMemoryEtagStore(),
      fetch: () => Promise.resolve(new Response('{"message":"Server Error"}', { status: 503, statusText: 'Service Unavailable' })),
    });
    const failure = client.get('/repos/acme/rocket/issues');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 503, message: 'The service answered 503 Service Unavailable.' });
  });
});
