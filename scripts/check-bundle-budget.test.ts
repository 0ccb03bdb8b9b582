import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Manifest } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleReport, firstPaintFiles, FIRST_PAINT_JS_BUDGET_BYTES, formatBundleReport, lazyFiles } from './check-bundle-budget';
import { EAGER_COMPILE_HINT } from './eager-compile-hint';

const ROUTE = 'src/app/routes/issue-list-page.tsx';

/** A build as Vite's manifest describes it: the entry (list page included) → shared chunks, lazy routes, a cycle. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_framework.js', '_shared.js', '_row.js'],
    dynamicImports: ['src/app/features/issues/virtual-issue-rows.tsx', 'src/app/routes/settings-page.tsx'],
    css: ['assets/index.css'],
    // A worker's script and a sprite: files, not chunks; the worker counts as lazy, the sprite not at all.
    assets: ['assets/markdown-worker.js', 'assets/octicons.svg'],
  },
  '_framework.js': { file: 'assets/framework.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_framework.js', 'index.html'] },
  '_row.js': { file: 'assets/row.js', imports: ['_framework.js'], css: ['assets/row.css'] },
  'src/app/features/issues/virtual-issue-rows.tsx': { file: 'assets/virtual-issue-rows.js', isDynamicEntry: true, imports: ['_row.js'] },
  'src/app/routes/settings-page.tsx': { file: 'assets/settings-page.js', src: 'src/app/routes/settings-page.tsx', isDynamicEntry: true, imports: ['_shared.js', '_settings-only.js'] },
  '_settings-only.js': { file: 'assets/settings-only.js', css: ['assets/settings.css'] },
};

describe('the first paint of the issue list', () => {
  it('is the entry with its static imports and CSS, not its dynamic imports', () => {
    const files = firstPaintFiles(manifest, ROUTE);
    expect(files.js.sort()).toEqual(['assets/framework.js', 'assets/index.js', 'assets/row.js', 'assets/shared.js']);
    expect(files.css.sort()).toEqual(['assets/index.css', 'assets/row.css']);
  });

  it('leaves every other chunk lazy', () => {
    expect(lazyFiles(manifest, firstPaintFiles(manifest, ROUTE))).toEqual({
      js: ['assets/markdown-worker.js', 'assets/settings-only.js', 'assets/settings-page.js', 'assets/virtual-issue-rows.js'],
      css: ['assets/settings.css'],
    });
  });

  it('refuses a build in which the list page became a lazy chunk rather than measuring less than the first paint', () => {
    const lazyList: Manifest = {
      ...manifest,
      [ROUTE]: { file: 'assets/issue-list-page.js', src: ROUTE, isDynamicEntry: true, imports: ['_shared.js', '_row.js'] },
    };
    expect(() => firstPaintFiles(lazyList, ROUTE)).toThrow(/issue-list-page\.tsx is a lazy chunk of its own/);
  });
});

describe('the bundle report', () => {
  let dist: string | null = null;
  afterEach(() => {
    if (dist !== null) rmSync(dist, { recursive: true, force: true });
    dist = null;
  });

  /** The first-paint scripts start with the compile hint, unless `hintless` names one. */
  function writeBuild(frameworkBytes: number, hintless: string[] = []): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
    mkdirSync(path.join(dir, '.vite'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const chunk of Object.values(manifest)) {
      for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) writeFileSync(path.join(dir, file), `/* ${file} */`);
    }
    // Random bytes do not compress: the gzip size is about the raw size.
    writeFileSync(path.join(dir, 'assets', 'framework.js'), randomBytes(frameworkBytes).toString('base64'));
    for (const file of firstPaintFiles(manifest, ROUTE).js) {
      if (hintless.includes(file)) continue;
      const at = path.join(dir, file);
      writeFileSync(at, `${EAGER_COMPILE_HINT}\n${readFileSync(at, 'utf8')}`);
    }
    return dir;
  }

  it('passes a build under the budget', () => {
    dist = writeBuild(10_000);
    const small = bundleReport(dist, ROUTE);
    expect(small.checks.every((c) => c.ok)).toBe(true);
    expect(small.firstPaint.js.map((f) => f.file)).toContain('assets/framework.js');
    expect(small.lazy.js.find((f) => f.file === 'assets/settings-page.js')?.source).toBe('src/app/routes/settings-page.tsx');
  });

  it('fails a build whose first-paint JavaScript is over 139.6 kB gzip, and says which budget', () => {
    // The framework chunk alone takes the first paint just over the budget.
    dist = writeBuild(FIRST_PAINT_JS_BUDGET_BYTES);
    const big = bundleReport(dist, ROUTE);
    const js = big.checks.find((c) => c.name.startsWith('first-paint JavaScript'));
    expect(FIRST_PAINT_JS_BUDGET_BYTES).toBe(139_600);
    expect(js?.ok).toBe(false);
    expect(js?.kind === 'size' ? js.gzipBytes : 0).toBeGreaterThan(FIRST_PAINT_JS_BUDGET_BYTES);
    expect(big.checks.find((c) => c.name.startsWith('first-paint CSS'))?.ok).toBe(true);
    expect(formatBundleReport(big)).toMatch(/✗ first-paint JavaScript \(gzip\): \d+\.\d\d kB of 139\.60 kB/);
  });

  it("fails a build whose first-paint scripts lack V8's compile hint, and names them; lazy chunks need none", () => {
    dist = writeBuild(10_000, ['assets/row.js']);
    const report = bundleReport(dist, ROUTE);
    const hint = report.checks.find((c) => c.kind === 'compile-hint');
    expect(hint?.ok).toBe(false);
    expect(hint?.kind === 'compile-hint' ? hint.missing : []).toEqual(['assets/row.js']);
    expect(report.checks.filter((c) => c.kind === 'size').every((c) => c.ok)).toBe(true);
    expect(formatBundleReport(report)).toContain(`✗ first-paint scripts start with ${EAGER_COMPILE_HINT}: not assets/row.js`);
  });
});
