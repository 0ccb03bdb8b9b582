/**
 * The scale-out part's loads (bench/scale-out/benchmark.ts, its parts 2 to 4): every server up at once
 * (SQLite, PostgreSQL, a second PostgreSQL instance, nginx in front of one and of two), each
 * load of each server in turn in every round, then the rate limit's round trip alone.
 */
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { limitsOf, DEFAULT_RATE_LIMITS, type Caller } from '../../src/server/limits/rate-limiter';
import { SharedRateLimiter } from '../../src/server/limits/shared-rate-limiter';
import { migratePostgres } from '../../src/server/store/postgres/migrate';
import { sqlOf } from '../../src/server/store/postgres/sql';
import type { PostgresServer } from '../../test-support/server/postgres-server';
import { formatNumber } from '../lib/bench-row';
import type { LoadOptions, LoadResult, LoadTool } from '../lib/load';
import { rotated } from '../lib/load-rounds';
import { HIGH_LIMIT, type RunningServer } from '../lib/peer-servers';
import type { ScenarioKey, ServerKey, TakeKey } from './rows';
import { startNginx } from '../lib/nginx';
import { startServe } from '../lib/serve';
import { boundedLoad, fetchEtag, timeTakes } from './servers';
import { callsPerCaller, type TakeTiming } from './stats';
import { NONCE_PARAM } from '../lib/search-queries';
import { LOAD_ROUNDS } from '../lib/load-rounds';

const TAKE_WARMUP_CALLS = 200;
const TAKE_CALLS = 2_000;
const TAKE_CALLS_QUICK = 500;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface LoadSetup {
  pgServer: PostgresServer;
  servedPg: string;
  servedSqlite: string;
  work: string;
  connections: number;
  load: { connections: number; durationS: number; warmupS: number; tool: LoadTool };
  quick: boolean;
  page1Path: string;
  deepPath: string;
  deepPage: number;
  /** every server started is added here at once, so the caller stops them whatever happens */
  servers: RunningServer[];
  failures: string[];
  log: (line: string) => void;
}

export interface LoadFigures {
  results: Record<string, Array<LoadResult | null>>;
  take: Record<TakeKey, Array<TakeTiming | null>>;
  takeCalls: number;
  takeWarmupCalls: number;
}

