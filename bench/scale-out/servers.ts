/** What the scale-out part (bench/scale-out/benchmark.ts) needs beside its servers (bench/lib/serve.ts, bench/lib/nginx.ts): its databases and its loads. */
import pg from 'pg';
import type { Caller } from '../../src/server/limits/rate-limiter';
import type { SharedRateLimiter } from '../../src/server/limits/shared-rate-limiter';
import { measureLoad, UnexpectedAnswersError, type LoadOptions, type LoadResult } from '../lib/load';
import { takeTiming, type TakeTiming } from './stats';

/** a load that has not ended this long after its warm-up and run should have is stopped as failed */
const LOAD_GRACE_S = 60;

export async function dropDatabase(serverUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Fails with the load's name once it runs LOAD_GRACE_S past its warm-up and run, so no round can stall the part. */
export async function boundedLoad(options: LoadOptions): Promise<LoadResult> {
  const limitMs = (options.warmupS + options.durationS + LOAD_GRACE_S) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnexpectedAnswersError(`${options.name}: still running ${limitMs / 1000} s after it started (${options.url})`)), limitMs);
  });
  try {
    return await Promise.race([measureLoad(options), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function fetchEtag(url: string): Promise<string> {
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 300)}`);
  const etag = res.headers.get('etag');
  if (!etag) throw new Error(`${url} sent no ETag, so the 304 scenario cannot run`);
  return etag;
}

/** `calls[i]` sequential `take`s for caller i, all callers at once; each call timed on its own. */
export async function timeTakes(limiter: SharedRateLimiter, callers: readonly Caller[], calls: readonly number[]): Promise<TakeTiming> {
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    callers.map(async (caller, i) => {
      for (let k = 0; k < (calls[i] ?? 0); k++) {
        const t = performance.now();
        const taken = await limiter.take(caller);
        latencies.push(performance.now() - t);
        if (!taken.allowed) throw new Error(`take_credits refused a credit (${taken.reason}): the limits are set too low for the calls timed`);
      }
    }),
  );
  return takeTiming(latencies, performance.now() - t0);
}
