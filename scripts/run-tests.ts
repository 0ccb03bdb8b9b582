/**
 * `npm test`: lint, layers, types, unit + integration (vitest), production build,
 * the bundle budget of that build, end-to-end (Playwright in Chromium
 * against the real service). Every step runs even when an earlier one
 * fails, so one run shows everything; how long each stage took is printed
 * before the last line (issue 46), which sums all suites as
 * `N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
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

/** Each stage's wall time, in the order run; `.ci/run` passes its install time in ISSUESCOPE_CI_INSTALL_SECONDS. */
const stageSeconds: Array<[stage: string, seconds: number]> = [];
const RUN_STARTED_MS = performance.now();

function timed<T>(stage: string, run: () => T): T {
  const started = performance.now();
  try {
    return run();
  } finally {
    stageSeconds.push([stage, (performance.now() - started) / 1000]);
  }
}

function installSeconds(): number | null {
  const value = Number(process.env.ISSUESCOPE_CI_INSTALL_SECONDS);
  return process.env.ISSUESCOPE_CI_INSTALL_SECONDS && Number.isFinite(value) && value >= 0 ? value : null;
}

function formatTimings(): string {
  const install = installSeconds();
  const rows: Array<[string, number]> = [...(install === null ? [] : [['install', install] as [string, number]]), ...stageSeconds];
  rows.push(['total', (install ?? 0) + (performance.now() - RUN_STARTED_MS) / 1000]);
  const width = Math.max(...rows.map(([stage]) => stage.length));
  return rows.map(([stage, seconds]) => `  ${stage.padEnd(width)} ${seconds.toFixed(1).padStart(7)} s`).join('\n');
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

/**
 * A check run beside others: its output is held and printed in one piece when it ends, so two
 * checks' lines never interleave. Lint and types each keep one core busy, so on two cores they
 * take about as long together as the longer one alone.
 */
function concurrentCheck(stage: string, name: string, args: string[]): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (code: number | null, error?: Error) => {
      stageSeconds.push([stage, (performance.now() - started) / 1000]);
      console.log(`\n▶ ${name}`);
      process.stdout.write(Buffer.concat(output));
      if (error) console.error(error.message);
      const ok = code === 0;
      resolve({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
    };
    child.on('error', (error) => finish(1, error));
    child.on('close', (code) => finish(code));
  });
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
// The caches live in .tmp/ (ignored), so a run leaves `git status` clean; a fresh clone has none yet.
results.push(
  ...(await Promise.all([
    concurrentCheck('lint', 'lint (eslint)', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0', '--cache', '--cache-strategy', 'content', '--cache-location', path.join(ROOT, '.tmp', 'eslint-cache')]),
    concurrentCheck('types', 'types (tsc)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']),
    // docs/architecture.md: no import circles, and the app's layers in order.
    concurrentCheck('layers', 'layers (dependency-cruiser)', [bin('dependency-cruiser', 'bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', 'src', 'bench', 'e2e', 'test-support', 'scripts']),
  ])),
);
results.push(
  timed('vitest', () => vitest(missing.postgres ? VITEST_WITHOUT_POSTGRES : [])),
  timed('build', () => check('production build (vite build)', [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn'])),
);
results.push(
  timed('budget', () =>
    existsSync(path.join(ROOT, 'dist', '.vite', 'manifest.json')) ? bundleBudget() : { name: 'bundle budget (not run: the build failed)', passed: 0, failed: 1 },
  ),
);
timed('e2e', () => {
  if (missing.browser) results.push({ name: 'e2e (not run: no Chromium, see above)', passed: 0, failed: 1 });
  else if (existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    results.push(missing.postgres ? playwright(PLAYWRIGHT_WITHOUT_POSTGRES, { E2E_WITHOUT_POSTGRES: '1' }) : playwright([], {}));
  } else results.push({ name: 'e2e (not run: the build failed)', passed: 0, failed: 1 });
});

console.log('\nTime per stage:');
console.log(formatTimings());
console.log('\nSummary:');
for (const r of results) console.log(`  ${r.failed === 0 ? '✓' : '✗'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
