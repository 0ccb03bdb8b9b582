/**
 * The search part of the service bench (issue 27, "Measured"): our
 * `GET /api/search/issues` with a word, a quoted phrase and a qualifier-only
 * query, beside json-server 0.17's `?q=` full-text search and a plain
 * `LIKE '%word%'` scan (lib/like-scan-server.ts) on the same generated entries,
 * all at the same connections and duration.
 *
 * Our service keeps rendered answers per URL for repository resources
 * (src/server/http/answer-cache.ts); a load repeating one URL would measure
 * such a cache, were search answers ever kept in one, more than the search.
 * Each query is therefore loaded twice: repeating one URL, and "uncached",
 * walking pages 1–33 (every page of 30 within GitHub's first 1,000 results)
 * with a parameter the service ignores that makes every URL new (lib/load.ts,
 * RequestCycle). The targets are read from the uncached loads. Paging one
 * search ranks its matches once (store/sqlite/sqlite-search.ts), so the word is
 * also loaded "cold", every request a query the engine has not seen.
 *
 * The uncached and cold loads and both peers are taken in rounds with the servers
 * alternating (lib/load-rounds.ts), each figure the median round's; the
 * repeated-URL loads once each after them.
 *
 * The queries and their request cycles live in lib/search-queries.ts and
 * the table in search/rows.ts; this file starts the LIKE-scan peer and
 * takes the loads.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchRow } from '../lib/bench-row';
import { formatNumber } from '../lib/bench-row';
import { run } from '../lib/child-processes';
import type { ImportTimes } from '../lib/import-timing';
import { medianRound, rotated } from '../lib/load-rounds';
import type { LoadOptions, LoadResult } from '../lib/load';
import { startLikeScan, type RunningServer } from '../lib/peer-servers';
import { coldCycle, NONCE_PARAM, pagesWithResults, SEARCH_PATH, SEARCH_WORD, searchCases, searchPath, UNCACHED_PAGES, uncachedCycle } from '../lib/search-queries';
import { formatCount, roundsOf, searchRows } from './rows';

/** json-server's answer is cut to one page of 30, as ours and the scan's are, with its count in X-Total-Count. */
const PEER_PAGE_SIZE = 30;

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
  const { ms: likeBuildMs } = await run('node', ['--import', 'tsx', path.join('bench', 'lib', 'like-scan-server.ts'), 'build', input.issuesFile, likeDb]);
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

      // Cheap requests each server answers only after its backlog (lib/load.ts, settleUrl).
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
