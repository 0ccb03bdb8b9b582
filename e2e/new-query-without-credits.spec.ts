/**
 * Journey: the search budget is spent deep in one query, then the reader
 * changes the query (the Closed tab). The new query's answer cannot be had
 * until the budget resets, so the list says so in place of rows, with no
 * pager and no count of the old query; the old view is one click away, and
 * still shows for free (issue 45: never old rows under a new query). The
 * service has a small search limit and a long window, so nothing here races
 * the clock.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { issueList, shownIssueNumbers } from './support/issue-list';
import { waitForSearch } from './support/search';

const SEARCH_LIMIT = 3;
const SEARCH_WINDOW_SECONDS = 600;

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService({ searchUnauthLimit: SEARCH_LIMIT, searchWindowSeconds: SEARCH_WINDOW_SECONDS });
});

test.afterAll(async () => {
  await service.close();
});

test('a new query without search credits says it waits, instead of showing the old query’s rows', async ({ page }) => {
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const box = page.getByRole('combobox', { name: /search/i });

  const first = waitForSearch(page);
  await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent('is:open windows')}&per_page=5`);
  await first;
  for (let pageNumber = 2; pageNumber <= SEARCH_LIMIT; pageNumber += 1) {
    const answer = waitForSearch(page);
    await pager.getByRole('link', { name: 'Next', exact: true }).click();
    expect((await answer).status()).toBe(200);
    await expect(pager).toContainText(`Page ${pageNumber} of`);
  }
  const openRows = await shownIssueNumbers(page);

  await page.getByRole('navigation', { name: 'Issue state' }).getByRole('link', { name: 'Closed' }).click();

  await expect(box).toHaveValue('is:closed windows');
  await expect(page.getByRole('navigation', { name: 'Issue state' }).getByRole('link', { name: 'Closed' })).toHaveAttribute('aria-current', 'page');
  const waiting = page.getByRole('heading', { name: 'This search waits for search credits' });
  await expect(waiting).toBeVisible();
  await expect(page.getByText(/The list loads by itself when they reset, at \d{1,2}:\d\d:\d\d( [AP]M)? \(in \d+:\d\d\)\./)).toBeVisible();
  // Nothing of the old query describes the new one: no rows, no pager, no count.
  await expect(issueList(page)).toHaveCount(0);
  await expect(pager).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText('Issues and pull requests');

  // The old view is one click away, and shows at once from what was loaded.
  await page.getByRole('button', { name: 'Back to the previous view' }).click();
  await expect(box).toHaveValue('is:open windows');
  await expect(pager).toContainText(`Page ${SEARCH_LIMIT} of`);
  expect(await shownIssueNumbers(page)).toEqual(openRows);
});
