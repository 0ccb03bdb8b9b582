/**
 * Figure 4: how many rate-limit credits a scripted browse of acme/rocket
 * spends, against the fewest it could: one per distinct billable resource
 * the views need the first time (spec 8.1), nothing for what it already
 * holds (a 304 is free, spec 8.2; the cache is free).
 *
 * The browse, with a demo token saved in Settings as a user would: open the
 * list, Next ×5, Previous ×5, open the first 3 issues (each, then back to
 * the list), reload. Credits spent, core and search together (the list's
 * counts are searches), are read from `GET /api/rate_limit`, which costs
 * nothing, before and after; every API answer the page gets is
 * recorded, so the minimum and any URL answered 200 twice come from what
 * the page really asked for.
 *
 * Issue 47's session (`measureSessionCredits`), the browse of a reader who
 * filters: open the list, click four filters (Closed, the label `bug` from
 * the Labels menu, Open, sort by Recently updated), open three issues (back
 * to the list between them), go back twice, reload. Both budgets count here
 * (the counts of the tabs are searches): spent is core and search together,
 * read from `GET /api/rate_limit` before and after. On the issues it opens it
 * hovers five references (people and issues the page names) until each card
 * has shown, as a reader pausing on a name would.
 */
import type { Browser, Page } from '@playwright/test';
import { DEMO_TOKENS } from '../../src/server/commands/load-demo';

const TOKEN = DEMO_TOKENS.find((t) => t.user === 'mona' && t.expiresAt === null)!.token;
const REPO_PATH = '/acme/rocket/issues';
const FREE_PATHS = new Set(['/api/rate_limit']);
const PAGES_FORWARD = 5;
const ISSUES_TO_OPEN = 3;
const REFERENCES_TO_HOVER = 5;
const QUIET_MS = 750;
const WAIT_MS = 30_000;

export interface RecordedAnswer {
  step: string;
  url: string;
  status: number;
  remaining: number | null;
  /** ms since the session began */
  atMs: number;
  /** the answer's `Cache-Control` max-age, seconds (null without one) */
  maxAgeS: number | null;
}

export interface CreditsResult {
  spent: number;
  minimum: number;
  ratio: number;
  /** billable answers other than 304, as the page saw them (should equal `spent`) */
  billableAnswers: number;
  /** billable URLs (query sorted) answered 200 more than once */
  repeated: Array<{ url: string; times: number; steps: string[] }>;
  /** of those, the ones answered 200 again within the max-age of the 200 before: bought twice while still fresh */
  repeatedWithinMaxAge: Array<{ url: string; steps: string[] }>;
  distinct: Record<string, string[]>;
  answers: RecordedAnswer[];
}

/** One resource, whatever order the page wrote its query in. */
function resourceKey(raw: string): string {
  const url = new URL(raw);
  url.searchParams.sort();
  return `${url.pathname}${url.search}`;
}

function kindOf(key: string): string {
  const { pathname } = new URL(key, 'http://kind.invalid');
  if (pathname.includes('/users/')) return 'people';
  if (pathname.endsWith('/search/issues')) return 'searches';
  if (/\/issues\/\d+\/timeline$/.test(pathname)) return 'timeline pages';
  if (pathname.endsWith('/labels')) return 'label lists';
  if (/\/issues\/\d+\/comments$/.test(pathname)) return 'comment pages';
  if (/\/issues\/\d+$/.test(pathname)) return 'issues';
  if (/\/issues$/.test(pathname)) return 'list pages';
  return 'other';
}

function isBillable(raw: string): boolean {
  const { pathname } = new URL(raw);
  return pathname.startsWith('/api/') && !FREE_PATHS.has(pathname);
}

interface Budgets {
  core: { remaining: number; used: number };
  search: { remaining: number; used: number };
}

