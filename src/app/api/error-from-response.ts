/**
 * spec 7.1: the typed error of a failed response, one status at a time, with
 * what the service said (message, documentation URL, validation errors) and
 * when to try again (rate-limit reset, Retry-After). Loaded by api-client.ts
 * only when a response is an error.
 */
import { RATE_LIMIT_HEADERS } from '../../shared/api-constants';
import type { ValidationErrorDetail } from '../../shared/wire-types';
import {
  ApiError,
  BadCredentialsError,
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from './api-errors';
import type { RateLimitSnapshot } from './api-types';

/** spec 7.1 (429, secondary 403): without a Retry-After, wait a minute, as GitHub advises. */
export const DEFAULT_SECONDARY_WAIT_SECONDS = 60;
const MS_PER_SECOND = 1000;

// GitHub words its secondary limits both ways; older answers say "abuse detection".
const SECONDARY_LIMIT_MESSAGE = /secondary rate limit|abuse detection/i;

interface ErrorDetails {
  message: string | null;
  documentationUrl: string | null;
  errors: ValidationErrorDetail[];
}

async function readErrorDetails(response: Response): Promise<ErrorDetails> {
  const details: ErrorDetails = { message: null, documentationUrl: null, errors: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(await response.text());
  } catch {
    // A proxy's HTML error page, an empty body: the status speaks for itself.
    return details;
  }
  if (typeof parsed !== 'object' || parsed === null) return details;
  const body = parsed as Record<string, unknown>;
  if (typeof body.message === 'string' && body.message.trim() !== '') details.message = body.message;
  if (typeof body.documentation_url === 'string') details.documentationUrl = body.documentation_url;
  if (Array.isArray(body.errors)) details.errors = body.errors.filter(isValidationDetail);
  return details;
}

function isValidationDetail(value: unknown): value is ValidationErrorDetail {
  return typeof value === 'object' && value !== null && typeof (value as { field?: unknown }).field === 'string';
}

/** Retry-After is delay-seconds or an HTTP-date (RFC 9110 10.2.3); null when absent or unreadable. */
function retryAfterMs(headers: Headers, now: number): number | null {
  const raw = headers.get('retry-after')?.trim();
  if (!raw) return null;
  if (/^\d{1,9}$/.test(raw)) return Number(raw) * MS_PER_SECOND;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function resetAtMs(headers: Headers, rateLimit: RateLimitSnapshot | null): number | null {
  if (rateLimit !== null) return rateLimit.resetAt;
  const raw = headers.get(RATE_LIMIT_HEADERS.reset)?.trim();
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) * MS_PER_SECOND : null;
}

function remainingIsZero(headers: Headers): boolean {
  return headers.get(RATE_LIMIT_HEADERS.remaining)?.trim() === '0';
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'The service could not understand the request.',
  401: 'Bad credentials',
  403: 'The token does not have permission to read this.',
  404: 'Not Found',
  422: 'Validation Failed',
  429: 'Too many requests in a short time.',
  500: 'The service failed to answer.',
  502: 'The service is unreachable behind its gateway (502 Bad Gateway).',
  503: 'The service is temporarily unavailable.',
  504: 'The service did not answer in time (504 Gateway Timeout).',
};

/** spec 7.1, one status at a time. */
export async function errorFromResponse(
  response: Response,
  rateLimit: RateLimitSnapshot | null,
  now: number,
): Promise<ApiError> {
  const { status, headers } = response;
  const details = await readErrorDetails(response);
  const message =
    details.message ??
    FALLBACK_MESSAGES[status] ??
    `The service answered ${status}${response.statusText ? ` ${response.statusText}` : ''}.`;
  const doc = details.documentationUrl;
  const secondaryWait = (): number => now + (retryAfterMs(headers, now) ?? DEFAULT_SECONDARY_WAIT_SECONDS * MS_PER_SECOND);

  switch (status) {
    case 400:
      return new BadRequestError(message, status, doc, rateLimit);
    case 401:
      return new BadCredentialsError(message, status, doc, rateLimit);
    case 403: {
      // spec 7.1: a 403 is a rate limit or a permission; the headers tell which.
      if (remainingIsZero(headers)) {
        const retryAt = resetAtMs(headers, rateLimit) ?? secondaryWait();
        return new RateLimitedError(details.message ?? 'API rate limit exceeded.', 403, 'primary', retryAt, doc, rateLimit);
      }
      if (details.message !== null && SECONDARY_LIMIT_MESSAGE.test(details.message)) {
        return new RateLimitedError(message, 403, 'secondary', secondaryWait(), doc, rateLimit);
      }
      return new ForbiddenError(message, status, doc, rateLimit);
    }
    case 404:
      return new NotFoundError(message, status, doc, rateLimit);
    case 422:
      return new ValidationError(message, details.errors, doc, rateLimit);
    case 429: {
      const after = retryAfterMs(headers, now);
      const retryAt =
        after !== null
          ? now + after
          : remainingIsZero(headers)
            ? (resetAtMs(headers, rateLimit) ?? secondaryWait())
            : secondaryWait();
      return new RateLimitedError(message, 429, 'secondary', retryAt, doc, rateLimit);
    }
    default:
      if (status >= 500 && status <= 599) {
        // RFC 9110 10.2.3: a 503 (or any 5xx) may say how long to stay away; the retry policy honours it.
        const after = retryAfterMs(headers, now);
        return new ServerError(message, status, doc, rateLimit, after === null ? null : now + after);
      }
      return new ApiError(message, status, doc, rateLimit);
  }
}
