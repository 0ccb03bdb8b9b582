/** What the middleware chain hands to the routes (Hono context variables). */
import type { Caller } from './limits/rate-limiter';
import type { RepoRecord, TokenRecord } from './store/records';

/** The headers every answer to a request carries, gathered before its route (http/answer-headers.ts applies them). */
export interface AnswerHeaders {
  /** those every answer to this request carries (http/answer-headers.ts `everyAnswerHeaders`, lower-case names), shared, never changed */
  every: Readonly<Record<string, string>>;
  requestId: string;
  /** header name (lower case) → value: what a route adds for every answer it makes */
  fixed: Record<string, string>;
  /** headers that depend on the answer's status (a 304 gives its rate-limit credit back) */
  byStatus: Array<(status: number) => Record<string, string>>;
  /** whether an answer has been built with them */
  applied: boolean;
}

export interface AppVariables {
  requestId: string;
  /** who pays for this request: the token's user, or the client IP */
  caller: Caller;
  /** the valid token presented, if any */
  token: TokenRecord | null;
  /** the repository of a `/repos/{owner}/{repo}/...` route, once access is checked */
  repo: RepoRecord;
  /** headers every answer to this request carries, gathered before the route (http/answer-headers.ts) */
  answerHeaders: AnswerHeaders;
}

export interface AppEnv {
  Variables: AppVariables;
}
