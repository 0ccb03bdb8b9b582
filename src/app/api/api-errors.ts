/**
 * Every failure the service can answer (spec 7.1) as a value with a type, so the
 * UI shows a message that says what to do next and the retry policy (spec 7.2)
 * decides from the type, not from strings.
 */
import type { ValidationErrorDetail } from '../../shared/wire-types';
import type { RateLimitSnapshot } from './api-types';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly documentationUrl: string | null = null,
    readonly rateLimit: RateLimitSnapshot | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request itself is malformed; fix it before retrying. */
export class BadRequestError extends ApiError {}

/** 401: the token is invalid, expired or revoked (`Bad credentials`). */
export class BadCredentialsError extends ApiError {}

/** 403 that is not a rate limit: the token lacks a permission. */
export class ForbiddenError extends ApiError {}

/** 404: does not exist, or the caller has no access. The two are deliberately not told apart (spec 4.1.8). */
export class NotFoundError extends ApiError {}

/** 422: a filter is invalid; `errors` names the field. */
export class ValidationError extends ApiError {
  constructor(
    message: string,
    readonly errors: ValidationErrorDetail[],
    documentationUrl: string | null,
    rateLimit: RateLimitSnapshot | null,
  ) {
    super(message, 422, documentationUrl, rateLimit);
  }

  /** The invalid fields, e.g. `['since']`. */
  get fields(): string[] {
    return this.errors.map((e) => e.field);
  }
}

/**
 * 403 with `x-ratelimit-remaining: 0` (primary) or 429 (secondary). `retryAt` is
 * Unix milliseconds: the reset time (primary) or now + `Retry-After` (secondary).
 */
export class RateLimitedError extends ApiError {
  constructor(
    message: string,
    status: 403 | 429,
    readonly kind: 'primary' | 'secondary',
    readonly retryAt: number,
    documentationUrl: string | null,
    rateLimit: RateLimitSnapshot | null,
  ) {
    super(message, status, documentationUrl, rateLimit);
  }
}

/**
 * 5xx: the service failed; retried with backoff. `retryAt` (Unix ms) is set when
 * it said how long to stay away (`Retry-After`, as a 503 may): never sooner.
 */
export class ServerError extends ApiError {
  constructor(
    message: string,
    status: number,
    documentationUrl: string | null = null,
    rateLimit: RateLimitSnapshot | null = null,
    readonly retryAt: number | null = null,
  ) {
    super(message, status, documentationUrl, rateLimit);
  }
}

/** No answer at all (offline, DNS, CORS refusal, connection dropped). */
export class NetworkError extends ApiError {
  constructor(message: string) {
    super(message, 0);
  }
}
