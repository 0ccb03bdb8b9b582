/**
 * Journey: read a whole repository as one continuous list. Scrolling to the
 * end loads the next page from the `Link` header until there is none; the DOM
 * holds only the rows near the viewport (virtualised), and the last issue is
 * there at the end.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { isIssueListUrl } from './support/issue-list';

const TOTAL_ISSUES = 2417;

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

test('scrolling to the end loads every page, with only the visible rows in the DOM', async ({ page }) => {
  test.setTimeout(120_000);
  const requested: string[] = [];
  page.on('request', (request) => {
    if (isIssueListUrl(request.url())) requested.push(request.url());
  });

  await page.goto(`${service.origin}/acme/rocket/issues?state=all&view=continuous&per_page=100`);
  const list = page.getByRole('list', { name: 'Issues, continuous' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'List mode' }).getByRole('button', { name: 'Continuous' })).toHaveAttribute('aria-pressed', 'true');
  const status = page.getByRole('status').filter({ hasText: /^Loaded / });
  // Issues and pull requests counted apart: the list endpoint returns both.
  await expect(status).toHaveText(/^Loaded \d+ issues and \d+ pull requests$/);
  expect((await status.textContent())!.match(/\d+/g)!.map(Number).reduce((a, b) => a + b)).toBe(100);

  // Each rendered row has its rule below, the last one in the DOM too: it is not the list's end, and a
  // rule that came and went with the scroll would resize rows (and move every row after them) as it went.
  const rules = () => list.getByRole('listitem').evaluateAll((rows) => rows.map((row) => getComputedStyle(row).borderBottomWidth));
  await page.mouse.wheel(0, 1_500);
  await expect(async () => expect(new Set(await rules())).toEqual(new Set(['1px']))).toPass();

  // Scroll to the bottom as a reader holding End would, until the list says it has everything.
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(status).toHaveText(/, all of them$/, { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });

  const [issues, pulls] = (await status.textContent())!.match(/[\d,]+/g)!.map((n) => Number(n.replace(/,/g, '')));
  expect(issues! + pulls!).toBe(TOTAL_ISSUES);
  await expect(status).toHaveText(/^Loaded [\d,]+ issues and [\d,]+ pull requests, all of them$/);

  // Virtualised: the DOM holds a screenful or two of rows, not 2,417.
  const rendered = await list.getByRole('listitem').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(100);

  // The last issue is on screen at the end, and says which of how many it is. Rows are measured as
  // they are drawn, so the list's height can still grow under an End pressed while the last rows
  // come in (a CI run on a loaded host stopped 35 rows short): a reader presses End again.
  const last = list.locator(`li[aria-posinset="${TOTAL_ISSUES}"]`);
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(last).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(last).toHaveAttribute('aria-setsize', String(TOTAL_ISSUES));
  // The list's last row is the only one without a rule: the card's border closes the list.
  await expect(last).toHaveCSS('border-bottom-width', '0px');
  expect((await rules()).filter((width) => width === '0px')).toHaveLength(1);

  // One request per page, each following `next`: 25 pages of 100, no page asked twice.
  const pages = requested.map((url) => new URL(url).searchParams.get('page'));
  expect(new Set(pages).size).toBe(pages.length);
  expect(pages.length).toBe(Math.ceil(TOTAL_ISSUES / 100));
});
