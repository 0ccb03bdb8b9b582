/**
 * Journey: your issues across repositories at /issues (issue 47). Without a
 * token the page says why it lists nothing and leads to Settings; with the
 * token of a demo user who has issues assigned, created and mentioning them,
 * each view shows what `GET /search/issues` with `@me` answers for that user,
 * rows name their repository, the view's query is in the box and the
 * address (a reload shows the same view), Next follows `Link`, an issue
 * opened from here comes back to it, and j/k/o move through the rows and
 * open one as in a repository's list (the ? dialog says so).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hashToken } from '../src/server/auth/tokens';
import { openCommandStorage } from '../src/server/store/open-storage';
import { startE2eService } from './support/service';
import { issueList, issueRows } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;
/** A token of mchen, who is assigned, wrote and is mentioned in many open issues of the demo. */
const MCHEN = 'isc_pat_e2e_mchen_your_issues_000001';

test.beforeAll(async () => {
  service = await startE2eService();
  const store = await openCommandStorage(service.db);
  try {
    await store.createToken({ hash: hashToken(MCHEN), login: 'mchen', name: 'e2e: your issues', expiresAt: null, repos: [] }, Date.now());
  } finally {
    await store.close();
  }
});

test.afterAll(async () => {
  await service.close();
});

/** What the service answers mchen for a query: the page's titles, and the total. */
async function searchAsMchen(q: string, page = 1): Promise<{ titles: string[]; total: number }> {
  const url = new URL(`${service.api}/search/issues`);
  url.search = new URLSearchParams({ q, per_page: '30', page: String(page) }).toString();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${MCHEN}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { total_count: number; items: { title: string }[] };
  // The app renders a title's `code` as code, without its backticks, as GitHub does.
  return { titles: body.items.map((item) => item.title.replaceAll('`', '')), total: body.total_count };
}

/** axe's serious and critical findings (WCAG 2.x A and AA, as accessibility.spec.ts checks the other pages). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shownTitles(page: Page): Promise<string[]> {
  await expect(issueRows(page).first()).toBeVisible();
  // Each row's links: its repository, then its title.
  return issueRows(page).evaluateAll((rows) => rows.map((row) => row.querySelectorAll('a')[1]?.textContent?.trim() ?? ''));
}

const ASSIGNED = 'is:issue state:open archived:false assignee:@me sort:updated-desc';
const CREATED = 'is:issue state:open archived:false author:@me sort:updated-desc';

test('your issues: none without a token, then each view of mchen’s open issues, shared by its address and paged by Link', async ({ page }) => {
  await page.goto(`${service.origin}/issues`);
  await expect(page.getByRole('heading', { name: 'Your issues need a token' })).toBeVisible();
  await expect(issueList(page)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Add a token in Settings' }).click();
  await page.getByLabel('Token', { exact: true }).fill(MCHEN);
  await page.getByRole('radio', { name: 'This tab only' }).check();
  await page.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByText('Token saved for this tab only.')).toBeVisible();

  // From the start page, as a reader would: Assigned to you, the default view.
  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  await page.getByRole('link', { name: 'your issues' }).click();
  await expect(page).toHaveURL(`${service.origin}/issues`);
  const views = page.getByRole('navigation', { name: 'Your issues' });
  await expect(views.getByRole('link', { name: 'Assigned to you' })).toHaveAttribute('aria-current', 'page');
  const box = page.getByRole('combobox', { name: 'Search issues and pull requests' });
  await expect(box).toHaveValue(ASSIGNED);
  const assigned = await searchAsMchen(ASSIGNED);
  expect(assigned.total).toBeGreaterThan(30);
  expect(await shownTitles(page)).toEqual(assigned.titles);
  await expect(page.getByRole('heading', { name: `${assigned.total.toLocaleString('en')} results` })).toBeVisible();
  await expect(issueRows(page).first().getByRole('link', { name: 'acme/rocket' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Another view: its query in the box and the address.
  await views.getByRole('link', { name: 'Created by you' }).click();
  await expect(box).toHaveValue(CREATED);
  expect(new URL(page.url()).searchParams.get('q')).toBe(CREATED);
  const created = await searchAsMchen(CREATED);
  await expect.poll(() => shownTitles(page)).toEqual(created.titles);

  // Next follows the service's Link; a reload of that address shows the same page.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  const second = await searchAsMchen(CREATED, 2);
  await expect.poll(() => shownTitles(page)).toEqual(second.titles);
  await page.reload();
  await expect(views.getByRole('link', { name: 'Created by you' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => shownTitles(page)).toEqual(second.titles);

  // An issue opened from here comes back here.
  const firstTitle = second.titles[0]!;
  await issueRows(page).first().getByRole('link', { name: firstTitle }).click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(firstTitle);
  await page.getByRole('link', { name: 'Back to issues' }).click();
  await expect(page).toHaveURL(/\/issues\?.*page=2/);
  await expect(views.getByRole('link', { name: 'Created by you' })).toHaveAttribute('aria-current', 'page');

  // The keyboard, as in a repository's list: j and k move through the rows, o opens the selected one; ? lists them here.
  await expect.poll(() => shownTitles(page)).toEqual(second.titles);
  const titleOfRow = (n: number) => issueRows(page).nth(n).getByRole('link', { name: second.titles[n]! });
  await page.keyboard.press('j');
  await expect(titleOfRow(0)).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(titleOfRow(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(titleOfRow(1)).toBeFocused();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row', { name: /Select the next issue/ })).toContainText('Your issues');
  await expect(shortcuts.getByRole('row', { name: /Open the selected issue/ }).first()).toContainText('Your issues');
  await shortcuts.getByRole('button', { name: 'Close' }).click();
  await expect(shortcuts).toBeHidden();
  // The selection without focus on its link: o opens it.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(second.titles[1]!);
});