async function readBudgets(origin: string): Promise<Budgets> {
  const res = await fetch(`${origin}/api/rate_limit`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  if (!res.ok) throw new Error(`GET /api/rate_limit: HTTP ${res.status}`);
  const body = (await res.json()) as { resources: Budgets };
  return body.resources;
}

function maxAgeOf(cacheControl: string | undefined): number | null {
  const match = /(?:^|,)\s*max-age=(\d+)/.exec(cacheControl ?? '');
  return match ? Number(match[1]) : null;
}

/** Records every billable answer the page gets, under the step the script is at. */
function recordAnswers(page: Page): { answers: RecordedAnswer[]; at: (step: string) => void } {
  const answers: RecordedAnswer[] = [];
  const started = Date.now();
  let step = 'open the list';
  page.on('response', (response) => {
    if (!isBillable(response.url())) return;
    const headers = response.headers();
    const remaining = headers['x-ratelimit-remaining'];
    answers.push({
      step,
      url: response.url(),
      status: response.status(),
      remaining: remaining === undefined ? null : Number(remaining),
      atMs: Date.now() - started,
      maxAgeS: maxAgeOf(headers['cache-control']),
    });
  });
  return { answers, at: (next) => void (step = next) };
}

/** Spent against the distinct billable resources the answers show, and what was bought twice. */
function summarise(answers: RecordedAnswer[], spent: number): CreditsResult {
  const seen = new Map<string, { times200: number; steps: string[]; last200: RecordedAnswer | null; fresh: string[] }>();
  for (const a of answers) {
    const key = resourceKey(a.url);
    const entry = seen.get(key) ?? { times200: 0, steps: [], last200: null, fresh: [] };
    if (a.status === 200) {
      entry.times200++;
      entry.steps.push(a.step);
      const before = entry.last200;
      if (before !== null && before.maxAgeS !== null && a.atMs - before.atMs < before.maxAgeS * 1000) entry.fresh.push(a.step);
      entry.last200 = a;
    }
    seen.set(key, entry);
  }
  const distinct: Record<string, string[]> = {};
  for (const key of seen.keys()) (distinct[kindOf(key)] ??= []).push(key);
  const minimum = seen.size;
  return {
    spent,
    minimum,
    ratio: minimum === 0 ? Number.NaN : Math.round((spent / minimum) * 100) / 100,
    billableAnswers: answers.filter((a) => a.status !== 304).length,
    repeated: [...seen.entries()].filter(([, v]) => v.times200 > 1).map(([url, v]) => ({ url, times: v.times200, steps: v.steps })),
    repeatedWithinMaxAge: [...seen.entries()].filter(([, v]) => v.fresh.length > 0).map(([url, v]) => ({ url, steps: v.fresh })),
    distinct,
    answers,
  };
}

/** Waits until no API request has been in flight for QUIET_MS (background fetches included). */
function apiQuiet(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (!isApi(r.url())) return;
    inFlight++;
    lastChange = Date.now();
  });
  const done = (r: { url(): string }) => {
    if (!isApi(r.url())) return;
    inFlight--;
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + WAIT_MS;
    while (!(inFlight === 0 && Date.now() - lastChange >= QUIET_MS)) {
      if (Date.now() > deadline) throw new Error(`API requests still in flight after ${WAIT_MS} ms`);
      await page.waitForTimeout(100);
    }
  };
}

function listNamed(page: Page, pageNumber: number) {
  return page.getByRole('list', { name: `Issues, page ${pageNumber}` });
}

