/**
 * The real Issue Listing Service for the browser benchmarks: a fresh database
 * in a temporary folder with the demo loaded and, when asked, a generated
 * long repository, serving the built app at `/`. Limits are generous so no
 * figure waits on a 403 or 429; only tokens keep the spec's 5,000 an hour,
 * which the credit count reads but never reaches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadDemo } from '../../src/server/commands/load-demo';
import { DEFAULT_RATE_LIMITS } from '../../src/server/limits/rate-limiter';
import { DEFAULT_SERVICE_CONFIG, startService } from '../../src/server/main';
import { openSqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';
import { importLongList } from './long-list-repo';

const GENEROUS_LIMIT = 1_000_000_000;

export interface BenchService {
  origin: string;
  close(): Promise<void>;
}

export async function startBenchService(options: { distDir: string; longListEntries: number }): Promise<BenchService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-bench-app-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const db = path.join(dir, 'bench.db');
    const store = openSqliteStorage(db);
    try {
      await loadDemo(store, Date.now());
      if (options.longListEntries > 0) importLongList(store, options.longListEntries, Date.now());
    } finally {
      store.close();
    }
    const running = await startService({
      ...DEFAULT_SERVICE_CONFIG,
      db,
      port: 0,
      host: '127.0.0.1',
      // A bench loads the list dozens of times a minute from one address: a reader's search budget (10 a minute) would
      // run out within a round, and the page measured would then be the one that waits for search credits.
      limits: { ...DEFAULT_RATE_LIMITS, unauthLimit: GENEROUS_LIMIT, burstLimit: GENEROUS_LIMIT, searchUnauthLimit: GENEROUS_LIMIT },
      distDir: options.distDir,
      log: () => {},
    });
    // Warm, as a service that has served before: the first page after a start loads the list's renderer (a build of
    // the whole app) and runs it cold, which alone can outlast its bound and send the shell (issue 48).
    await (await fetch(`${running.origin}/acme/rocket/issues`)).arrayBuffer();
    return {
      origin: running.origin,
      close: async () => {
        try {
          await running.close();
        } finally {
          remove();
        }
      },
    };
  } catch (err) {
    remove();
    throw err;
  }
}
