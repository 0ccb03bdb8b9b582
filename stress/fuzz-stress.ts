/**
 * The fuzz property of test-support/server/fuzz-property.ts, run many
 * times: mostly against a service with generous limits (the answers reach the
 * routes), a tenth against one with small limits (403 and 429 at zero).
 * Several properties run at once with different seeds, as concurrent clients.
 */
import fc from 'fast-check';
import { fuzzCase } from '../test-support/server/fuzz-requests';
import { assertStillServing, GENEROUS_LIMITS, runFuzzCase, SMALL_LIMITS, type FuzzTarget } from '../test-support/server/run-fuzz-case';
import { startTestService } from '../test-support/server/test-service';

const WORKERS = 4;
const SMALL_LIMIT_SHARE = 0.1;

export interface FuzzFigures {
  cases: number;
  histogram: Map<string, number>;
  seconds: number;
  failure: string | null;
}

async function runOn(limits: typeof GENEROUS_LIMITS | typeof SMALL_LIMITS, cases: number, twinCheck: boolean, counter: { cases: number }, histogram: Map<string, number>): Promise<string | null> {
  const svc = await startTestService({ limits });
  try {
    const perWorker = Math.ceil(cases / WORKERS);
    const results = await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        const target: FuzzTarget = { origin: svc.origin, twinCheck, histogram };
        const details = await fc.check(
          fc.asyncProperty(fuzzCase, async (c) => {
            counter.cases += 1;
            await runFuzzCase(target, c);
          }),
          { numRuns: perWorker },
        );
        return details.failed ? fc.defaultReportMessage(details) ?? 'failed' : null;
      }),
    );
    await assertStillServing(svc.origin);
    return results.find((r) => r !== null) ?? null;
  } finally {
    await svc.close();
  }
}

export async function fuzzStress(totalCases: number): Promise<FuzzFigures> {
  const started = performance.now();
  const counter = { cases: 0 };
  const histogram = new Map<string, number>();
  const small = Math.round(totalCases * SMALL_LIMIT_SHARE);
  const failure = (await runOn(GENEROUS_LIMITS, totalCases - small, true, counter, histogram)) ?? (await runOn(SMALL_LIMITS, small, false, counter, histogram));
  return { cases: counter.cases, histogram, seconds: (performance.now() - started) / 1000, failure };
}
