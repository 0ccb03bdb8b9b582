/**
 * The search part of the service bench (issue 27, "Measured"): our
 * `GET /api/search/issues` with a word, a quoted phrase and a qualifier-only
 * query, beside json-server 0.17's `?q=` full-text search and a plain
 * `LIKE '%word%'` scan (like-scan-server.ts) on the same generated entries,
 * all at the same connections and duration.
 *
 * Our service keeps rendered answers per URL for repository resources
 * (src/server/http/answer-cache.ts); a load repeating one URL would measure
 * such a cache, were search answers ever kept in one, more than the search.
 * Each query is therefore loaded twice: repeating one URL, and "uncached",
 * walking pages 1–33 (every page of 30 within GitHub's first 1,000 results)
 * with a parameter the service ignores that makes every URL new (load.ts,
 * RequestCycle). The targets are read from the uncached loads. Paging one
 * search ranks its matches once (store/sqlite/sqlite-search.ts), so the word is
 * also loaded "cold", every request a query the engine has not seen.
 *
 * The uncached and cold loads and both peers are taken in rounds with the servers
 * alternating (load-rounds.ts), each figure the median round's; the
 * repeated-URL loads once each after them.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchRow } from './bench-row';
import { formatNumber } from './bench-row';
import { run } from './child-processes';
import { BENCH_REPO } from './generate-repository';
import { pairedOverheads, timeSummary, type ImportTimes } from './import-timing';
import { medianRound, rotated } from './load-rounds';
import type { LoadOptions, LoadResult, RequestCycle } from './load';
import { startLikeScan, type RunningServer } from './peer-servers';

export const SEARCH_PATH = '/api/search/issues';
/**
 * A fence's language name: in about a quarter of the generated entries. The
 * generator's prose words each occur in nearly every body, so none of them
 * selects a moderate share; a language name is also a whole word to an index
 * and to a substring scan alike (no other generated word contains "sql").
 */
export const SEARCH_WORD = 'sql';
/** Two prose words next to each other, in about one entry in twenty. */
export const SEARCH_PHRASE = 'link header';
export const SEARCH_QUALIFIERS = 'label:bug is:open';
/** GitHub answers only the first 1,000 results: 33 pages of 30. */
export const UNCACHED_PAGES = 33;
/** A parameter GitHub's search ignores; its value differs on every request. */
export const NONCE_PARAM = 'bench_nonce';
/** json-server's answer is cut to one page of 30, as ours and the scan's are, with its count in X-Total-Count. */
const PEER_PAGE_SIZE = 30;

const WORD_RATIO_TARGET = 50;
const WORD_P99_TARGET_MS = 50;
const IMPORT_ADDED_TARGET = 0.5;

export type SearchCaseKey = 'word' | 'phrase' | 'qualifiers';

export interface SearchCase {
  key: SearchCaseKey;
  /** what the table calls it */
  label: string;
  q: string;
}

/** The three queries, each scoped to the bench repository as GitHub's search would be asked. */
export function searchCases(repo: { owner: string; name: string } = BENCH_REPO): SearchCase[] {
  const scope = `repo:${repo.owner}/${repo.name}`;
  return [
    { key: 'word', label: `word ${SEARCH_WORD}`, q: `${scope} ${SEARCH_WORD}` },
    { key: 'phrase', label: `phrase "${SEARCH_PHRASE}"`, q: `${scope} "${SEARCH_PHRASE}"` },
    { key: 'qualifiers', label: SEARCH_QUALIFIERS, q: `${scope} ${SEARCH_QUALIFIERS}` },
  ];
}

/** Path and query of one page of a search (page 1 unstated, as a client first asks). */
export function searchPath(q: string, page = 1): string {
  return `${SEARCH_PATH}?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ''}`;
}

/**
 * The pages of 30 that hold results, up to the 33 GitHub serves: a page past
 * the last result is an empty answer, cheaper than any real one, and would
 * flatter the figure (a small BENCH_ENTRIES has fewer than 1,000 results).
 */
export function pagesWithResults(total: number): number {
  return Math.min(UNCACHED_PAGES, Math.max(1, Math.ceil(total / 30)));
}

/** How many different queries the cold load walks: more than it can send in a load, so none repeats. */
export const COLD_QUERIES = 1000;

/**
 * The word query as new every time: `-author:` of someone who wrote nothing selects the same
 * issues but binds another value into the engine's statement, so nothing it remembers of one
 * search (the ranking of its matches) serves the next. (`-label:` would not do: a label the
 * repository lacks compiles to a constant, the same statement every time.) Page 1 each time,
 * as a person's first look at a search.
 */
export function coldCycle(q: string, queries: number = COLD_QUERIES): RequestCycle {
  return { paths: Array.from({ length: queries }, (_, i) => searchPath(`${q} -author:bench-cold-${i}`)) };
}

