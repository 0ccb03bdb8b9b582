/** `start` builds the browser app when dist/ is missing or older than its sources. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { FIRST_VIEW_RENDERER_FILE } from '../../shared/first-view';

const SOURCES = ['src/app', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function appNeedsBuild(root: string): boolean {
  const index = path.join(root, 'dist', 'index.html');
  // A build from before issue 48 has no renderer of the list's first view: the same `vite build` writes it.
  if (!existsSync(index) || !existsSync(path.join(root, 'dist', FIRST_VIEW_RENDERER_FILE))) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

export function buildApp(root: string, log: (line: string) => void): void {
  log('Building the app and its first-view renderer (vite build)…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}
