/**
 * `npm run bench:lighthouse`: only the Lighthouse figures of `npm run bench`
 * (list and the richest issue view, mobile and desktop), with each run's
 * metrics and the audits that kept a category under its target. For working
 * on one score without waiting for the whole browser half.
 *
 *   npm run bench:lighthouse                  both views, both presets
 *   npm run bench:lighthouse -- --page issue --preset mobile
 *   npm run bench:lighthouse -- --page issue --preset mobile --runs 5   the median of five runs
 */
import { parseArgs } from 'node:util';
import { ensureBuiltApp } from '../lib/app-build';
import { measureLighthouse, type LighthouseRun } from './measure';
import { findRichIssue } from '../lib/rich-issue';
import { startBenchService } from '../lib/bench-service';

const PAGES = ['list', 'issue'] as const;
const PRESETS = ['mobile', 'desktop'] as const;

function pick<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T[] {
  if (value === undefined) return [...allowed];
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`--${flag} takes ${allowed.join(' or ')}, got '${value}'`);
  return [value as T];
}

function describe(run: LighthouseRun): string {
  const runs = run.runScores.length > 1 ? ` (median of ${run.runScores.length}; performance ${run.runScores.map((s) => s.performance ?? 'n/a').join(' · ')}; metrics and audits of the median run)` : '';
  const lines = [`${run.page}, ${run.preset}: ${Object.entries(run.scores).map(([k, v]) => `${k} ${v ?? 'n/a'}`).join(', ')}${runs}`];
  lines.push(`  ${Object.entries(run.metrics).map(([k, v]) => `${k} ${v ?? 'n/a'}`).join(' · ')}`);
  const top = (record: Record<string, number>) => Object.entries(record).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v}`).join(', ');
  lines.push(`  main thread (ms) by kind: ${top(run.mainThread.byKind)}`);
  lines.push(`  by script: ${top(run.mainThread.byScript)}`);
  for (const [category, audits] of Object.entries(run.failing)) {
    for (const audit of audits) {
      const where = audit.items.map((item) => item.url ?? item.selector).filter(Boolean).slice(0, 3).join(', ');
      lines.push(`  ✗ ${category}: ${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}${where ? ` — ${where}` : ''}`);
    }
  }
  return lines.join('\n');
}

const { values } = parseArgs({ args: process.argv.slice(2), options: { page: { type: 'string' }, preset: { type: 'string' }, runs: { type: 'string', default: '1' } }, strict: true });
const pages = pick(values.page, PAGES, 'page');
const presets = pick(values.preset, PRESETS, 'preset');
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of runs, got '${values.runs}'`);
const { distDir } = ensureBuiltApp();
const service = await startBenchService({ distDir, longListEntries: 0 });
try {
  const targets = [];
  if (pages.includes('list')) targets.push({ name: 'list', url: `${service.origin}/acme/rocket/issues` });
  if (pages.includes('issue')) targets.push({ name: 'issue', url: `${service.origin}/acme/rocket/issues/${await findRichIssue(service.origin)}` });
  const result = await measureLighthouse(targets, presets, () => runs);
  if (!result.available) throw new Error(`Lighthouse: ${result.reason}`);
  console.log(`Lighthouse ${result.version}`);
  for (const run of result.runs) console.log(describe(run));
} finally {
  await service.close();
}