/** Pages 1–`pages` in turn, every request a new URL. */
export function uncachedCycle(q: string, pages: number = UNCACHED_PAGES): RequestCycle {
  return { paths: Array.from({ length: pages }, (_, i) => searchPath(q, i + 1)), nonceParam: NONCE_PARAM };
}

export type Measure = (key: string, server: RunningServer, request: Omit<LoadOptions, 'pid' | 'connections' | 'durationS' | 'warmupS' | 'tool'>) => Promise<LoadResult | null>;

export interface SearchBenchInput {
  ours: RunningServer;
  jsonServer: RunningServer;
  token: string;
  issuesFile: string;
  work: string;
  rounds: number;
  measure: Measure;
  log: (line: string) => void;
  imports: ImportTimes;
  entries: number;
}

export interface SearchBenchResult {
  rows: BenchRow[];
  json: unknown;
  failures: string[];
}

async function totalOf(url: string, headers: Record<string, string>, read: (res: Response, body: string) => number | null): Promise<number | string> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) return `${res.status}`;
  return read(res, body) ?? 'no count';
}

const totalCount = (_res: Response, body: string): number | null => {
  const value = (JSON.parse(body) as { total_count?: unknown }).total_count;
  return typeof value === 'number' ? value : null;
};

export async function searchBenchmarks(input: SearchBenchInput): Promise<SearchBenchResult> {
  const { ours, jsonServer, token, log, measure, rounds } = input;
  const auth = { Authorization: `Bearer ${token}` };
  const cases = searchCases();
  const failures: string[] = [];
  const results: Record<string, LoadResult | null> = {};
  const keep = async (key: string, server: RunningServer, request: Parameters<Measure>[2]) => {
    results[key] = await measure(`search.${key}`, server, request);
  };

  log('search: the LIKE-scan peer builds its table from the same entries');
  const likeDb = path.join(input.work, 'like-scan.db');
  const { ms: likeBuildMs } = await run('node', ['--import', 'tsx', path.join('bench', 'like-scan-server.ts'), 'build', input.issuesFile, likeDb]);
  log(`  ${formatNumber(likeBuildMs / 1000)} s`);

  const counts: Record<string, number | string> = {};
  const jsonServerWordUrl = `${jsonServer.base}/issues?q=${encodeURIComponent(SEARCH_WORD)}&_page=1&_limit=${PEER_PAGE_SIZE}`;
  try {
    return await withLikeScan(likeDb, async (likeScan) => {
      const likeWordUrl = `${likeScan.base}/search?q=${encodeURIComponent(SEARCH_WORD)}`;
      for (const c of cases) counts[`ours.${c.key}`] = await totalOf(ours.base + searchPath(c.q), auth, totalCount);
      counts.jsonServer = await totalOf(jsonServerWordUrl, {}, (res) => Number(res.headers.get('x-total-count') ?? Number.NaN));
      counts.likeScan = await totalOf(likeWordUrl, {}, totalCount);
      for (const c of cases) log(`  ours ${c.label}: ${formatCount(counts[`ours.${c.key}`])} results (q=${c.q})`);
      log(`  json-server ?q=${SEARCH_WORD}: ${formatCount(counts.jsonServer)} · LIKE scan '%${SEARCH_WORD}%': ${formatCount(counts.likeScan)}`);
      const oursReady = typeof counts['ours.word'] === 'number';
      if (!oursReady) failures.push(`our search answered ${counts['ours.word']} to ${searchPath(cases[0]?.q ?? '')}: no figures of ours (is GET ${SEARCH_PATH} built?)`);

      // Cheap requests each server answers only after its backlog (load.ts, settleUrl).
      const oursIdle = `${ours.base}/api/rate_limit`;
      type Scenario = { key: string; server: RunningServer; request: Parameters<Measure>[2] };
      const wordCase = cases.find((c) => c.key === 'word');
      const inRounds: Scenario[] = [
        ...(oursReady
          ? cases.map((c): Scenario => ({ key: `ours.${c.key}.uncached`, server: ours, request: { name: `search ${c.label}, uncached`, url: ours.base + searchPath(c.q), headers: auth, cycle: uncachedCycle(c.q, pagesWithResults(Number(counts[`ours.${c.key}`]))), settleUrl: oursIdle, expectStatus: 200 } }))
          : []),
        ...(oursReady && wordCase
          ? [{ key: 'ours.word.cold', server: ours, request: { name: `search ${wordCase.label}, a new query each time`, url: ours.base + searchPath(wordCase.q), headers: auth, cycle: coldCycle(wordCase.q), settleUrl: oursIdle, expectStatus: 200 as const } }]
          : []),
        { key: 'jsonServer.word', server: jsonServer, request: { name: `?q=${SEARCH_WORD}&_page=1&_limit=${PEER_PAGE_SIZE}`, url: jsonServerWordUrl, settleUrl: `${jsonServer.base}/issues/1`, expectStatus: 200 } },
        { key: 'likeScan.word', server: likeScan, request: { name: `LIKE '%${SEARCH_WORD}%'`, url: likeWordUrl, settleUrl: `${likeScan.base}/idle`, expectStatus: 200 } },
      ];
      for (let round = 0; round < rounds; round++) {
        log(`search, round ${round + 1} of ${rounds}`);
        for (const s of rotated(inRounds, round)) await keep(`${s.key}.round${round + 1}`, s.server, { ...s.request, name: `${s.request.name}, round ${round + 1}` });
      }
      for (const s of inRounds) results[s.key] = medianRound(roundsOf(results, s.key, rounds));

      if (oursReady) {
        log('search, one URL repeated');
        for (const c of cases) await keep(`ours.${c.key}.repeated`, ours, { name: `search ${c.label}, repeated URL`, url: ours.base + searchPath(c.q), headers: auth, settleUrl: oursIdle, expectStatus: 200 });
      }
      return {
        rows: searchRows({ results, rounds, counts, imports: input.imports, entries: input.entries, oursReady }),
        failures,
        json: {
          queries: cases,
          uncached: { pages: UNCACHED_PAGES, nonceParam: NONCE_PARAM },
          peers: { jsonServer: jsonServerWordUrl.replace(jsonServer.base, ''), likeScan: likeWordUrl.replace(likeScan.base, '') },
          counts,
          likeBuildSeconds: likeBuildMs / 1000,
          imports: input.imports,
          results,
        },
      };
    });
  } finally {
    for (const file of [likeDb, `${likeDb}-wal`, `${likeDb}-shm`]) rmSync(file, { force: true });
  }
}

