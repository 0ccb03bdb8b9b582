/**
 * Figure 3: Lighthouse scores (performance, accessibility, best practices)
 * for the issue list and one issue view, with Lighthouse's default (mobile,
 * simulated throttling) config and, unless quick, its desktop preset.
 *
 * Lighthouse is not a product dependency: it lives in bench/peers/ (its own
 * package.json, installed by the first `npm run bench`, see docs/performance.md)
 * and is imported from there at run time. When it is missing the figure says so instead of failing the run.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_FLAGS } from '../../e2e/support/chromium';
import { CHROMIUM_PATH } from '../lib/chromium';
import { medianRun } from './median';

export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
/**
 * Issue 30: a target is met when the median of the runs meets it and no run
 * falls under this floor. Performance swings from run to run with the host;
 * the other categories do not, so every run must meet them.
 */
export const LIGHTHOUSE_WORST_FLOORS = { performance: 90, accessibility: 100, 'best-practices': 95 } as const;
type CategoryId = keyof typeof LIGHTHOUSE_TARGETS;
const CATEGORIES = Object.keys(LIGHTHOUSE_TARGETS) as CategoryId[];
/** Lighthouse's own pass mark for an audit (its green). */
const AUDIT_PASS_SCORE = 0.9;
const ITEMS_PER_AUDIT = 5;
/** Lighthouse's own advice for a trace it failed to record ("Please run Lighthouse again"): one more try. */
const RETRIED_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP']);
const ATTEMPTS_PER_RUN = 2;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

interface LhNode {
  selector?: string;
  snippet?: string;
  explanation?: string;
}
interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: {
    items?: Array<{
      node?: LhNode;
      url?: string;
      wastedBytes?: number;
      group?: string;
      duration?: number;
      total?: number;
      /** network-requests: what and when (ms after navigation start, as observed) */
      resourceType?: string;
      networkRequestTime?: number;
      /** metrics: the observed (not simulated) largest paint, ms after navigation start */
      observedLargestContentfulPaint?: number;
    }>;
  };
}
interface LhCategory {
  score: number | null;
  auditRefs: Array<{ id: string; weight: number }>;
}
interface LhResult {
  /** the whole report as JSON text (output: 'json') */
  report: string | string[];
  /** what the run recorded; its trace is kept with the report */
  artifacts?: { Trace?: unknown };
  lhr: {
    finalDisplayedUrl: string;
    lighthouseVersion: string;
    categories: Record<string, LhCategory>;
    audits: Record<string, LhAudit>;
    runtimeError?: { code: string; message: string };
    runWarnings: string[];
  };
}
type Lighthouse = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<LhResult | undefined>;
interface LaunchedChrome {
  port: number;
  kill(): void | Promise<void>;
}
type LaunchChrome = (options: { chromePath: string; chromeFlags: string[] }) => Promise<LaunchedChrome>;

/** What an audit points at: an element (selector, snippet, why) or a resource (url). */
export interface AuditItem {
  selector?: string;
  snippet?: string;
  explanation?: string;
  url?: string;
}

export interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** the first few elements or resources it names, so a fix can start from them */
  items: AuditItem[];
}

export interface LighthouseRun {
  page: string;
  url: string;
  preset: 'mobile' | 'desktop';
  /** each category's median over the runs (the only run's score when there was one) */
  scores: Record<CategoryId, number | null>;
  /** every run's scores, in the order they ran */
  runScores: Array<Record<CategoryId, number | null>>;
  metrics: Record<string, string | undefined>;
  /** the same metrics as numbers (milliseconds; CLS unitless), for medians across runs */
  values: Record<string, number | undefined>;
  /**
   * Where the main thread's time went in the run (Lighthouse's simulated
   * milliseconds): by kind of work (its mainthread-work-breakdown: script
   * evaluation, style and layout, "other" …) and by script (its bootup-time,
   * with the page's own document and "Unattributable" among them).
   */
  mainThread: { byKind: Record<string, number>; byScript: Record<string, number> };
  /**
   * The scripts whose requests began before the largest paint as observed: Lighthouse's simulation
   * counts each against the largest paint, though the page needs none of them to paint it.
   */
  scriptsBeforeLargestPaint: string[];
  /** for every category under its target: the audits that did not pass */
  failing: Partial<Record<CategoryId, FailingAudit[]>>;
  warnings: string[];
}

