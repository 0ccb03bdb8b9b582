/**
 * The Hono chain's side of an API request's steps (http/api-steps.ts).
 * `answerHeaders` gives the request its id and the headers every answer
 * carries; after a preflight (http/cross-origin.ts), `apiSteps` looks up the
 * token and the repository in the store (through the rows remembered in front
 * of it), takes the credit, and answers the verdict: the limit's 403 or 429,
 * the steps' 401, 400, 404 or 301, or the route, which finds the caller, the
 * token and the repository in the context.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { rateLimitHeaders, spentCredit, type RateLimiters } from '../limits/rate-limit';
import type { TakeResult } from '../limits/rate-limiter';
import { docForPath } from './repository-access';
import type { LookupCache } from '../store/lookup-cache';
import type { TokenRecord } from '../store/records';
import type { RepositoryReader } from '../store/storage';
import { addStatusHeaders, applyAnswerHeadersLate, startAnswerHeaders } from './answer-headers';
import { admit, everyAnswerHeaders, limitedAnswer, renamedTarget, repositoryStep, verdictOf, wantedBy, type ApiRequestView, type Refusal, type StepOptions } from './api-steps';
import { unservedVersion } from './api-version';
import { errors } from './error-bodies';
import { newRequestId } from './github-headers';
import { sendError } from './respond';

export interface ApiStepsDependencies extends StepOptions {
  /** token and repository rows, remembered in front of the store */
  lookups: Pick<LookupCache, 'findToken' | 'findRepo'>;
  /** where a renamed repository went */
  renames: Pick<RepositoryReader, 'findRenamed'>;
  limiters: RateLimiters;
  /** the id of a user, for the 403 that names them ("for user ID 123.") */
  userIdOf: (login: string) => Promise<number>;
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

/** The request's id, and the headers every answer to it carries (http/answer-headers.ts). */
export function answerHeaders(): MiddlewareHandler<AppEnv> {
  return async function requestId(c, next) {
    const id = newRequestId();
    c.set('requestId', id);
    startAnswerHeaders(c, everyAnswerHeaders(viewOf(c)), id);
    await next();
    // Answers not built by http/respond.ts (preflights, injected faults, Hono's own) get the gathered headers now.
    applyAnswerHeadersLate(c);
  };
}

/** Who pays, the credit, and the verdict (http/api-steps.ts), for every request but a preflight. */
export function apiSteps(deps: ApiStepsDependencies): MiddlewareHandler<AppEnv> {
  return async function steps(c, next) {
    const view = viewOf(c);
    const wanted = wantedBy(view);
    const { presented, repository } = wanted;
    const token = presented.present && presented.hash !== null ? await deps.lookups.findToken(presented.hash) : null;
    const admission = admit(view, wanted, token, deps);
    c.set('caller', admission.caller);
    c.set('token', admission.token);

    const limiter = deps.limiters[admission.resource];
    let taken: TakeResult | null = null;
    if (admission.free) {
      const snapshot = await limiter.peek(admission.caller);
      addStatusHeaders(c, () => rateLimitHeaders(snapshot));
    } else {
      taken = await limiter.take(admission.caller);
    }
    const verdict = verdictOf(admission, taken);
    if (verdict.kind === 'limited') {
      const limited = await limitedAnswer(verdict, admission.caller, deps.userIdOf);
      return sendError(c, limited.error, limited.headers);
    }
    const credit = taken?.allowed ? spentCredit(limiter, admission.caller, taken.snapshot) : null;
    if (credit) addStatusHeaders(c, (status) => credit.headersFor(status));
    // Bad credentials at an address with no credit left: the 401 still says where the limit stands (spec 8.5).
    else if (taken) addStatusHeaders(c, () => rateLimitHeaders(taken.snapshot));
    if (verdict.kind === 'refused') return refused(c, verdict.refusal, admission.token, deps);
    if (repository) {
      const reached = repositoryStep(admission, repository, await deps.lookups.findRepo(repository.owner, repository.name));
      if (reached.kind === 'refused') return refused(c, reached.refusal, admission.token, deps);
      c.set('repo', reached.repo);
    }
    await next();
    const returned = credit?.returned();
    if (returned) await returned;
  };
}

async function refused(c: Context<AppEnv>, refusal: Refusal, token: TokenRecord | null, deps: ApiStepsDependencies): Promise<Response> {
  if (refusal.kind === 'bad-credentials') return sendError(c, errors.badCredentials());
  if (refusal.kind === 'version') return sendError(c, unservedVersion(refusal.asked));
  const { owner, name } = refusal.named;
  // Looked up for a hidden repository too, though not used, so timing does not tell it from a missing one.
  const moved = renamedTarget(refusal, await deps.renames.findRenamed(owner, name), token);
  if (!moved) return sendError(c, errors.notFound(docForPath(c.req.path)));
  const url = new URL(c.req.url);
  const prefix = /^\/api\/repos\/[^/]+\/[^/]+/.exec(url.pathname)?.[0] ?? '';
  const target = `${url.origin}/api/repos/${moved.owner}/${moved.name}${url.pathname.slice(prefix.length)}${url.search}`;
  return sendError(c, errors.moved(target), { Location: target });
}
