/**
 * Loads the demo dataset once into a template database; each test file's
 * service starts from a copy of it (e2e/support/service.ts). The template also
 * holds hostile/markdown, the XSS corpus (e2e/support/xss-repository.ts), and
 * the private hygiene/private-notes (e2e/support/private-notes-repository.ts).
 *
 * When the `chromium-postgres` project runs it also starts a real PostgreSQL
 * and loads the demo into a template database there (POSTGRES_TEMPLATE_DATABASE);
 * its URL reaches the workers in E2E_POSTGRES_URL. Stopped after the run.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadDemo } from '../../src/server/commands/load-demo';
import type { FullConfig } from '@playwright/test';
import { openCommandStorage } from '../../src/server/store/open-storage';
import { openSqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';
import { createDatabase } from '../../test-support/server/create-postgres-database';
import { startPostgres } from '../../test-support/server/postgres-server';
import { FIRST_VIEW_RENDERER_FILE } from '../../src/shared/first-view';
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

/**
 * The names and `*` patterns given with `--project` (`--project=a`, `--project a b`), or null
 * when none is (every project runs). Playwright gives a global setup every project of the
 * config, not the ones the command line selected, so the command line is read here as
 * Playwright's own CLI reads it.
 */
function projectFilter(argv: readonly string[]): string[] | null {
  const names: string[] = [];
  let seen = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (arg.startsWith('--project=')) {
      seen = true;
      names.push(arg.slice('--project='.length));
    } else if (arg === '--project') {
      seen = true;
      // A variadic option: the values run up to the next option.
      while (i + 1 < argv.length && !(argv[i + 1] ?? '').startsWith('-')) names.push(argv[++i] ?? '');
    }
  }
  return seen ? names : null;
}

/** Whether the command line selects `project`, by Playwright's rules: any case, `*` for any characters. */
function selects(filter: readonly string[] | null, project: string): boolean {
  if (filter === null) return true;
  return filter.some((name) => {
    const pattern = name.toLowerCase().split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    return new RegExp(`^${pattern}$`, 'i').test(project);
  });
}

export default async function globalSetup(config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  // The service renders the list's first view with the built renderer (issue 48): a build without it would test the shell alone.
  if (!existsSync(path.resolve('dist', 'index.html')) || !existsSync(path.resolve('dist', FIRST_VIEW_RENDERER_FILE))) {
    throw new Error('e2e tests need the built app and its first-view renderer (dist/server/): run `npm run build` first');
  }
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DIR, { recursive: true });
  const store = openSqliteStorage(TEMPLATE_DB);
  await loadDemo(store, Date.now());
  // hostile/markdown: the XSS corpus in every field (e2e/hostile-markdown.spec.ts).
  importHostileRepository(store, Date.now());
  // hygiene/private-notes: a private repository for e2e/token-hygiene.spec.ts.
  importPrivateNotes(store, Date.now());
  store.close();
  // npm test leaves the PostgreSQL project out on a machine without its binaries (scripts/test-prerequisites.ts);
  // a run of other projects alone (`--project=chromium`) has no use for it either.
  const onPostgres =
    process.env.E2E_WITHOUT_POSTGRES !== '1' &&
    config.projects.some((p) => p.name === POSTGRES_PROJECT) &&
    selects(projectFilter(process.argv), POSTGRES_PROJECT);
  return onPostgres ? postgresTemplate() : undefined;
}
