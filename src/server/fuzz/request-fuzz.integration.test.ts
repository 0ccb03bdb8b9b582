// Property-based fuzzing of the issue endpoints over real HTTP (spec 7.1, 8.5, 2.2, 4.1.8):
// arbitrary queries, headers, paths and callers; see fuzz-property.ts for the property.
// `npm run stress` runs the same property fifty times as often.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzCase } from '../../../test-support/server/fuzz-requests';
import { assertStillServing, GENEROUS_LIMITS, runFuzzCase, SMALL_LIMITS, type FuzzTarget } from '../../../test-support/server/run-fuzz-case';
import { startTestService, type TestService } from '../../../test-support/server/test-service';

/** Cases per run; together above the thousand this suite promises. */
const GENEROUS_RUNS = 850;
const SMALL_LIMIT_RUNS = 250;
const FUZZ_TEST_TIMEOUT_MS = 120_000;

const services: TestService[] = [];
afterAll(async () => {
  await Promise.all(services.map((s) => s.close()));
});

let casesRun = 0;

async function fuzz(limits: typeof GENEROUS_LIMITS | typeof SMALL_LIMITS, numRuns: number, twinCheck: boolean, now?: () => number): Promise<Map<string, number>> {
  const svc = await startTestService({ limits, ...(now ? { now } : {}) });
  services.push(svc);
  const target: FuzzTarget = { origin: svc.origin, twinCheck, histogram: new Map() };
  await fc.assert(
    fc.asyncProperty(fuzzCase, async (c) => {
      casesRun += 1;
      await runFuzzCase(target, c);
    }),
    { numRuns },
  );
  await assertStillServing(svc.origin);
  return target.histogram;
}

describe('fuzzing the issue endpoints over HTTP', () => {
  it(
    'answers any query, header and path with a spec status, rate-limit headers and a JSON error body, and never tells a private repository from a missing one',
    async () => {
      const seen = await fuzz(GENEROUS_LIMITS, GENEROUS_RUNS, true);
      // The generator reaches the interesting answers, not only 404s.
      for (const status of ['200', '304', '400', '401', '404', '422']) expect(seen.get(status) ?? 0, `status ${status} seen`).toBeGreaterThan(0);
      expect(seen.get('500') ?? 0).toBe(0);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    'keeps the same promises when the rate limits run out (403 and 429)',
    async () => {
      // The service's clock stands still: the one-second burst window then runs out however slowly
      // the host sends the cases (a loaded host once sent fewer than the burst in a second, and saw no 429).
      const stopped = Date.now();
      const seen = await fuzz(SMALL_LIMITS, SMALL_LIMIT_RUNS, false, () => stopped);
      expect(seen.get('403') ?? 0).toBeGreaterThan(0);
      expect(seen.get('429') ?? 0).toBeGreaterThan(0);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it('ran at least a thousand cases', () => {
    expect(casesRun).toBeGreaterThanOrEqual(GENEROUS_RUNS + SMALL_LIMIT_RUNS);
    expect(GENEROUS_RUNS + SMALL_LIMIT_RUNS).toBeGreaterThanOrEqual(1000);
  });
});
