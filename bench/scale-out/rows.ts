/** The scale-out part's table rows (bench/scale-out/benchmark.ts): each figure beside its peer, ratio and target. */
import type { BenchRow } from '../lib/bench-row';
import { formatNumber } from '../lib/bench-row';
import { timeSummary } from '../lib/import-timing';
import type { LoadResult } from '../lib/load';
import { summarizeRounds, type RoundsSummary, type TakeTiming } from './stats';
import { LOAD_ROUNDS } from '../lib/load-rounds';

const FULL_SIZE_ENTRIES = 100_000;
const IMPORT_TARGET_S = 30;
const PAGE1_SHARE_TARGET = 0.5;
const DEEP_P99_RATIO_TARGET = 1.5;

export type Engine = 'postgres' | 'sqlite';
export type ServerKey = 'sqlite' | 'postgres' | 'nginx1' | 'nginx2';
export type ScenarioKey = 'page1' | 'page1Uncached' | 'deepUncached' | 'notModified';
export type TakeKey = 'sequential' | 'concurrentOneKey' | 'concurrentKeyEach';

const times = (x: number) => `${formatNumber(x)}×`;
const percent = (x: number) => `${Math.round(x * 100)}%`;

/** The imports' row: PostgreSQL's median against SQLite's, and the target at full size. */
export function importRow(entries: number, importS: Record<Engine, number[]>): BenchRow {
  const fullSize = entries >= FULL_SIZE_ENTRIES;
  const pgImport = timeSummary(importS.postgres);
  const sqliteImport = timeSummary(importS.sqlite);
  const runs = (xs: number[]) => xs.map((x) => formatNumber(x)).join(' · ');
  return {
    figure: `import ${entries.toLocaleString('en-US')} entries: PostgreSQL vs SQLite (s, median of ${importS.postgres.length}: ${runs(importS.postgres)}; worst ${pgImport ? formatNumber(pgImport.worst) : '-'})`,
    value: pgImport ? pgImport.median : 'FAILED',
    peer: sqliteImport ? `SQLite ${formatNumber(sqliteImport.median)} (${runs(importS.sqlite)}; worst ${formatNumber(sqliteImport.worst)})` : 'SQLite FAILED',
    ...(pgImport && sqliteImport ? { ratio: times(pgImport.median / sqliteImport.median) } : {}),
    target: fullSize ? `≤ ${IMPORT_TARGET_S} s` : `≤ ${IMPORT_TARGET_S} s at 100,000`,
    ...(fullSize ? { met: pgImport !== null && pgImport.median <= IMPORT_TARGET_S } : {}),
  };
}

export interface Measured {
  entries: number;
  perPage: number;
  deepPage: number;
  connections: number;
  takeCalls: number;
  importS: Record<Engine, number[]>;
  results: Record<string, Array<LoadResult | null>>;
  take: Record<TakeKey, Array<TakeTiming | null>>;
}

