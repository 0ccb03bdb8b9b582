import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BadCredentialsError, NetworkError, RateLimitedError, ServerError } from '../../api/api-errors';
import { retryAtOf, scheduleRetry } from '../../services/retry-schedule';
import { retryingQueryHash, retryStatusText } from './retry-status';

const NOW = Date.UTC(2024, 4, 1, 12);

describe('the retry status line', () => {
  it('names a 503 and a 502, says when the next try goes out and which attempt it is', () => {
    expect(retryStatusText(new ServerError('Service Unavailable', 503), 1, NOW + 1_500, NOW)).toBe(
      'Service unavailable (503) — retrying in 2 s, attempt 2 of 4',
    );
    expect(retryStatusText(new ServerError('bad gateway', 502), 3, NOW + 4_000, NOW)).toBe('Bad gateway (502) — retrying in 4 s, attempt 4 of 4');
    expect(retryStatusText(new ServerError('teapot-ish', 599), 1, NOW, NOW)).toBe('The service failed (599) — retrying now, attempt 2 of 4');
  });

  it('counts a rate limit down without attempts', () => {
    const limited = new RateLimitedError('slow down', 429, 'secondary', NOW + 12_000, null, null);
    expect(retryStatusText(limited, 1, NOW + 13_000, NOW)).toBe('Rate limited by the service — retrying in 13 s');
  });

  it('says a dropped connection got no answer', () => {
    expect(retryStatusText(new NetworkError('Could not reach'), 2, NOW + 900, NOW)).toBe('No answer from the service — retrying in 1 s, attempt 3 of 4');
  });

  it('says nothing for failures that are not retried', () => {
    expect(retryStatusText(new BadCredentialsError('Bad credentials', 401), 1, null, NOW)).toBeNull();
    expect(retryStatusText(new TypeError('bug'), 1, null, NOW)).toBeNull();
  });
});

describe('the retry schedule', () => {
  it('remembers when the retry after an error goes out', () => {
    const error = new ServerError('x', 503);
    expect(retryAtOf(error)).toBeNull();
    scheduleRetry(error, NOW + 2_000);
    expect(retryAtOf(error)).toBe(NOW + 2_000);
    scheduleRetry('not an object', NOW);
    expect(retryAtOf('not an object')).toBeNull();
  });
});

describe('which retrying query the notice speaks for', () => {
  it('picks a query waiting out a rate limit over one retrying a 503, and none once they settle', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 60_000 } } });
    const failWith = (error: Error) => () => Promise.reject(error);
    void client.fetchQuery({ queryKey: ['issues', 'me', 'a'], queryFn: failWith(new ServerError('x', 503)), retry: 3 }).catch(() => {});
    void client.fetchQuery({ queryKey: ['issues', 'me', 'b'], queryFn: failWith(new RateLimitedError('x', 429, 'secondary', NOW, null, null)), retry: 3 }).catch(() => {});
    void client.fetchQuery({ queryKey: ['issues', 'other', 'c'], queryFn: failWith(new RateLimitedError('x', 429, 'secondary', NOW, null, null)), retry: 3 }).catch(() => {});
    await expect.poll(() => client.getQueryCache().getAll().every((q) => q.state.fetchFailureCount === 1)).toBe(true);
    const mine = (key: readonly unknown[]) => key[1] === 'me';
    const hash = retryingQueryHash(client.getQueryCache().getAll(), mine);
    expect(hash).toBe(`${JSON.stringify(['issues', 'me', 'b'])}\u00001`);
    // The same answer while nothing changes: a stable snapshot.
    expect(retryingQueryHash(client.getQueryCache().getAll(), mine)).toBe(hash);
    await client.cancelQueries();
    expect(retryingQueryHash(client.getQueryCache().getAll(), mine)).toBeNull();
    client.clear();
  });
});
