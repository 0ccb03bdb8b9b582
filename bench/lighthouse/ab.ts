/**
 * `npm run bench:lighthouse-ab -- DIR_A DIR_B [DIR …]`: mobile Lighthouse on
 * two or more builds of the app, interleaved (A, B, A, B …, each run in a
 * fresh browser), so that the host's swings, which move one build's score by
 * ten points within minutes, fall on every build alike. Each build is served
 * by its own copy of the service with the same demo data. Prints every run
 * and, per build and view, the median and worst performance score, the median
 * blocking time and largest paint, and the median main-thread time by kind of
 * work and by script. A change that claims to pay must show it here (see
 * docs/performance-log.md).
 *
 *   npx vite build --outDir /tmp/a   (on the commit before)
 *   npx vite build --outDir /tmp/b   (with the change)
 *   npm run bench:lighthouse-ab -- /tmp/a /tmp/b --runs 7 --page list
 *
 * With the list among the pages, each round also opens the list in a new tab
 * on a phone and reloads it, per build (startup/new-tab.ts).
 *
 * `--floor` adds the first build's pages with no script at all to the
 * rotation (lighthouse/floor.ts): what the host alone lets a page of this
 * layout score, and what a new tab costs over a reload with nothing to run.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../lib/chromium';
import { measureLighthouse, type LighthouseRun } from './measure';
import { measureNewTabOnce, summariseNewTab, warmUpNewTab, type NewTabRun } from '../startup/new-tab';
import { findRichIssue } from '../lib/rich-issue';
import { staticShellOf } from './floor';
import { startBenchService, type BenchService } from '../lib/bench-service';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { runs: { type: 'string', default: '5' }, page: { type: 'string' }, floor: { type: 'boolean', default: false } },
  allowPositionals: true,
  strict: true,
});
if (positionals.length < 1) throw new Error('name the builds to compare: folders `vite build --outDir` wrote');
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number, got '${values.runs}'`);
const pages = values.page === undefined ? ['list', 'issue'] : [values.page];
if (!pages.every((p) => p === 'list' || p === 'issue')) throw new Error(`--page takes list or issue, got '${values.page}'`);

function median(xs: number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/** Each key's median over the runs (0 where a run lacks it), largest first. */
function medianBreakdown(records: Array<Record<string, number>>, top: number): string {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return keys
    .map((k) => [k, median(records.map((r) => r[k] ?? 0))] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

/** The app's scripts asked for before the largest paint: not the rendered page's loader, which its head names (small, and it waits for the paint). */
function appScriptsBefore(run: LighthouseRun): string[] {
  return run.scriptsBeforeLargestPaint.filter((name) => name !== 'start-after-paint.js');
}

interface Build {
  name: string;
  service: BenchService;
  runs: Map<string, LighthouseRun[]>;
  /** the floor: the first build's pages with no script (its list still rendered by the service, rows and all) */
  floor: boolean;
  newTab: NewTabRun[];
}

/**
 * One new tab and its reload per build, the floor's included, after the round's
 * Lighthouse runs (never beside them), each round starting one build further on,
 * in a browser that has opened one tab first (warmUpNewTab). The floor's ratio is
 * what the host and the browser alone allow.
 */
async function newTabRound(round: number): Promise<void> {
  const browser = await launchChromium();
  try {
    const listed = { owner: 'acme', name: 'rocket' };
    await warmUpNewTab(browser, `${builds[0]!.service.origin}/acme/rocket/issues`, listed);
    const first = (round - 1) % builds.length;
    for (const build of [...builds.slice(first), ...builds.slice(0, first)]) {
      const run = await measureNewTabOnce(browser, `${build.service.origin}/acme/rocket/issues`, listed);
      build.newTab.push(run);
      console.log(`${new Date().toISOString().slice(11, 19)} new tab ${build.name} #${round}: first row ${Math.round(run.newTabMs)} ms, reload ${Math.round(run.reloadMs)} ms`);
    }
  } finally {
    await browser.close();
  }
}

const floorDir = values.floor ? await staticShellOf(path.resolve(positionals[0]!)) : null;
const builds: Build[] = [];
try {
  for (const [name, dir] of [...positionals.map((p) => [p, p]), ...(floorDir ? [['floor (no script)', floorDir]] : [])] as Array<[string, string]>) {
    builds.push({ name, service: await startBenchService({ distDir: path.resolve(dir), longListEntries: 0 }), runs: new Map(), floor: dir === floorDir, newTab: [] });
  }
  const issue = pages.includes('issue') ? await findRichIssue(builds[0]!.service.origin) : 0;
  const urlOf = (origin: string, page: string) => (page === 'list' ? `${origin}/acme/rocket/issues` : `${origin}/acme/rocket/issues/${issue}`);
  for (let round = 1; round <= runs; round++) {
    for (const page of pages) {
      for (const build of builds) {
        const result = await measureLighthouse([{ name: page, url: urlOf(build.service.origin, page) }], ['mobile']);
        if (!result.available) throw new Error(`Lighthouse: ${result.reason}`);
        const run = result.runs[0]!;
        build.runs.set(page, [...(build.runs.get(page) ?? []), run]);
        const ms = (id: string) => Math.round(run.values[id] ?? NaN);
        const early = appScriptsBefore(run).length === 0 ? '' : `; scripts asked for before the largest paint: ${appScriptsBefore(run).join(', ')}`;
        console.log(`${new Date().toISOString().slice(11, 19)} ${page} ${build.name} #${round}: performance ${run.scores.performance ?? 'n/a'}, blocking ${ms('total-blocking-time')} ms, LCP ${ms('largest-contentful-paint')} ms, CLS ${(run.values['cumulative-layout-shift'] ?? NaN).toFixed(3)}${early}`);
      }
    }
    if (pages.includes('list')) await newTabRound(round);
  }
  if (pages.includes('list')) {
    console.log(`\nphone, new tab → first row against reload → first row of the list, ${runs} interleaved runs per build (medians; worst run in brackets)`);
    for (const build of builds.filter((b) => b.newTab.length > 0)) {
      const s = summariseNewTab(build.newTab);
      console.log(
        `${build.name}: new tab ${s.newTab.medianMs} ms (${s.newTab.worstMs}), reload ${s.reload.medianMs} ms (${s.reload.worstMs}), ${s.ratio}×; the API request starts at ${s.newTabApiStartMedianMs ?? 'none'} · ${s.reloadApiStartMedianMs ?? 'none'} ms`,
      );
    }
  }
  console.log(`\nmobile Lighthouse, ${runs} interleaved runs per build and view (medians; worst run in brackets)`);
  for (const page of pages) {
    for (const build of builds) {
      const own = build.runs.get(page) ?? [];
      const scores = own.map((r) => r.scores.performance ?? 0);
      const ms = (id: string) => own.map((r) => r.values[id] ?? NaN);
      console.log(
        `${page} ${build.name}: performance ${median(scores)} (worst ${Math.min(...scores)}; ${scores.join(' · ')}); blocking ${Math.round(median(ms('total-blocking-time')))} ms (${Math.round(Math.max(...ms('total-blocking-time')))}); LCP ${Math.round(median(ms('largest-contentful-paint')))} ms (${Math.round(Math.max(...ms('largest-contentful-paint')))}); CLS ${median(ms('cumulative-layout-shift')).toFixed(3)} (${Math.max(...ms('cumulative-layout-shift')).toFixed(3)})`,
      );
      console.log(`  runs with a script asked for before the largest paint: ${own.filter((r) => appScriptsBefore(r).length > 0).length} of ${own.length}`);
      console.log(`  main thread by kind: ${medianBreakdown(own.map((r) => r.mainThread.byKind), 8)}`);
      console.log(`  by script: ${medianBreakdown(own.map((r) => r.mainThread.byScript), 6)}`);
    }
  }
} finally {
  for (const build of builds) await build.service.close();
  if (floorDir) rmSync(floorDir, { recursive: true, force: true });
}