export function buildRows({ entries, perPage, deepPage, connections, takeCalls, importS, results, take }: Measured): BenchRow[] {
  const rows: BenchRow[] = [];
  const rounds = (scenario: ScenarioKey, key: ServerKey) => results[`${scenario}.${key}`] ?? [];
  const summary = (scenario: ScenarioKey, key: ServerKey) => summarizeRounds(rounds(scenario, key));
  const each = (values: ReadonlyArray<{ requestsPerSecond: number } | null>) => values.map((r) => (r ? formatNumber(r.requestsPerSecond) : 'FAILED')).join(' · ');
  const rps = (s: RoundsSummary<LoadResult>) => (s.median ? s.median.requestsPerSecond : 'FAILED');
  const rpsText = (s: RoundsSummary<LoadResult>, values: ReadonlyArray<LoadResult | null>) =>
    s.median ? `${formatNumber(s.median.requestsPerSecond)} (${each(values)}; worst ${formatNumber(s.worstPerSecond ?? NaN)})` : 'FAILED';
  const latencyText = (s: RoundsSummary<LoadResult>) =>
    s.median ? `${formatNumber(s.median.p50Ms)} / ${formatNumber(s.median.p99Ms)} (worst p99 ${formatNumber(s.worstP99Ms ?? NaN)})` : 'FAILED';

  rows.push(importRow(entries, importS));

  // 2. One instance on each engine.
  const oneInstance: Array<{ scenario: ScenarioKey; label: string; target: boolean }> = [
    { scenario: 'page1', label: `page 1 (per_page=${perPage}), one URL repeated`, target: true },
    { scenario: 'page1Uncached', label: `page 1 (per_page=${perPage}), uncached`, target: true },
    { scenario: 'deepUncached', label: `page ${deepPage} (per_page=${perPage}), uncached`, target: false },
    { scenario: 'notModified', label: 'page 1, 304 revalidation (If-None-Match)', target: false },
  ];
  for (const { scenario, label, target } of oneInstance) {
    const pgS = summary(scenario, 'postgres');
    const sqliteS = summary(scenario, 'sqlite');
    const share = pgS.median && sqliteS.median ? pgS.median.requestsPerSecond / sqliteS.median.requestsPerSecond : null;
    rows.push({
      figure: `PostgreSQL vs SQLite, 1 instance: ${label} (req/s, median of ${LOAD_ROUNDS} rounds: ${each(rounds(scenario, 'postgres'))}; worst ${formatNumber(pgS.worstPerSecond ?? NaN)})`,
      value: rps(pgS),
      peer: `SQLite ${rpsText(sqliteS, rounds(scenario, 'sqlite'))}`,
      ...(share !== null ? { ratio: percent(share) } : {}),
      ...(target ? { target: `≥ ${percent(PAGE1_SHARE_TARGET)} of SQLite`, met: share !== null && share >= PAGE1_SHARE_TARGET } : {}),
    });
    rows.push({ figure: `PostgreSQL vs SQLite, 1 instance: ${label} p50 / p99 (ms, median round)`, value: latencyText(pgS), peer: `SQLite ${latencyText(sqliteS)}` });
  }
  const p99Ratio = (key: ServerKey) => {
    const deep = summary('deepUncached', key).medianP99Ms;
    const first = summary('page1Uncached', key).medianP99Ms;
    return deep !== null && first !== null ? deep / first : null;
  };
  const p99s = (scenario: ScenarioKey, key: ServerKey) => rounds(scenario, key).map((r) => (r ? formatNumber(r.p99Ms) : 'FAILED')).join(' · ');
  const pgP99Ratio = p99Ratio('postgres');
  const sqliteP99Ratio = p99Ratio('sqlite');
  rows.push({
    figure: `PostgreSQL page ${deepPage} p99 / page 1 p99, uncached (medians of the rounds' p99s; ms: deep ${p99s('deepUncached', 'postgres')}, page 1 ${p99s('page1Uncached', 'postgres')})`,
    value: pgP99Ratio !== null ? times(pgP99Ratio) : 'FAILED',
    peer: `SQLite ${sqliteP99Ratio !== null ? times(sqliteP99Ratio) : 'FAILED'}`,
    target: `≤ ${times(DEEP_P99_RATIO_TARGET)}`,
    met: pgP99Ratio !== null && pgP99Ratio <= DEEP_P99_RATIO_TARGET,
  });

  // 3. Two instances behind nginx against one.
  for (const scenario of ['page1Uncached', 'deepUncached'] as const) {
    const label = scenario === 'page1Uncached' ? 'page 1, uncached' : `page ${deepPage}, uncached`;
    const two = summary(scenario, 'nginx2');
    const oneBehind = summary(scenario, 'nginx1');
    const oneDirect = summary(scenario, 'postgres');
    const ratioTo = (other: RoundsSummary<LoadResult>) => (two.median && other.median ? { ratio: times(two.median.requestsPerSecond / other.median.requestsPerSecond) } : {});
    rows.push({
      figure: `PostgreSQL, 2 instances behind nginx vs 1 behind nginx: ${label} (req/s, median of ${LOAD_ROUNDS} rounds: ${each(rounds(scenario, 'nginx2'))}; worst ${formatNumber(two.worstPerSecond ?? NaN)})`,
      value: rps(two),
      peer: `1 instance ${rpsText(oneBehind, rounds(scenario, 'nginx1'))}`,
      ...ratioTo(oneBehind),
    });
    rows.push({
      figure: `PostgreSQL, 2 instances behind nginx vs 1 alone (no nginx): ${label} (req/s)`,
      value: rps(two),
      peer: `1 instance ${rpsText(oneDirect, rounds(scenario, 'postgres'))}`,
      ...ratioTo(oneDirect),
    });
    rows.push({
      figure: `PostgreSQL, 2 instances behind nginx: ${label} p50 / p99 (ms, median round)`,
      value: latencyText(two),
      peer: `1 behind nginx ${latencyText(oneBehind)} · 1 alone ${latencyText(oneDirect)}`,
    });
  }

  // 4. The limit's round trip.
  const takeRows: Array<[TakeKey, string]> = [
    ['sequential', 'one call at a time'],
    ['concurrentOneKey', `${connections} callers at once, one caller key (as a load from one address)`],
    ['concurrentKeyEach', `${connections} callers at once, a key each`],
  ];
  for (const [key, label] of takeRows) {
    const s = summarizeRounds(take[key]);
    rows.push({
      figure: `take_credits round trip from the bench process, ${label} (ms p50 / p99 of ${takeCalls.toLocaleString('en-US')} calls, median round of ${LOAD_ROUNDS}; worst p99)`,
      value: s.median ? `${formatNumber(s.median.p50Ms)} / ${formatNumber(s.median.p99Ms)} (worst p99 ${formatNumber(s.worstP99Ms ?? NaN)})` : 'FAILED',
      peer: s.median ? `${formatNumber(s.median.requestsPerSecond)} calls/s (${each(take[key])})` : '',
    });
  }
  return rows;
}
