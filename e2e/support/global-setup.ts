/**
 * Loads the demo dataset once into a template database; each test file's
 * service starts from a copy of it (e2e/support/service.ts). The template also
 * holds hostile/markdown, the XSS corpus (e2e/support/xss-repository.ts), and
 * the private hygiene/private-notes (e2e/support/private-notes-repository.ts).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadDemo } from '../../src/server/commands/load-demo';
import { openSqliteStore } from '../../src/server/store/sqlite-store';
import { TEMPLATE_DB, E2E_DIR } from './paths';
import { importPrivateNotes } from './private-notes-repository';
import { importHostileRepository } from './xss-repository';

export default async function globalSetup(): Promise<void> {
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
}
