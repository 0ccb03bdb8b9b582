/** `start` builds the app when its build is missing, stale, or from before the list's first-view renderer (issue 48). */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FIRST_VIEW_RENDERER_FILE } from '../../shared/first-view';
import { appNeedsBuild } from './build-app';

let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

function write(file: string, atMs: number): void {
  const full = path.join(root!, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, atMs / 1000, atMs / 1000);
}

it('a build newer than its sources is kept only when it has the first-view renderer', () => {
  root = mkdtempSync(path.join(tmpdir(), 'issuescope-build-app-'));
  write('src/app/main.tsx', 1_000_000);
  expect(appNeedsBuild(root)).toBe(true);
  write('dist/index.html', 2_000_000);
  expect(appNeedsBuild(root)).toBe(true);
  write(path.join('dist', FIRST_VIEW_RENDERER_FILE), 2_000_000);
  expect(appNeedsBuild(root)).toBe(false);
  write('src/app/main.tsx', 3_000_000);
  expect(appNeedsBuild(root)).toBe(true);
});