async function saveToken(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/settings`);
  await page.getByLabel('Token', { exact: true }).fill(TOKEN);
  await page.getByRole('radio', { name: 'This tab only' }).check();
  await page.getByRole('button', { name: 'Save token' }).click();
  await page.getByText('Token saved for this tab only.').waitFor({ timeout: WAIT_MS });
}

export async function measureCredits(browser: Browser, origin: string): Promise<CreditsResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const quiet = apiQuiet(page);
    await saveToken(page, origin);
    await quiet();

    const { answers, at } = recordAnswers(page);
    const before = await readBudgets(origin);

    await page.goto(`${origin}${REPO_PATH}`);
    await listNamed(page, 1).getByRole('listitem').first().waitFor({ timeout: WAIT_MS });
    await quiet();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    for (let n = 2; n <= PAGES_FORWARD + 1; n++) {
      at(`Next to page ${n}`);
      await pager.getByRole('link', { name: 'Next', exact: true }).click();
      await listNamed(page, n).getByRole('listitem').first().waitFor({ timeout: WAIT_MS });
      await quiet();
    }
    for (let n = PAGES_FORWARD; n >= 1; n--) {
      at(`Previous to page ${n}`);
      await pager.getByRole('link', { name: 'Previous', exact: true }).click();
      await listNamed(page, n).getByRole('listitem').first().waitFor({ timeout: WAIT_MS });
      await quiet();
    }
    for (let i = 0; i < ISSUES_TO_OPEN; i++) {
      const title = listNamed(page, 1).getByRole('listitem').nth(i).getByRole('link').first();
      at(`open issue ${(await title.textContent())?.trim() ?? i + 1}`);
      await title.click();
      await page.waitForURL(/\/acme\/rocket\/issues\/\d+/, { timeout: WAIT_MS });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: WAIT_MS });
      await quiet();
      at('back to the list');
      await page.goBack();
      await listNamed(page, 1).getByRole('listitem').first().waitFor({ timeout: WAIT_MS });
      await quiet();
    }
    at('reload');
    await page.reload();
    await listNamed(page, 1).getByRole('listitem').first().waitFor({ timeout: WAIT_MS });
    await quiet();
    const after = await readBudgets(origin);
    // The list's counts are searches (issue 45): their credits are spent too.
    return summarise(answers, before.core.remaining - after.core.remaining + (before.search.remaining - after.search.remaining));
  } finally {
    await context.close();
  }
}

/** The list's rows, whatever page. */
function rowsOf(page: Page) {
  return page.getByRole('list', { name: /^Issues, page \d+$/ }).getByRole('listitem');
}

/** Issue 47's session: four filters, three issues, back twice, reload; core and search credits together. */
/**
 * Hovers up to `count` references on the issue page (person links and issue links that have
 * hovercards), each until its card shows, then moves away; returns how many it hovered.
 */
async function hoverReferences(page: Page, count: number, at: (step: string) => void, quiet: () => Promise<void>): Promise<number> {
  if (count <= 0) return 0;
  const links = page.locator('main [data-hovercard-login], main [data-hovercard="issue"]');
  const total = Math.min(count, await links.count());
  for (let i = 0; i < total; i++) {
    const link = links.nth(i);
    at(`hover ${(await link.textContent())?.trim() ?? 'a reference'}`);
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await page.getByRole('tooltip').first().waitFor({ timeout: WAIT_MS });
    // The card asks for its answer once it shows: wait for it before moving away.
    await quiet();
    await page.getByRole('heading', { level: 1 }).first().hover();
    await quiet();
  }
  return total;
}

export async function measureSessionCredits(browser: Browser, origin: string): Promise<CreditsResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const quiet = apiQuiet(page);
    await saveToken(page, origin);
    await quiet();

    const { answers, at } = recordAnswers(page);
    const before = await readBudgets(origin);
    const settled = async (url?: RegExp) => {
      if (url !== undefined) await page.waitForURL(url, { timeout: WAIT_MS });
      await rowsOf(page).first().waitFor({ timeout: WAIT_MS });
      await quiet();
    };

    await page.goto(`${origin}${REPO_PATH}`);
    await settled();
    const tabs = page.getByRole('navigation', { name: 'Issue state' });
    at('filter: Closed');
    await tabs.getByRole('link', { name: 'Closed', exact: true }).click();
    await settled(/is%3Aclosed/);
    at('filter: label bug');
    await page.getByText('Labels', { exact: true }).click();
    // The box is drawn by its label (the input itself is visually hidden); the address changing says it took.
    await page.getByRole('checkbox', { name: 'bug' }).click({ force: true });
    await settled(/label%3Abug/);
    await page.keyboard.press('Escape');
    at('filter: Open');
    await tabs.getByRole('link', { name: 'Open', exact: true }).click();
    await settled(/is%3Aopen/);
    at('filter: sort by Recently updated');
    await page.getByLabel('Sort', { exact: true }).selectOption('updated-desc');
    await settled(/sort%3Aupdated/);

    const listUrl = page.url();
    let hovered = 0;
    for (let i = 0; i < ISSUES_TO_OPEN; i++) {
      const title = rowsOf(page).nth(i).getByRole('link').first();
      at(`open issue ${(await title.textContent())?.trim() ?? i + 1}`);
      await title.click();
      await page.waitForURL(/\/acme\/rocket\/issues\/\d+/, { timeout: WAIT_MS });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: WAIT_MS });
      await quiet();
      hovered += await hoverReferences(page, REFERENCES_TO_HOVER - hovered, at, quiet);
      if (i < ISSUES_TO_OPEN - 1) {
        at('back to the list');
        await page.goBack();
        await settled();
      }
    }
    at('back (the list)');
    await page.goBack();
    await settled();
    if (page.url() !== listUrl) throw new Error(`back from the third issue reached ${page.url()}, not the list ${listUrl}`);
    if (hovered < REFERENCES_TO_HOVER) throw new Error(`the three issues named ${hovered} references with hovercards, not ${REFERENCES_TO_HOVER}`);
    at('back (the view before the sort)');
    await page.goBack();
    await settled();
    at('reload');
    await page.reload();
    await settled();
    const after = await readBudgets(origin);
    return summarise(answers, before.core.remaining - after.core.remaining + (before.search.remaining - after.search.remaining));
  } finally {
    await context.close();
  }
}