export async function loadRounds(setup: LoadSetup): Promise<LoadFigures> {
  const { pgServer, servedPg, servedSqlite, work, connections, load, servers, failures, log, page1Path, deepPath, deepPage } = setup;
  // 2 and 3. Every server up at once, so each round loads them in turn.
  log('starting the servers: SQLite, PostgreSQL, a second PostgreSQL instance, nginx in front of one and of two');
  const sqlite = await startServe('SQLite', servedSqlite);
  servers.push(sqlite);
  const pgOne = await startServe('PostgreSQL', servedPg, { extraArgs: ['--trust-proxy'] });
  servers.push(pgOne);
  const pgTwo = await startServe('PostgreSQL #2', servedPg, { extraArgs: ['--trust-proxy'] });
  servers.push(pgTwo);
  const nginx1 = await startNginx('nginx → 1 instance', mkdtempSync(path.join(work, 'nginx-1-')), [pgOne.port]);
  servers.push(nginx1);
  const nginx2 = await startNginx('nginx → 2 instances', mkdtempSync(path.join(work, 'nginx-2-')), [pgOne.port, pgTwo.port]);
  servers.push(nginx2);
  const byKey: Record<ServerKey, RunningServer> = { sqlite, postgres: pgOne, nginx1, nginx2 };

  // ETags name the answer's bytes, whose URLs hold the server's own origin: each server's own.
  const etags = { sqlite: await fetchEtag(sqlite.base + page1Path), postgres: await fetchEtag(pgOne.base + page1Path) };
  const uncached = (p: string) => ({ paths: [p], nonceParam: NONCE_PARAM });
  const scenarios: Array<{ key: ScenarioKey; label: string; on: ServerKey[]; request: (key: ServerKey, base: string) => Omit<LoadOptions, 'pid' | keyof typeof load> }> = [
    { key: 'page1', label: 'page 1, one URL repeated', on: ['sqlite', 'postgres'], request: (_, base) => ({ name: 'page 1', url: base + page1Path, expectStatus: 200 }) },
    {
      key: 'page1Uncached',
      label: 'page 1, uncached',
      on: ['sqlite', 'postgres', 'nginx1', 'nginx2'],
      request: (_, base) => ({ name: 'page 1 uncached', url: base + page1Path, cycle: uncached(page1Path), expectStatus: 200 }),
    },
    {
      key: 'deepUncached',
      label: `page ${deepPage}, uncached`,
      on: ['sqlite', 'postgres', 'nginx1', 'nginx2'],
      request: (_, base) => ({ name: `page ${deepPage} uncached`, url: base + deepPath, cycle: uncached(deepPath), expectStatus: 200 }),
    },
    {
      key: 'notModified',
      label: 'page 1, 304 (If-None-Match)',
      on: ['sqlite', 'postgres'],
      request: (key, base) => ({ name: 'page 1 with If-None-Match', url: base + page1Path, headers: { 'If-None-Match': key === 'sqlite' ? etags.sqlite : etags.postgres }, expectStatus: 304 }),
    },
  ];

  const results: Record<string, Array<LoadResult | null>> = {};
  const take: Record<TakeKey, Array<TakeTiming | null>> = { sequential: [], concurrentOneKey: [], concurrentKeyEach: [] };

  // 4's database and limiter: a fresh database, the limiter the service's own class.
  const limiterDb = await pgServer.freshDatabase();
  const migrator = new pg.Client({ connectionString: limiterDb });
  await migrator.connect();
  try {
    await migratePostgres(migrator);
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({ connectionString: limiterDb, max: connections });
  pool.on('error', () => undefined);
  const limits = { ...DEFAULT_RATE_LIMITS, unauthLimit: Number(HIGH_LIMIT), authLimit: Number(HIGH_LIMIT), burstLimit: Number(HIGH_LIMIT) };
  const limiter = new SharedRateLimiter(sqlOf(pool), limitsOf(limits, 'core'), () => Date.now(), 'core');
  const takeCalls = setup.quick ? TAKE_CALLS_QUICK : TAKE_CALLS;
  const oneCaller: Caller = { kind: 'ip', address: '192.0.2.1' };
  const sameCaller = Array.from({ length: connections }, () => oneCaller);
  const eachCaller: Caller[] = Array.from({ length: connections }, (_, i) => ({ kind: 'ip', address: `192.0.2.${10 + i}` }));

  try {
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      log(`round ${round + 1} of ${LOAD_ROUNDS}`);
      for (const scenario of scenarios) {
        for (const key of rotated(scenario.on, round)) {
          const server = byKey[key];
          const request = scenario.request(key, server.base);
          log(`  ${server.name}: ${scenario.label} (${load.durationS} s, ${connections} connections)`);
          let result: LoadResult | null = null;
          try {
            result = await boundedLoad({ ...request, ...load, pid: server.process.pid });
            log(`    ${formatNumber(result.requestsPerSecond)} req/s, p50 ${formatNumber(result.p50Ms)} ms, p99 ${formatNumber(result.p99Ms)} ms, peak RSS ${formatNumber(result.peakRssMb)} MB`);
          } catch (err) {
            failures.push(`${server.name} ${scenario.label}, round ${round + 1}: ${errorText(err)}`);
            log(`    FAILED: ${errorText(err)}`);
          }
          (results[`${scenario.key}.${key}`] ??= []).push(result);
        }
      }

      // The limit's round trip with the servers idle, in the same round as the loads.
      log(`  take_credits: ${TAKE_WARMUP_CALLS} warm-up calls, then ${takeCalls} one at a time and ${takeCalls} from ${connections} callers at once (one key, then a key each)`);
      await timeTakes(limiter, eachCaller, callsPerCaller(TAKE_WARMUP_CALLS, connections));
      const batches: Array<[TakeKey, readonly Caller[]]> = [
        ['sequential', [oneCaller]],
        ['concurrentOneKey', sameCaller],
        ['concurrentKeyEach', eachCaller],
      ];
      for (const [key, callers] of rotated(batches, round)) {
        try {
          const timing = await timeTakes(limiter, callers, callsPerCaller(takeCalls, callers.length));
          take[key].push(timing);
          log(`    ${key}: p50 ${formatNumber(timing.p50Ms)} ms, p99 ${formatNumber(timing.p99Ms)} ms, ${formatNumber(timing.requestsPerSecond)} calls/s`);
        } catch (err) {
          take[key].push(null);
          failures.push(`take_credits ${key}, round ${round + 1}: ${errorText(err)}`);
          log(`    ${key} FAILED: ${errorText(err)}`);
        }
      }
    }
  } finally {
    await pool.end();
  }
  return { results, take, takeCalls, takeWarmupCalls: TAKE_WARMUP_CALLS };
}
