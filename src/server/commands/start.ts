/**
 * `start`, what `npm start` runs: builds the app when dist/ is missing or
 * stale, loads the demo dataset into a database that has none, and serves
 * the app and the API from one process.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FaultInjector } from '../faults/fault-injector';
import { DEFAULT_SERVICE_CONFIG } from '../main';
import { openCommandStorage } from '../store/open-storage';
import { isPostgresUrl } from '../store/postgres/postgres-url';
import { appNeedsBuild, buildApp } from './build-app';
import { serve } from './serve';

export interface StartOptions {
  /** the repository's root: the app is built from it into its dist/ */
  root: string;
  db: string;
  port: number;
  host: string;
  apiOrigins: readonly string[];
  faults: FaultInjector | null;
}

export async function start(options: StartOptions): Promise<void> {
  const { root, db } = options;
  if (!isPostgresUrl(db)) mkdirSync(path.dirname(db), { recursive: true });
  if (appNeedsBuild(root)) buildApp(root, console.log);
  const { hasDemoData, loadDemo } = await import('./load-demo');
  const store = await openCommandStorage(db);
  if (!(await hasDemoData(store))) {
    console.log('First run: loading the demo dataset…');
    const loaded = await loadDemo(store, Date.now());
    console.log(`Loaded ${loaded.issues} issues and pull requests and ${loaded.comments} comments in ${loaded.repositories} repositories.`);
  }
  await store.close();
  await serve({
    ...DEFAULT_SERVICE_CONFIG,
    db,
    port: options.port,
    host: options.host,
    distDir: path.join(root, 'dist'),
    apiOrigins: options.apiOrigins,
    faults: options.faults,
  });
}
