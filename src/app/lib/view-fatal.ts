import { BadCredentialsError, BadRequestError, ForbiddenError, NotFoundError } from '../api/api-errors';

/**
 * Errors that leave a view nothing to show (a missing repository, a refused
 * token): they go to the route's error element. The others are shown inline,
 * beside what is still on screen. Apart from ./error-messages, whose messages
 * load only when a failure is shown.
 */
export function isViewFatal(error: unknown): boolean {
  return (
    error instanceof BadCredentialsError ||
    error instanceof NotFoundError ||
    error instanceof ForbiddenError ||
    error instanceof BadRequestError
  );
}
