/**
 * Journey: a shared link to the list opened in a new tab (issue 48). The
 * service sends the list's first page already rendered by the app's own
 * components, with the answers it was made from; the app adopts that markup
 * (hydration) instead of asking again and drawing it anew, and asks for its
 * scripts only once the page has painted. A tab with a token is sent the
 * shell, as before, and draws its own list.
 */
import { expect, test } from '@playwright/test';
import { FIRST_VIEW_DATA_ID } from '../src/shared/first-view';
import { demoToken, startE2eService } from './support/service';
import { recordApiPaths, recordComplaints } from './support/page-records';
import { issueList, issueRows } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const MONA = demoToken('mona');

test('a new tab shows the rendered list, adopts it without a complaint, and asks the API for nothing it already has', async ({ page }) => {
  const complaints = recordComplaints(page);
  const apiPaths = recordApiPaths(page);
  const response = await page.goto(`${service.origin}/acme/rocket/issues`);
  const html = await response!.text();
  // The rows are in the page the service sent, before any script ran, with the page's own title in its head.
  expect(html).toContain(`id="${FIRST_VIEW_DATA_ID}"`);
  expect(html).toMatch(/<head>[\s\S]*<title>acme\/rocket · Issuescope<\/title>[\s\S]*<\/head>/);
  // The first row is the rendered one: its link is in the page as sent.
  const firstLink = (await issueRows(page).first().getByRole('link').first().getAttribute('href'))!;
  expect(html).toContain(`href="${firstLink}"`);
  await expect(page).toHaveTitle('acme/rocket · Issuescope');

  // Adopted, not replaced: the app answers a click (a state toggle changes the address and the rows).
  await page.waitForLoadState('networkidle');
  // What the page carries is not asked again: the repository and the first page. (The closed count's chunk loads after the rows, and asks then.)
  expect(apiPaths.filter((p) => p === '/api/repos/acme/rocket' || p.includes('state%3Aopen'))).toEqual([]);
  await issueList(page).waitFor();
  await page.getByRole('link', { name: /closed/i }).first().click();
  await expect(page).toHaveURL(/state%3Aclosed|is%3Aclosed|state=closed/);
  await expect(issueRows(page).first()).toBeVisible();
  expect(complaints).toEqual([]);
});

test('the page asks for its scripts only once it has painted: its head names none but a small deferred loader', async ({ page }) => {
  const response = await page.goto(`${service.origin}/acme/rocket/issues`);
  const head = (await response!.text()).split('</head>')[0]!;
  const scriptTags = [...head.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
  expect(scriptTags).toHaveLength(1);
  expect(scriptTags[0]).toMatch(/^<script src="\/assets\/start-after-paint-[^"]+\.js" data-entry="\/assets\/[^"]+\.js" data-preload="[^"]*" defer>$/);
  expect(head).not.toContain('modulepreload');
  await expect(issueRows(page).first()).toBeVisible();
  // The entry and its preloads start once the browser has reported the first contentful paint (the deferred loader
  // waits for it: scripts/first-view-build.test.ts); the shell's head scripts start while the page is parsed.
  const { painted, scripts } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => new URL(e.name).pathname.endsWith('.js')).map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
  }));
  expect(painted).not.toBeNull();
  const app = scripts.filter((s) => !s.path.includes('start-after-paint'));
  expect(app.length).toBeGreaterThan(1);
  expect(app.filter((s) => s.start < painted!)).toEqual([]);
});

test('a menu opened before the app took over shows its contents once it has', async ({ page }) => {
  const complaints = recordComplaints(page);
  // The entry is held back: the rendered page is on screen, and nothing of the app runs yet.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const entryAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  await page.goto(`${service.origin}/acme/rocket/issues`);
  await entryAsked;
  // A <details> opens without script.
  await page.getByText('Types', { exact: true }).click();
  release();
  await page.getByRole('menuitemradio', { name: /^Feature A request, idea, or new functionality/ }).click();
  await expect(page).toHaveURL(/type%3AFeature/);
  await expect(issueRows(page).first()).toBeVisible();
  expect(complaints).toEqual([]);
});

test('a tab with a token is sent the shell and draws its own list', async ({ page }) => {
  await page.addInitScript(([key, token]) => sessionStorage.setItem(key!, token!), [`issuescope.token:${service.origin}/api`, MONA]);
  await page.goto(`${service.origin}/acme/secret-plans/issues`);
  await expect(issueRows(page).first()).toBeVisible();
  // The app has told the service this browser has a token: from now on, the shell.
  const again = await page.goto(`${service.origin}/acme/rocket/issues`);
  expect(await again!.text()).not.toContain(FIRST_VIEW_DATA_ID);
  await expect(issueRows(page).first()).toBeVisible();
});
