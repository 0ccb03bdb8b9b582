/**
 * Loads the demo dataset once into a template database; each test file's
 * service starts from a copy of it (e2e/support/service.ts). The template also
 * holds hostile/markdown, the XSS corpus (e2e/support/xss-repository.ts), and
 * the private hygiene/private-notes (e2e/support/private-notes-repository.ts).
 *
 * For the `chromium-postgres` project it also starts a real PostgreSQL and
 * loads the demo into a template database there (POSTGRES_TEMPLATE_DATABASE);
 * its URL reaches the workers in E2E_POSTGRES_URL. Stopped after the run.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadDemo } from '../../src/server/commands/load-demo';
import type { FullConfig } from '@playwright/test';
import { openCommandStorage } from '../../src/server/store/open-storage';
import { openSqliteStore } from '../../src/server/store/sqlite-store';
import { createDatabase, startPostgres } from '../../test-support/server/postgres-server';
import { E2E_DIR, POSTGRES_PROJECT, POSTGRES_TEMPLATE_DATABASE, TEMPLATE_DB } from './paths';
import { importPrivateNotes } from './private-notes-repository';
import { importHostileRepository } from './xss-repository';

async function postgresTemplate(): Promise<() => Promise<void>> {
  const server = await startPostgres();
  const template = await createDatabase(server.url, POSTGRES_TEMPLATE_DATABASE);
  const storage = await openCommandStorage(template);
  await loadDemo(storage, Date.now());
  await storage.close();
  process.env.E2E_POSTGRES_URL = server.url;
  return () => server.stop();
}

export default async function globalSetup(config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (!existsSync(path.resolve('dist', 'index.html'))) throw new Error('e2e tests need the built app: run `npm run build` first');
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DIR, { recursive: true });
  const store = openSqliteStore(TEMPLATE_DB);
  await loadDemo(store, Date.now());
  // hostile/markdown: the XSS corpus in every field (e2e/hostile-markdown.spec.ts).
  importHostileRepository(store, Date.now());
  // hygiene/private-notes: a private repository for e2e/token-hygiene.spec.ts.
  importPrivateNotes(store, Date.now());
  store.close();
  // npm test leaves the PostgreSQL project out on a machine without its binaries (scripts/test-prerequisites.ts).
  const onPostgres = process.env.E2E_WITHOUT_POSTGRES !== '1' && config.projects.some((p) => p.name === POSTGRES_PROJECT);
  return onPostgres ? postgresTemplate() : undefined;
}
