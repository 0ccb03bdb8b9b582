/**
 * Journey: type a GitHub query in the list's box, press Enter, and see the
 * repository's exact matches with their total and the words marked; then open
 * the view's address in a fresh tab and see the same results.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { shownIssueNumbers } from './support/issue-list';
import { formatCount, searchDirectly, waitForSearch } from './support/search';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

test('a typed query shows the exact matches and their total, and its address opens the same results', async ({ page, browser }) => {
  const query = 'is:open windows';
  const expected = await searchDirectly(service.api, query);
  expect(expected.total_count).toBeGreaterThan(0);

  await page.goto(`${service.origin}/acme/rocket/issues`);
  const box = page.getByRole('combobox', { name: 'Search issues and pull requests' });
  // The default view's query, as github.com's box shows it.
  await expect(box).toHaveValue('is:issue state:open');
  await box.fill(query);
  const answer = waitForSearch(page);
  await box.press('Enter');
  await answer;

  // The address holds the query as github.com writes it.
  await expect(page).toHaveURL(/\?q=is%3Aopen\+windows$/);
  // The heading counts the open ones the query selects (the search's total), and the closed ones when the budget allows asking, or says that count waits.
  const counted = new RegExp(`^${formatCount(expected.total_count)} Open\\s·\\s([\\d,]+ Closed|Closed: count waits for search credits)$`);
  await expect(page.getByRole('heading', { name: counted })).toBeVisible();
  expect(await shownIssueNumbers(page)).toEqual(expected.items.map((item) => item.number));
  // The matched word is marked in the titles.
  await expect(page.getByRole('list', { name: 'Issues, page 1' }).locator('mark').first()).toHaveText(/^windows$/i);

  // Shared: the same address in a fresh tab (no history, no cache) shows the same results.
  const shared = page.url();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(shared);
  await expect(other.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue(query);
  await expect(other.getByRole('heading', { name: counted })).toBeVisible();
  expect(await shownIssueNumbers(other)).toEqual(expected.items.map((item) => item.number));
  expect(other.url()).toBe(shared);
  await fresh.close();
});
