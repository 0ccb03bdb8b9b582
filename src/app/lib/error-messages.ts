/**
 * One message per failure (spec 7.1), each saying what happened and what to
 * do next. Errors are told apart by their type, never by their text.
 */
import {
  ApiError,
  BadCredentialsError,
  BadRequestError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from '../api/api-errors';
import { clockTime } from './time-format';

export type ErrorKind =
  | 'bad-credentials'
  | 'not-found'
  | 'forbidden'
  | 'rate-limited'
  | 'secondary-rate-limited'
  | 'validation'
  | 'bad-request'
  | 'server'
  | 'network'
  | 'unknown';

export interface ErrorDescription {
  kind: ErrorKind;
  title: string;
  message: string;
  next: string;
  /** the service's own words, when they add something */
  detail: string | null;
  /** a Retry button makes sense */
  retryable: boolean;
  /** the fix is in Settings (the token, the service address) */
  linksToSettings: boolean;
  /** Unix ms when requests may resume */
  retryAt: number | null;
}

export type ErrorSubject = 'repository' | 'issue';

/** What the words depend on besides the error: whether a token is in use, and whether Settings is the page shown. */
export interface ErrorContext {
  hasToken?: boolean;
  inSettings?: boolean;
}

const base = { detail: null, retryable: false, linksToSettings: false, retryAt: null };

export function describeError(error: unknown, subject: ErrorSubject = 'repository', { hasToken = false, inSettings = false }: ErrorContext = {}): ErrorDescription {
  if (error instanceof BadCredentialsError) {
    return {
      ...base,
      kind: 'bad-credentials',
      title: 'Bad credentials',
      message: 'Bad credentials: your token is invalid, expired or revoked.',
      next: inSettings
        ? 'Check that the whole token was pasted, or create a new one.'
        : 'Enter a valid token in Settings, or remove it to browse public repositories without one.',
      linksToSettings: true,
    };
  }
  if (error instanceof NotFoundError) {
    // spec 4.1.8: "does not exist" and "no access" answer alike, on purpose; so do we.
    return {
      ...base,
      kind: 'not-found',
      title: 'Not found',
      message:
        subject === 'issue'
          ? 'Not found: this issue or its repository does not exist, or your token has no access to it.'
          : 'Not found: the repository does not exist or your token has no access to it.',
      next: 'Check the owner and the name. For a private repository, use a token that can read it.',
      linksToSettings: true,
    };
  }
  if (error instanceof RateLimitedError) {
    return error.kind === 'primary'
      ? {
          ...base,
          kind: 'rate-limited',
          title: 'Rate limit reached',
          message: 'Every request of this window’s quota has been used.',
          // A token's own quota is what ran out: it raises nothing more, so say when it comes back.
          next: hasToken
            ? `Your token’s quota resets at ${clockTime(error.retryAt)}; requests resume by themselves then.`
            : `Requests resume by themselves when the quota resets, at ${clockTime(error.retryAt)}. A token raises the limit: add one in Settings.`,
          // Without a token, Settings is where the higher limit is: say so with a way there, not only in words.
          linksToSettings: !hasToken,
          retryAt: error.retryAt,
        }
      : {
          ...base,
          kind: 'secondary-rate-limited',
          title: 'Too many requests at once',
          message: 'The service asked us to slow down (a secondary rate limit).',
          next: 'Waiting before trying again; nothing to do but wait.',
          retryAt: error.retryAt,
          detail: error.message,
        };
  }
  if (error instanceof ForbiddenError) {
    return {
      ...base,
      kind: 'forbidden',
      title: 'Forbidden',
      message: 'Forbidden: your token is not allowed to read this.',
      next: 'Give the token access to this repository with the Issues permission set to read-only, then try again.',
      detail: error.message,
      retryable: true,
      linksToSettings: true,
    };
  }
  if (error instanceof ValidationError) {
    const fields = error.fields.length > 0 ? ` (${error.fields.join(', ')})` : '';
    return {
      ...base,
      kind: 'validation',
      title: 'Invalid filter',
      message: `${error.message}${fields}: the service rejected a filter value.`,
      next: 'Fix the highlighted filter.',
    };
  }
  if (error instanceof BadRequestError) {
    return {
      ...base,
      kind: 'bad-request',
      title: 'Bad request',
      message: 'The service could not understand the request.',
      next: 'Change the filters, or start again from the repository’s issue list.',
      detail: error.message,
    };
  }
  if (error instanceof ServerError) {
    return {
      ...base,
      kind: 'server',
      title: `The service failed (${error.status})`,
      message: error.message,
      next: 'It was retried a few times, with longer waits each time. Try again in a moment.',
      retryable: true,
    };
  }
  if (error instanceof NetworkError) {
    return {
      ...base,
      kind: 'network',
      title: 'Can’t reach the service',
      message: error.message,
      next: 'Check your connection and the service address in Settings, then try again.',
      retryable: true,
      linksToSettings: true,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    ...base,
    kind: 'unknown',
    title: error instanceof ApiError ? `The service answered ${error.status}` : 'Something went wrong',
    message,
    next: 'Try again. If it keeps failing, check the service address in Settings.',
    retryable: true,
    linksToSettings: error instanceof ApiError,
  };
}