export type LighthouseResult = { available: false; reason: string } | { available: true; version: string; runs: LighthouseRun[] };

const PEERS_PACKAGE = fileURLToPath(new URL('../peers/package.json', import.meta.url));

async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; desktopConfig: unknown; launch: LaunchChrome } | null> {
  if (!existsSync(PEERS_PACKAGE)) return null;
  const fromPeers = createRequire(PEERS_PACKAGE);
  let main: string;
  try {
    main = fromPeers.resolve('lighthouse');
  } catch {
    return null;
  }
  const fromLighthouse = createRequire(main);
  // Paths, not package names: these modules are outside the project's node_modules.
  const lighthouse = (await import(pathToFileURL(main).href)) as { default: Lighthouse };
  const desktop = (await import(pathToFileURL(path.join(path.dirname(main), 'config', 'desktop-config.js')).href)) as { default: unknown };
  const launcher = (await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href)) as { launch: LaunchChrome };
  return { lighthouse: lighthouse.default, desktopConfig: desktop.default, launch: launcher.launch };
}

function failingAudits(lhr: LhResult['lhr'], category: LhCategory): FailingAudit[] {
  return category.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is LhAudit => audit !== undefined)
    .filter((audit) => ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode) && audit.score !== null && audit.score < AUDIT_PASS_SCORE)
    .map(({ id, title, score, displayValue, details }) => ({
      id,
      title,
      score,
      ...(displayValue ? { displayValue } : {}),
      // Some audits' details carry `items` that is not a list (e.g. the network dependency tree): nothing to quote then.
      items: (Array.isArray(details?.items) ? details.items : []).slice(0, ITEMS_PER_AUDIT).map(itemOf),
    }));
}

