import { ApiError } from '../api/api-errors';
import type { ApiResponse } from '../api/api-types';

/**
 * A base URL pointing at some other JSON API answers 200 with the wrong shape;
 * say so plainly instead of failing somewhere deep in rendering.
 */
export function expectShape<T>(response: ApiResponse<T>, shape: 'array' | 'object'): ApiResponse<T> {
  const ok = shape === 'array' ? Array.isArray(response.data) : typeof response.data === 'object' && response.data !== null && !Array.isArray(response.data);
  if (!ok) {
    throw new ApiError(
      `The service at ${new URL(response.url).origin} answered with something that is not ${shape === 'array' ? 'a list' : 'an object'}. Check that the service address points at a GitHub-compatible API.`,
      response.status,
    );
  }
  return response;
}
