/**
 * Does a deep page cost more than the first? Imports N generated issues
 * through the real import path, then times page 1 and page 1,000 (per_page
 * 100) over real HTTP on loopback, sequentially, and prints medians and p99.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SERVICE_CONFIG, startService } from '../src/server/main';
import type { ImportedIssue } from '../src/server/store/import-schema';
import { openSqliteStore } from '../src/server/store/sqlite-store';

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

async function time(url: string, runs: number): Promise<{ median: number; p99: number; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await fetch(url);
    const body = await res.arrayBuffer();
    samples.push(performance.now() - t);
    bytes = body.byteLength;
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p99: percentile(samples, 99), bytes };
}

export async function pageDepthBenchmark(count = 100_000, runs = 200): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-bench-'));
  const db = path.join(dir, 'bench.db');
  try {
    const issues = generate(count);
    const store = openSqliteStore(db);
    const t0 = performance.now();
    store.importIssues({ owner: 'bench', name: 'big', makePrivate: false }, issues, [], Date.now());
    const importSeconds = (performance.now() - t0) / 1000;
    store.close();

    const svc = await startService({ ...DEFAULT_SERVICE_CONFIG, db, port: 0, limits: { ...DEFAULT_SERVICE_CONFIG.limits, unauthLimit: 1e9, burstLimit: 1e9 }, log: () => {} });
    const base = `${svc.origin}/api/repos/bench/big/issues?state=all&per_page=100`;
    const lastPage = Math.ceil(count / 100);
    await time(`${base}&page=1`, 20); // warm-up
    const first = await time(`${base}&page=1`, runs);
    const deep = await time(`${base}&page=${lastPage}`, runs);
    await svc.close();
    return {
      entries: count,
      import_seconds: Number(importSeconds.toFixed(2)),
      page1_median_ms: Number(first.median.toFixed(2)),
      page1_p99_ms: Number(first.p99.toFixed(2)),
      [`page${lastPage}_median_ms`]: Number(deep.median.toFixed(2)),
      [`page${lastPage}_p99_ms`]: Number(deep.p99.toFixed(2)),
      deep_over_first_median: Number((deep.median / first.median).toFixed(2)),
      page_kb: Math.round(first.bytes / 1024),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
