/**
 * The Hono chain's side of an API request's steps (http/api-steps.ts).
 * `answerHeaders` gives the request its id and the headers every answer
 * carries; after a preflight (http/cross-origin.ts), `apiSteps` runs the one
 * list of steps with rows looked up in the store (through the rows remembered
 * in front of it) and sends the answer one of them gives, or hands the route
 * the caller, the token and the repository in the context.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { LookupCache } from '../store/lookup-cache';
import type { RepoRecord, TokenRecord } from '../store/records';
import type { Awaitable, RepositoryReader } from '../store/storage';
import { answerHeadersOf, applyAnswerHeadersLate } from './answer-headers';
import { creditReturned, newApiRequest, runApiSteps, type ApiRequestView, type ApiStepsDependencies, type StepRows } from './api-steps';
import { sendAnswer } from './respond';

export interface ChainDependencies extends ApiStepsDependencies {
  /** token and repository rows, remembered in front of the store */
  lookups: Pick<LookupCache, 'findToken' | 'findRepo'>;
  /** where a renamed repository went */
  renames: Pick<RepositoryReader, 'findRenamed'>;
}

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The node:http request under @hono/node-server (its `env.incoming`); none under `app.request()`. */
function incomingOf(env: unknown): NodeBindings['incoming'] {
  return (env as NodeBindings | undefined)?.incoming;
}

/** The steps' view of a Hono request. */
function viewOf(c: Context<AppEnv>): ApiRequestView {
  return {
    method: c.req.method,
    path: c.req.path,
    header: (name) => c.req.header(name),
    peerAddress: incomingOf(c.env)?.socket?.remoteAddress,
  };
}

/** The chain's rows: the store's, through the rows remembered in front of it. */
class StoreRows implements StepRows {
  constructor(
    private readonly lookups: ChainDependencies['lookups'],
    private readonly renames: ChainDependencies['renames'],
  ) {}

  token(hash: string): Awaitable<TokenRecord | null> {
    return this.lookups.findToken(hash);
  }

  repo(owner: string, name: string): Awaitable<RepoRecord | null> {
    return this.lookups.findRepo(owner, name);
  }

  renamed(owner: string, name: string): Awaitable<RepoRecord | null> {
    return this.renames.findRenamed(owner, name);
  }
}

/** The request's id, and the headers every answer to it carries (http/answer-headers.ts). */
export function answerHeaders(): MiddlewareHandler<AppEnv> {
  return async function requestId(c, next) {
    const gathered = answerHeadersOf(viewOf(c));
    c.set('requestId', gathered.requestId);
    c.set('answerHeaders', gathered);
    await next();
    // Answers not built by http/respond.ts (preflights, injected faults, Hono's own) get the gathered headers now.
    applyAnswerHeadersLate(c);
  };
}

/** The steps (http/api-steps.ts `API_STEPS`), for every request but a preflight. */
export function apiSteps(deps: ChainDependencies): MiddlewareHandler<AppEnv> {
  const rows = new StoreRows(deps.lookups, deps.renames);
  return async function steps(c, next) {
    const request = newApiRequest(viewOf(c), c.req.url, c.get('answerHeaders'));
    const answer = await runApiSteps(request, rows, deps);
    if (request.admission) {
      c.set('caller', request.admission.caller);
      c.set('token', request.admission.token);
    }
    if (answer) return sendAnswer(c, answer);
    if (request.repo) c.set('repo', request.repo);
    await next();
    const returned = creditReturned(request);
    if (returned) await returned;
  };
}
