/**
 * The answer to a request that met a fault, for both paths that answer API
 * requests (app.ts's error handler and the cached-answer lane): 503 with
 * `Retry-After` when the database cannot be reached (the database's state, not
 * a bug here: logged once, without a stack), otherwise 500, logged with its
 * stack. Neither names the fault to the client.
 */
import type { StorageError } from '../store/store-error';
import { errorAnswer, type ApiAnswer } from './api-answer';
import { errors } from './error-bodies';

/** How long a client is asked to wait when the database cannot be reached. */
const UNAVAILABLE_RETRY_SECONDS = 5;

export interface FaultContext {
  /** an error as the storage's StorageError, when it is one (open-storage.ts `toStorageError`) */
  describeStorageFault?: (err: unknown) => StorageError | null;
  log: (line: string) => void;
}

/** `request` names it in the log: `<request id> <method> <path>`. */
export function faultAnswer(err: unknown, request: string, context: FaultContext): ApiAnswer {
  const storage = context.describeStorageFault?.(err) ?? null;
  if (storage?.problem === 'unreachable') {
    context.log(`unavailable ${request}: ${storage.message}`);
    return errorAnswer(errors.unavailable(), { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) });
  }
  context.log(`error ${request}: ${err instanceof Error ? (err.stack ?? String(err)) : String(err)}`);
  return errorAnswer(errors.internal());
}
