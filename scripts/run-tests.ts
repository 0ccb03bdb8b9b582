/**
 * `npm test`: lint, types, unit + integration (vitest), production build,
 * the bundle budget of that build, end-to-end (Playwright in Chromium
 * against the real service). Every step runs even when an earlier one
 * fails, so one run shows everything; the last line sums all suites as
 * `N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleReport, formatBundleReport } from './check-bundle-budget';
import { missingPrerequisites, PLAYWRIGHT_WITHOUT_POSTGRES, VITEST_WITHOUT_POSTGRES } from './test-prerequisites';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, '.tmp', 'test-results');
const bin = (pkg: string, file: string) => path.join(ROOT, 'node_modules', pkg, file);

interface StepResult {
  name: string;
  passed: number;
  failed: number;
}

function exec(label: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** A step that is one check (lint, types, build): 1 passed or 1 failed. */
function check(name: string, args: string[]): StepResult {
  const ok = exec(name, args) === 0;
  return { name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
}

function vitest(extra: readonly string[]): StepResult {
  const report = path.join(OUT, 'vitest.json');
  const code = exec('unit and integration tests (vitest)', [bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
  const json = readJson<{ numPassedTests: number; numFailedTests: number }>(report);
  if (!json) return { name: 'vitest', passed: 0, failed: 1 };
  // A crashed run with no failed test still fails.
  return { name: 'vitest', passed: json.numPassedTests, failed: json.numFailedTests || (code === 0 ? 0 : 1) };
}

function playwright(extra: readonly string[], env: NodeJS.ProcessEnv): StepResult {
  const report = path.join(OUT, 'playwright.json');
  const code = exec('end-to-end tests (Playwright, Chromium)', [bin('@playwright/test', 'cli.js'), 'test', '--reporter=list,json', ...extra], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    ...env,
  });
  const json = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(report);
  if (!json) return { name: 'e2e', passed: 0, failed: 1 };
  return { name: 'e2e', passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected || (code === 0 ? 0 : 1) };
}

/** The bundle budget of the build just made (scripts/check-bundle-budget.ts): one check per budget line. */
function bundleBudget(): StepResult {
  console.log('\n▶ bundle budget (first paint of the issue list)');
  try {
    const report = bundleReport(path.join(ROOT, 'dist'));
    console.log(formatBundleReport(report));
    const checks = report.checks;
    const failed = checks.filter((c) => !c.ok).length;
    return { name: 'bundle budget', passed: checks.length - failed, failed };
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return { name: 'bundle budget (no report: see above)', passed: 0, failed: 1 };
  }
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const missing = missingPrerequisites();
const results: StepResult[] = [];
for (const [what, problem] of [['Chromium', missing.browser], ['PostgreSQL', missing.postgres]] as const) {
  if (problem === null) continue;
  console.log(`\n✗ missing ${what}: ${problem}`);
  results.push({ name: `prerequisite ${what} (its tests left out): ${problem}`, passed: 0, failed: 1 });
}
results.push(
  check('lint (eslint)', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0']),
  check('types (tsc)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']),
  vitest(missing.postgres ? VITEST_WITHOUT_POSTGRES : []),
  check('production build (vite build)', [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn']),
);
results.push(existsSync(path.join(ROOT, 'dist', '.vite', 'manifest.json')) ? bundleBudget() : { name: 'bundle budget (not run: the build failed)', passed: 0, failed: 1 });
if (missing.browser) results.push({ name: 'e2e (not run: no Chromium, see above)', passed: 0, failed: 1 });
else if (existsSync(path.join(ROOT, 'dist', 'index.html'))) {
  results.push(missing.postgres ? playwright(PLAYWRIGHT_WITHOUT_POSTGRES, { E2E_WITHOUT_POSTGRES: '1' }) : playwright([], {}));
} else results.push({ name: 'e2e (not run: the build failed)', passed: 0, failed: 1 });

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.failed === 0 ? '✓' : '✗'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
