/**
 * The browser benchmarks measure the built app, as the service serves it.
 * dist/ is reused when it is newer than every input of the build, and
 * rebuilt with `vite build` otherwise (the app and the list's first-view
 * renderer, dist/server/), so a run never measures stale code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { FIRST_VIEW_RENDERER_FILE } from '../../src/shared/first-view';

const BUILD_INPUTS = ['src/app', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtimeMs(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry, { recursive: true, encoding: 'utf8' })) {
    newest = Math.max(newest, statSync(path.join(entry, name)).mtimeMs);
  }
  return newest;
}

/** Returns the dist directory, building it first when any input is newer. */
export function ensureBuiltApp(root = process.cwd()): { distDir: string; rebuilt: boolean } {
  const distDir = path.join(root, 'dist');
  // A build from before issue 48 has no renderer of the list's first view (dist/server/): rebuilt.
  const builtAt = existsSync(path.join(distDir, FIRST_VIEW_RENDERER_FILE)) ? newestMtimeMs(path.join(distDir, 'index.html')) : 0;
  const sourcesAt = Math.max(...BUILD_INPUTS.map((input) => newestMtimeMs(path.join(root, input))));
  if (builtAt > sourcesAt) return { distDir, rebuilt: false };
  console.log('bench: building the app (dist/ is older than its sources)');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  return { distDir, rebuilt: true };
}
