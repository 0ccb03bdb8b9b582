/** What the middleware chain hands to the routes (Hono context variables). */
import type { AnswerHeaders } from './http/answer-headers';
import type { Caller } from './limits/rate-limiter';
import type { RepoRecord, TokenRecord } from './store/records';

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