function itemOf(item: { node?: LhNode; url?: string }): AuditItem {
  const out: AuditItem = {};
  if (item.node?.selector) out.selector = item.node.selector;
  if (item.node?.snippet) out.snippet = item.node.snippet;
  if (item.node?.explanation) out.explanation = item.node.explanation;
  if (item.url) out.url = item.url;
  return out;
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loadLighthouse>>>;

async function runOnce(loaded: Loaded, page: { name: string; url: string }, preset: 'mobile' | 'desktop', runNumber: number): Promise<{ version: string; run: LighthouseRun }> {
  // A fresh browser per run: nothing one page stored (IndexedDB, cache) can flatter the next.
  const chrome = await loaded.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const result = await loaded.lighthouse(
      page.url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      preset === 'desktop' ? loaded.desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse returned nothing for ${page.url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(lhr.runtimeError.code, `lighthouse on ${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = {} as Record<CategoryId, number | null>;
    const failing: LighthouseRun['failing'] = {};
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      const score = category?.score == null ? null : Math.round(category.score * 100);
      scores[id] = score;
      if (category && (score === null || score < LIGHTHOUSE_TARGETS[id])) failing[id] = failingAudits(lhr, category);
    }
    const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue]));
    const values = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue]));
    const mainThread = { byKind: breakdown(lhr.audits['mainthread-work-breakdown'], (item) => item.group, (item) => item.duration), byScript: breakdown(lhr.audits['bootup-time'], (item) => item.url && scriptName(item.url), (item) => item.total) };
    keepReport(`${page.name}-${preset}-${runNumber}`, result.report, result.artifacts?.Trace);
    const scriptsBeforeLargestPaint = scriptsBefore(lhr.audits['network-requests'], lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint);
    return { version: lhr.lighthouseVersion, run: { page: page.name, url: page.url, preset, scores, runScores: [scores], metrics, values, mainThread, scriptsBeforeLargestPaint, failing, warnings: lhr.runWarnings } };
  } finally {
    await chrome.kill();
  }
}

type LhItem = NonNullable<NonNullable<LhAudit['details']>['items']>[number];

function breakdown(audit: LhAudit | undefined, key: (item: LhItem) => string | undefined, ms: (item: LhItem) => number | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of Array.isArray(audit?.details?.items) ? audit.details.items : []) {
    const k = key(item);
    const v = ms(item);
    if (k !== undefined && v !== undefined) out[k] = (out[k] ?? 0) + Math.round(v);
  }
  return out;
}

function scriptsBefore(requests: LhAudit | undefined, largestPaint: number | undefined): string[] {
  if (largestPaint === undefined) return [];
  const items = Array.isArray(requests?.details?.items) ? requests.details.items : [];
  return items.filter((item) => item.resourceType === 'Script' && item.url !== undefined && (item.networkRequestTime ?? Infinity) < largestPaint).map((item) => scriptName(item.url!));
}

/** A script's file name without its content hash (`framework-CIJc_8Ck.js` → `framework.js`), so runs of two builds line up. */
export function scriptName(url: string): string {
  if (!/^https?:/.test(url)) return url;
  const { pathname } = new URL(url);
  const file = pathname.split('/').pop() || pathname;
  return pathname.startsWith('/assets/') ? file.replace(/-[\w-]{7,8}(\.\w+)$/, '$1') : `document ${pathname}`;
}

/**
 * With LIGHTHOUSE_REPORT_DIR set, each run's whole report is written there
 * (`list-mobile-1.json`, … for the first, second … run) with its trace
 * (`list-mobile-1.trace.json`), for what the summary leaves out: the long
 * tasks, the main-thread breakdown, the LCP element and its phases.
 */
function keepReport(name: string, report: string | string[], trace: unknown): void {
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), Array.isArray(report) ? report.join('\n') : report);
  // The trace the scores were computed from; chrome://tracing or DevTools' Performance panel opens it.
  if (trace !== undefined) writeFileSync(path.join(dir, `${name}.trace.json`), JSON.stringify(trace));
}

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function runWithRetry(loaded: Loaded, page: { name: string; url: string }, preset: 'mobile' | 'desktop', runNumber: number): Promise<{ version: string; run: LighthouseRun }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(loaded, page, preset, runNumber);
    } catch (err) {
      if (!(err instanceof LighthouseRuntimeError) || !RETRIED_RUNTIME_ERRORS.has(err.code) || attempt >= ATTEMPTS_PER_RUN) throw err;
    }
  }
}

/**
 * Lighthouse on each page with each preset, `runsOf(preset)` times (each in a
 * fresh browser). The mobile preset's performance score moves by ten points
 * from one run to the next on a shared two-core host (its 4x CPU slowdown
 * multiplies every stall of the host), so one run says little: the figure
 * is each category's median, and the metrics and failing audits are those of
 * the run whose performance score is the median.
 */
export async function measureLighthouse(
  pages: Array<{ name: string; url: string }>,
  presets: Array<'mobile' | 'desktop'>,
  runsOf: (preset: 'mobile' | 'desktop') => number = () => 1,
): Promise<LighthouseResult> {
  const loaded = await loadLighthouse();
  if (!loaded) return { available: false, reason: 'lighthouse not installed in bench/peers' };
  const runs: LighthouseRun[] = [];
  let version = '';
  for (const preset of presets) {
    for (const page of pages) {
      const repeats: LighthouseRun[] = [];
      for (let i = 1; i <= Math.max(1, runsOf(preset)); i++) {
        const once = await runWithRetry(loaded, page, preset, i);
        version = once.version;
        repeats.push(once.run);
      }
      runs.push(medianRun(repeats));
    }
  }
  return { available: true, version, runs };
}