async function withLikeScan<T>(dbFile: string, use: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startLikeScan(dbFile);
  try {
    return await use(server);
  } finally {
    await server.process.stop();
  }
}

function formatCount(value: number | string | undefined): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : `(${value ?? 'none'})`;
}

function roundsOf(results: Record<string, LoadResult | null>, key: string, rounds: number): Array<LoadResult | null> {
  return Array.from({ length: rounds }, (_, i) => results[`${key}.round${i + 1}`] ?? null);
}

interface RowInput {
  results: Record<string, LoadResult | null>;
  rounds: number;
  counts: Record<string, number | string>;
  imports: ImportTimes;
  entries: number;
  oursReady: boolean;
}

const loadCell = (x: LoadResult | null | undefined) => (x ? `${formatNumber(x.requestsPerSecond)} (${formatNumber(x.p50Ms)} / ${formatNumber(x.p99Ms)})` : 'FAILED');

/** The table rows: each query repeated and uncached, the peers beside the word, and the three targets. */
export function searchRows({ results, rounds, counts, imports, entries, oursReady }: RowInput): BenchRow[] {
  const rows: BenchRow[] = [];
  const r = (key: string) => results[key] ?? null;
  const done = (key: string) => roundsOf(results, key, rounds).filter((x): x is LoadResult => x !== null);
  const eachRound = (key: string, pick: (x: LoadResult) => number) => roundsOf(results, key, rounds).map((x) => (x ? formatNumber(pick(x)) : 'FAILED')).join(' · ');
  const none = oursReady ? 'FAILED' : 'no endpoint';

  const jsonServer = r('jsonServer.word');
  const likeScan = r('likeScan.word');
  for (const c of searchCases()) {
    const count = formatCount(counts[`ours.${c.key}`]);
    const uncached = r(`ours.${c.key}.uncached`);
    rows.push({
      figure: `search ${c.label} (${count} results), uncached, median of ${rounds} rounds: req/s (p50 / p99 ms)`,
      value: uncached ? loadCell(uncached) : none,
      ...(c.key === 'word' ? { peer: `json-server ${loadCell(jsonServer)} · LIKE scan ${loadCell(likeScan)}` } : {}),
    });
    const repeated = r(`ours.${c.key}.repeated`);
    rows.push({ figure: `search ${c.label}, one URL repeated: req/s (p50 / p99 ms)`, value: repeated ? loadCell(repeated) : none });
  }

  const word = r('ours.word.uncached');
  const wordRatio = word && jsonServer && jsonServer.requestsPerSecond > 0 ? word.requestsPerSecond / jsonServer.requestsPerSecond : null;
  rows.push({
    figure: `search word ${SEARCH_WORD}, uncached, req/s beside json-server ?q= (${formatCount(counts.jsonServer)} results), median rounds`,
    value: word ? word.requestsPerSecond : none,
    peer: `json-server ${jsonServer ? formatNumber(jsonServer.requestsPerSecond) : 'FAILED'}`,
    ...(wordRatio !== null ? { ratio: `${formatNumber(wordRatio)}×` } : {}),
    target: `≥ ${WORD_RATIO_TARGET}× json-server`,
    met: wordRatio !== null && wordRatio >= WORD_RATIO_TARGET,
  });
  rows.push({
    figure: `search word ${SEARCH_WORD}, uncached, req/s beside LIKE '%${SEARCH_WORD}%' (${formatCount(counts.likeScan)} results), median rounds`,
    value: word ? word.requestsPerSecond : none,
    peer: `LIKE scan ${likeScan ? formatNumber(likeScan.requestsPerSecond) : 'FAILED'}`,
    ...(word && likeScan && likeScan.requestsPerSecond > 0 ? { ratio: `${formatNumber(word.requestsPerSecond / likeScan.requestsPerSecond)}×` } : {}),
  });
  const cold = r('ours.word.cold');
  const coldP99s = timeSummary(done('ours.word.cold').map((x) => x.p99Ms));
  rows.push({
    figure: `search word ${SEARCH_WORD}, a new query each request (nothing remembered), median of ${rounds} rounds: req/s (p50 / p99 ms); p99 of each round ${eachRound('ours.word.cold', (x) => x.p99Ms)}`,
    value: cold ? loadCell(cold) : none,
    peer: `json-server ${jsonServer ? formatNumber(jsonServer.requestsPerSecond) : 'FAILED'}`,
    ...(cold && jsonServer && jsonServer.requestsPerSecond > 0 ? { ratio: `${formatNumber(cold.requestsPerSecond / jsonServer.requestsPerSecond)}×` } : {}),
    ...(coldP99s ? { target: `p99 ≤ ${WORD_P99_TARGET_MS} ms (shown, not judged)` } : {}),
  });
  rows.push({
    figure: `search word, each round: req/s (worst ${worstRps(done('ours.word.uncached'))})`,
    value: eachRound('ours.word.uncached', (x) => x.requestsPerSecond),
    peer: `json-server ${eachRound('jsonServer.word', (x) => x.requestsPerSecond)} · LIKE scan ${eachRound('likeScan.word', (x) => x.requestsPerSecond)}`,
  });

  // Each load's p99 swings widely from one short load to the next here: the target reads the median of the rounds' p99s.
  const p99s = timeSummary(done('ours.word.uncached').map((x) => x.p99Ms));
  rows.push({
    figure: `search word ${SEARCH_WORD}, uncached, p99 at ${word?.connections ?? jsonServer?.connections ?? '?'} connections (ms, median of rounds' p99s: ${eachRound('ours.word.uncached', (x) => x.p99Ms)}; worst ${p99s ? formatNumber(p99s.worst) : '-'})`,
    value: p99s ? p99s.median : none,
    target: `≤ ${WORD_P99_TARGET_MS} ms`,
    met: p99s !== null && p99s.median <= WORD_P99_TARGET_MS,
  });

  const searchRss = Object.entries(results).filter(([k, v]) => k.startsWith('ours.') && v).map(([, v]) => (v as LoadResult).peakRssMb);
  if (searchRss.length > 0) rows.push({ figure: 'search: our server peak RSS under the search loads (MB)', value: Math.max(...searchRss) });

  const ours = timeSummary(imports.ours);
  const base = imports.baseline ? timeSummary(imports.baseline) : null;
  const added = ours && base ? ours.median / base.median - 1 : null;
  const runsOf = (xs: readonly number[]) => xs.map((x) => formatNumber(x)).join(' · ');
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${Math.round(x * 100)}%`;
  const pairs = imports.baseline ? pairedOverheads(imports.ours, imports.baseline).map(signed).join(' · ') : '';
  const fullSize = entries >= 100_000;
  rows.push({
    figure: `import ${entries.toLocaleString('en-US')} entries with the search index vs without (s, median; worst; runs ${runsOf(imports.ours)}${imports.baseline ? ` vs ${runsOf(imports.baseline)}; each pair ${pairs}` : ''})`,
    value: ours ? `${formatNumber(ours.median)}; ${formatNumber(ours.worst)}` : 'FAILED',
    peer: base ? `${imports.baselineCommit?.slice(0, 7)} ${formatNumber(base.median)}; ${formatNumber(base.worst)}` : 'no baseline',
    ...(added !== null ? { ratio: signed(added) } : {}),
    target: `≤ +${IMPORT_ADDED_TARGET * 100}%${fullSize ? '' : ' at 100,000'}`,
    // Without a baseline (BENCH_SEARCH_BASE=none) there is nothing to judge.
    ...(fullSize && added !== null ? { met: added <= IMPORT_ADDED_TARGET } : {}),
  });
  return rows;
}

function worstRps(rounds: LoadResult[]): string {
  return rounds.length > 0 ? formatNumber(Math.min(...rounds.map((x) => x.requestsPerSecond))) : '-';
}
