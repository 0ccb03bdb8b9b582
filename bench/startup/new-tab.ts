/**
 * New tab → first row against reload → first row of the same list URL, on a
 * phone (issue 48: "new tab to first row: at most 1.3× the time of a reload").
 *
 * Each run is a fresh browser context with the phone's viewport, as Lighthouse's
 * mobile preset emulates it: a new tab opens the list with nothing cached (a
 * shared link, a first visit), then the same tab reloads it, with the scripts in
 * the HTTP cache and the answers' validators in the ETag store. The two follow
 * each other within a second, so the host's swings fall on both alike; the
 * figure is the median and the worst of the runs.
 *
 * Both are timed in the page, from its navigation start, by the probe the cold
 * load figure uses (startup/list-paging.ts): the first row of `Issues, page N` with
 * a non-empty box. Beside each, when the list's first API request started: the
 * gap that a request asked for before the script runs would close.
 *
 * Beside the app, in the same rotation, its floor: the same list from the same
 * build with every script removed (lighthouse/floor.ts), which the service still
 * renders with its rows. What a new tab costs over a reload there (a new
 * renderer, the stylesheet and icons fetched, nothing in any cache) is the
 * host's and the browser's, not the app's: the app's ratio is read against it.
 */
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { LIST_PROBE_SCRIPT } from './list-paging';
import { median, ms } from '../lib/stats';
import type { BenchRow } from '../lib/bench-row';

/** Lighthouse's mobile preset (a Moto G Power): 412 × 823 CSS px at 1.75. */
export const PHONE_CONTEXT: BrowserContextOptions = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** issue 48: new tab → first row at most this many times reload → first row. */
export const NEW_TAB_OVER_RELOAD_TARGET = 1.3;
const WAIT_MS = 30_000;

export interface NewTabRun {
  newTabMs: number;
  reloadMs: number;
  /** when the list's first API request started, from navigation start (null: none seen, e.g. answered from a cache) */
  newTabApiStartMs: number | null;
  reloadApiStartMs: number | null;
}

/** The repository whose list the bench opens. */
export interface ListedRepository {
  owner: string;
  name: string;
}

async function firstRow(page: Page, listed: ListedRepository): Promise<{ firstRowMs: number; apiStartMs: number | null }> {
  await page.waitForFunction(() => window.__benchListProbe?.firstRowAt != null, undefined, { timeout: WAIT_MS });
  return page.evaluate(({ owner, name }) => {
    // The list's page: the default view and any `q` are a search scoped by its `repo:` (src/shared/default-list-query.ts), the list endpoint otherwise.
    // (No named function in here: tsx names functions through a helper the page does not have.)
    const starts = performance
      .getEntriesByType('resource')
      .filter((entry) => {
        const url = new URL(entry.name);
        if (url.pathname.endsWith(`/repos/${owner}/${name}/issues`)) return true;
        return url.pathname.endsWith('/search/issues') && (url.searchParams.get('q') ?? '').startsWith(`repo:${owner}/${name} `);
      })
      .map((entry) => entry.startTime);
    return { firstRowMs: window.__benchListProbe!.firstRowAt!, apiStartMs: starts.length > 0 ? Math.min(...starts) : null };
  }, listed);
}

/** One run: a new tab opens `listUrl`, the list of `listed`, then reloads it. */
export async function measureNewTabOnce(browser: Browser, listUrl: string, listed: ListedRepository): Promise<NewTabRun> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    await context.addInitScript({ content: LIST_PROBE_SCRIPT });
    const page = await context.newPage();
    await page.goto(listUrl);
    const newTab = await firstRow(page, listed);
    // Settled first, as a person who reloads has seen the page: the ETag store has written its validators.
    await page.waitForLoadState('networkidle');
    await page.reload();
    const reload = await firstRow(page, listed);
    return { newTabMs: newTab.firstRowMs, reloadMs: reload.firstRowMs, newTabApiStartMs: newTab.apiStartMs, reloadApiStartMs: reload.apiStartMs };
  } finally {
    await context.close();
  }
}

/**
 * The first tab a browser just launched opens pays for the browser's own start (its first renderer,
 * its caches), whichever page it opens: one run on `url`, thrown away, so that no build measured
 * after it takes that on.
 */
