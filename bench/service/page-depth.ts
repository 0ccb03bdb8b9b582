/**
 * Does a deep page cost more than the first? Imports N generated issues
 * through the real import path, then times page 1, page 900 and the last
 * page (per_page 100) over real HTTP on loopback, sequentially, with the
 * answer cache off (cold) and on (cached), and reports medians, p99 and the
 * deep/first ratios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SERVICE_CONFIG, startService } from '../../src/server/main';
import type { ImportedIssue } from '../../src/server/store/import-schema';
import { openSqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';

const LABELS = ['bug', 'enhancement', 'docs', 'perf', 'security', 'question'];
const WORDS = 'the service returns issues of a repository with labels pagination tokens limits errors and markdown bodies'.split(' ');

function generate(count: number): ImportedIssue[] {
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const base = Date.UTC(2020, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const bodyLength = 200 + Math.floor(rand() * 3800);
    let body = '';
    while (body.length < bodyLength) body += `${WORDS[Math.floor(rand() * WORDS.length)]} `;
    const closed = rand() < 0.4;
    const created = base + n * 60_000;
    return {
      number: n,
      title: `Generated issue ${n}`,
      user: { login: `user${n % 50}` },
      labels: LABELS.filter(() => rand() < 0.2).map((name) => ({ name, color: 'ededed' })),
      state: closed ? 'closed' : 'open',
      locked: false,
      assignees: rand() < 0.3 ? [{ login: `user${n % 7}` }] : [],
      comments: Math.floor(rand() * 10),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created + Math.floor(rand() * 1e9)).toISOString(),
      closed_at: closed ? new Date(created + 1e9).toISOString() : null,
      body: body.slice(0, bodyLength),
      ...(n % 4 === 0 ? { pull_request: { merged_at: null } } : {}),
    };
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

interface Timing {
  median: number;
  p99: number;
  bytes: number;
}

/** Times each URL once, in order: `runs` requests of one URL, or one request each of many. */
async function time(urls: string[]): Promise<Timing> {
  const samples: number[] = [];
  let bytes = 0;
  for (const url of urls) {
    const t = performance.now();
    const res = await fetch(url);
    const body = await res.arrayBuffer();
    samples.push(performance.now() - t);
    bytes = body.byteLength;
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p99: percentile(samples, 99), bytes };
}

const repeat = (url: string, runs: number): string[] => Array.from({ length: runs }, () => url);
const ms = (n: number): number => Number(n.toFixed(2));
const ratio = (a: number, b: number): number => Number((a / b).toFixed(2));

/**
 * Cold path: the answer cache off, so every request reads SQLite, renders and
 * hashes (what the first request for a page costs). Page 1 against page 900,
 * the last page, and a run of distinct deep pages each asked once (a client
 * walking on). Cached path: the same pages with the answer cache on.
 */
export async function pageDepthBenchmark(count = 100_000, runs = 200): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-bench-'));
  const db = path.join(dir, 'bench.db');
  try {
    const issues = generate(count);
    const store = openSqliteStorage(db);
    const t0 = performance.now();
    store.importIssues({ owner: 'bench', name: 'big', makePrivate: false }, issues, [], Date.now());
    const importSeconds = (performance.now() - t0) / 1000;
    store.close();

    const lastPage = Math.ceil(count / 100);
    const deepPage = Math.min(900, lastPage);
    const config = { ...DEFAULT_SERVICE_CONFIG, db, port: 0, limits: { ...DEFAULT_SERVICE_CONFIG.limits, unauthLimit: 1e9, burstLimit: 1e9 }, log: () => {} };
    const measure = async (answerCacheBytes: number | undefined) => {
      const svc = await startService({ ...config, answerCacheBytes });
      const base = `${svc.origin}/api/repos/bench/big/issues?state=all&per_page=100`;
      try {
        await time(repeat(`${base}&page=1`, 20)); // warm-up
        const first = await time(repeat(`${base}&page=1`, runs));
        const deep = await time(repeat(`${base}&page=${deepPage}`, runs));
        const last = await time(repeat(`${base}&page=${lastPage}`, runs));
        const walkFrom = Math.max(2, Math.floor(lastPage / 2));
        const walk = await time(Array.from({ length: Math.min(runs, lastPage - walkFrom) }, (_, i) => `${base}&page=${walkFrom + i}`));
        return { first, deep, last, walk };
      } finally {
        await svc.close();
      }
    };
    const cold = await measure(0);
    const cached = await measure(undefined);
    return {
      entries: count,
      import_seconds: Number(importSeconds.toFixed(2)),
      page_kb: Math.round(cold.first.bytes / 1024),
      cold_page1_median_ms: ms(cold.first.median),
      cold_page1_p99_ms: ms(cold.first.p99),
      [`cold_page${deepPage}_median_ms`]: ms(cold.deep.median),
      [`cold_page${deepPage}_p99_ms`]: ms(cold.deep.p99),
      [`cold_page${lastPage}_median_ms`]: ms(cold.last.median),
      [`cold_page${lastPage}_p99_ms`]: ms(cold.last.p99),
      cold_distinct_deep_pages_median_ms: ms(cold.walk.median),
      cold_distinct_deep_pages_p99_ms: ms(cold.walk.p99),
      cold_deep_over_first_median: ratio(cold.deep.median, cold.first.median),
      cold_deep_over_first_p99: ratio(cold.deep.p99, cold.first.p99),
      cold_last_over_first_p99: ratio(cold.last.p99, cold.first.p99),
      cached_page1_median_ms: ms(cached.first.median),
      cached_page1_p99_ms: ms(cached.first.p99),
      [`cached_page${deepPage}_median_ms`]: ms(cached.deep.median),
      [`cached_page${deepPage}_p99_ms`]: ms(cached.deep.p99),
      cached_deep_over_first_p99: ratio(cached.deep.p99, cached.first.p99),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
