import { useMutation } from '@tanstack/react-query';
import type { AuthenticatedUser, RateLimitResource } from '../../../shared/wire-types';
import type { RateLimitOverview } from '../../../shared/wire-types';
import { useAppServices } from '../../services/app-services-context';

export interface TokenTestResult {
  user: AuthenticatedUser;
  /** the quota this token gets; null when the service would not say */
  rateLimit: RateLimitResource | null;
}

export interface Credentials {
  baseUrl: string;
  token: string;
}

const MS_PER_SECOND = 1000;

/**
 * "Test token": who the token belongs to (`GET /user`) and the quota it gets
 * (`GET /rate_limit`, free), with a client of its own that stores nothing.
 * The credentials are read when the test runs, so the token never sits in
 * the mutation's state.
 */
export function useTokenTest(readCredentials: () => Credentials) {
  const { createProbeClient } = useAppServices();
  return useMutation({
    mutationKey: ['token-test'],
    mutationFn: async (): Promise<TokenTestResult> => {
      const { baseUrl, token } = readCredentials();
      const client = createProbeClient(baseUrl, token);
      const user = await client.get<AuthenticatedUser>('/user');
      let rateLimit: RateLimitResource | null = null;
      try {
        const overview = await client.get<RateLimitOverview>('/rate_limit');
        rateLimit = overview.data.resources?.core ?? overview.data.rate ?? null;
      } catch {
        const seen = user.rateLimit;
        rateLimit = seen ? { limit: seen.limit, remaining: seen.remaining, used: seen.used, reset: Math.floor(seen.resetAt / MS_PER_SECOND) } : null;
      }
      return { user: user.data, rateLimit };
    },
    retry: false,
  });
}
