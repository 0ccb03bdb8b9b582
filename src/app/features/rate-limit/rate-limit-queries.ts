/** `GET /rate_limit` costs no credit (spec 8): the gauge reads it on start and after each reset. */
import { queryOptions } from '@tanstack/react-query';
import type { RateLimitOverview } from '../../../shared/wire-types';
import type { ApiResponse } from '../../api/api-types';
import { apiUrl, type Connection } from '../../services/connection-store';
import { expectShape } from '../../services/expect-shape';
import type { RateLimitStore } from '../../services/rate-limit-store';

export const rateLimitKeys = {
  all: (identity: string) => ['rate-limit', identity] as const,
  overview: (identity: string) => [...rateLimitKeys.all(identity), 'overview'] as const,
};

const MS_PER_SECOND = 1000;

export function rateLimitQuery(connection: Connection, store: RateLimitStore, now: () => number) {
  return queryOptions({
    queryKey: rateLimitKeys.overview(connection.identity),
    queryFn: async ({ signal }): Promise<ApiResponse<RateLimitOverview>> => {
      const response = expectShape(
        await connection.client.get<RateLimitOverview>(apiUrl(connection, '/rate_limit'), { signal }),
        'object',
      );
      const readings = { core: response.data.resources?.core ?? response.data.rate, search: response.data.resources?.search };
      for (const [resource, reading] of Object.entries(readings)) {
        if (reading === undefined) continue;
        store.record({
          limit: reading.limit,
          remaining: reading.remaining,
          used: reading.used,
          resetAt: reading.reset * MS_PER_SECOND,
          resource,
          observedAt: now(),
        });
      }
      return response;
    },
    // A reading never goes stale by age: it is refreshed when the window it describes resets.
    staleTime: Infinity,
    // Answers that arrive while the gauge's numbers stand do the updating; a failed reading is not worth a retry.
    retry: false,
  });
}
