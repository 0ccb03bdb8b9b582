/**
 * Sending fuzz cases to a running service and holding each answer to the property: one case, its
 * twin on a missing repository when a stranger asks for the private one, and a last check that the
 * service still serves.
 */
import { REPOS, rawRequestOf, type FuzzCase } from './fuzz-case';
import { checkAnswer, failCase, fingerprint, FuzzViolation } from './fuzz-property';
import { sendRaw } from './fuzz-wire';

export const FUZZ_TIMEOUT_MS = 10_000;

export interface FuzzTarget {
  origin: string;
  /** compare a stranger's private answers with the missing repository's (needs credits to spare) */
  twinCheck: boolean;
  /** counts answers by status, `not-http` for parser refusals */
  histogram: Map<string, number>;
}

function count(h: Map<string, number>, key: string): void {
  h.set(key, (h.get(key) ?? 0) + 1);
}

/** Sends one case, checks the property and, for a stranger on the private repository, its twin. */
export async function runFuzzCase(target: FuzzTarget, c: FuzzCase): Promise<void> {
  const res = await sendRaw(target.origin, rawRequestOf(c), FUZZ_TIMEOUT_MS);
  checkAnswer(c, res);
  count(target.histogram, c.notHttp ? 'not-http' : String(res.status));
  const stranger = c.caller !== 'granted';
  if (target.twinCheck && stranger && !c.notHttp && (c.repoKind === 'private' || c.repoKind === 'hidden-renamed')) {
    const twin = await sendRaw(target.origin, rawRequestOf(c, REPOS.missing), FUZZ_TIMEOUT_MS);
    count(target.histogram, String(twin.status));
    // Only when both were allowed by the limits: a 403/429 at zero is about the caller, not the repository.
    if (res.status !== 403 && res.status !== 429 && twin.status !== 403 && twin.status !== 429 && fingerprint(res) !== fingerprint(twin)) {
      failCase(c, res, `a stranger can tell the private repository from a missing one:\n  missing: ${fingerprint(twin).slice(0, 600)}\n  private: ${fingerprint(res).slice(0, 600)}`);
    }
  }
}

/** The service must still answer after the fuzz: no crash, no wedged event loop. */
export async function assertStillServing(origin: string): Promise<void> {
  const res = await sendRaw(origin, { method: 'GET', target: '/api/rate_limit', headers: [] }, FUZZ_TIMEOUT_MS);
  if (res.status !== 200) throw new FuzzViolation(`the service no longer answers /api/rate_limit: ${res.status}`);
}

/** Rate limits for a fuzz that should mostly reach the routes, and small ones so 403 and 429 show up. */
export const GENEROUS_LIMITS = { unauthLimit: 10_000_000, authLimit: 10_000_000, burstLimit: 10_000_000 };
export const SMALL_LIMITS = { unauthLimit: 20, authLimit: 30, burstLimit: 25, burstWindowSeconds: 1 };