export async function warmUpNewTab(browser: Browser, url: string, listed: ListedRepository): Promise<void> {
  await measureNewTabOnce(browser, url, listed);
}

/** The app's runs and its floor's, taken in turns (app first in odd rounds, floor first in even ones) so the host's swings fall on both. */
export interface NewTabWithFloor {
  app: NewTabRun[];
  floor: NewTabRun[];
}

export async function measureNewTabWithFloor(browser: Browser, urls: { app: string; floor: string }, listed: ListedRepository, runs: number): Promise<NewTabWithFloor> {
  const out: NewTabWithFloor = { app: [], floor: [] };
  await warmUpNewTab(browser, urls.floor, listed);
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? (['app', 'floor'] as const) : (['floor', 'app'] as const);
    for (const which of order) out[which].push(await measureNewTabOnce(browser, urls[which], listed));
  }
  return out;
}

export interface NewTabSummary {
  runs: number;
  newTab: { medianMs: number; worstMs: number };
  reload: { medianMs: number; worstMs: number };
  /** median new tab over median reload */
  ratio: number;
  newTabApiStartMedianMs: number | null;
  reloadApiStartMedianMs: number | null;
}

function medianOf(values: Array<number | null>): number | null {
  const seen = values.filter((v): v is number => v !== null);
  return seen.length === 0 ? null : ms(median(seen));
}

export function summariseNewTab(runs: readonly NewTabRun[]): NewTabSummary {
  const newTab = runs.map((r) => r.newTabMs);
  const reload = runs.map((r) => r.reloadMs);
  return {
    runs: runs.length,
    newTab: { medianMs: ms(median(newTab)), worstMs: ms(Math.max(...newTab)) },
    reload: { medianMs: ms(median(reload)), worstMs: ms(Math.max(...reload)) },
    ratio: Math.round((median(newTab) / median(reload)) * 100) / 100,
    newTabApiStartMedianMs: medianOf(runs.map((r) => r.newTabApiStartMs)),
    reloadApiStartMedianMs: medianOf(runs.map((r) => r.reloadApiStartMs)),
  };
}

/** The bench's rows: both times with their worst run, the ratio against its target, when the API request started, and the floor's figures beside them. */
export function newTabRows(result: NewTabWithFloor): BenchRow[] {
  const s = summariseNewTab(result.app);
  const apiStart = (v: number | null) => (v === null ? 'none' : String(v));
  const rows: BenchRow[] = [
    {
      figure: `App, phone: new tab → first row (ms, median of ${s.runs}; worst ${s.newTab.worstMs})`,
      value: s.newTab.medianMs,
      peer: `reload → first row ${s.reload.medianMs} (worst ${s.reload.worstMs})`,
      ratio: `${s.ratio.toFixed(2)}×`,
      target: `≤ ${NEW_TAB_OVER_RELOAD_TARGET}× reload`,
      met: s.ratio <= NEW_TAB_OVER_RELOAD_TARGET,
    },
    {
      figure: 'App, phone: the list\'s API request starts (ms after navigation, median; new tab · reload)',
      value: `${apiStart(s.newTabApiStartMedianMs)} · ${apiStart(s.reloadApiStartMedianMs)}`,
    },
  ];
  if (result.floor.length === 0) return rows;
  const f = summariseNewTab(result.floor);
  rows.push({
    figure: `Floor (the same list, no script: the host's own ratio), phone: new tab → first row (ms, median of ${f.runs}; worst ${f.newTab.worstMs})`,
    value: f.newTab.medianMs,
    peer: `reload → first row ${f.reload.medianMs} (worst ${f.reload.worstMs})`,
    ratio: `${f.ratio.toFixed(2)}×`,
  });
  // Each round's app run against the floor's run beside it.
  const over = (pick: (run: NewTabRun) => number) => result.app.slice(0, result.floor.length).map((run, i) => pick(run) - pick(result.floor[i]!));
  const newTabOver = over((run) => run.newTabMs);
  const reloadOver = over((run) => run.reloadMs);
  rows.push({
    figure: `App over its floor in the same round, phone (ms, median of ${newTabOver.length}; worst): new tab → first row`,
    value: `${ms(median(newTabOver))} (${ms(Math.max(...newTabOver))})`,
    peer: `reload → first row ${ms(median(reloadOver))} (${ms(Math.max(...reloadOver))})`,
  });
  return rows;
}
