/**
 * Journey: page through a search until the search budget is spent. The gauge
 * shows the search budget (not the core one), paging pauses until that budget
 * resets, and comes back by itself. The service is started with a small
 * search limit and a long window (its flags `--search-unauth-limit` and
 * `--search-window-seconds`), and the test moves the service's clock and the
 * page's past the reset together: it owns the window, never racing wall-clock seconds.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { shownIssueNumbers } from './support/issue-list';
import { isSearchUrl, waitForSearch } from './support/search';

const SEARCH_LIMIT = 3;
const SEARCH_WINDOW_SECONDS = 600;

let service: Awaited<ReturnType<typeof startE2eService>>;
/** how far the service's clock is ahead of the wall clock */
let serviceSkewMs = 0;

test.beforeAll(async () => {
  service = await startE2eService({ searchUnauthLimit: SEARCH_LIMIT, searchWindowSeconds: SEARCH_WINDOW_SECONDS }, { now: () => Date.now() + serviceSkewMs });
});

test.afterAll(async () => {
  await service.close();
});

test('spending the search budget shows in the gauge and pauses paging until it resets', async ({ page }) => {
  const gauge = page.getByRole('group', { name: 'Search rate limit' });
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const next = pager.getByRole('link', { name: 'Next', exact: true });

  await page.clock.install();
  const first = waitForSearch(page);
  await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent('is:closed -label:bug')}&per_page=5`);
  const firstAnswer = await first;
  expect(await firstAnswer.headerValue('x-ratelimit-resource')).toBe('search');
  // The header's gauge shows the budget this view spends: searches, 10 a minute by default, 3 here.
  await expect(gauge).toContainText(`${SEARCH_LIMIT - 1} / ${SEARCH_LIMIT}`);
  await expect(page.getByRole('group', { name: 'API rate limit' })).toHaveCount(0);

  for (let pageNumber = 2; pageNumber <= SEARCH_LIMIT; pageNumber += 1) {
    const answer = waitForSearch(page);
    await next.click();
    expect((await answer).status()).toBe(200);
    await expect(pager).toContainText(`Page ${pageNumber} of`);
  }
  const rowsWhenSpent = await shownIssueNumbers(page);

  await expect(gauge).toContainText(`0 / ${SEARCH_LIMIT}`);
  await expect(gauge.getByRole('meter', { name: 'Searches left' })).toHaveAttribute('aria-valuenow', '0');
  for (const name of ['Next', 'Last']) {
    await expect(pager.getByRole('link', { name, exact: true })).toBeDisabled();
  }
  // The pages already loaded still open, for free.
  for (const name of ['First', 'Previous']) {
    await expect(pager.getByRole('link', { name, exact: true })).toBeEnabled();
  }
  await expect(pager.getByRole('status')).toContainText('Pages already loaded still open; the others wait: rate limit reached. Resets at');
  expect(await shownIssueNumbers(page)).toEqual(rowsWhenSpent);

  // Past the search window's reset, paging comes back by itself.
  const pastReset = SEARCH_WINDOW_SECONDS * 1000 + 1000;
  serviceSkewMs += pastReset;
  await page.clock.fastForward(pastReset);
  await expect(next).toBeEnabled();
  await expect(pager.getByRole('status')).toBeHidden();

  // The next page's own answer: a revalidation of a page already loaded (a free 304) may come first.
  const again = page.waitForResponse((response) => isSearchUrl(response.url()) && new URL(response.url()).searchParams.get('page') === String(SEARCH_LIMIT + 1));
  await next.click();
  expect((await again).status()).toBe(200);
  await expect(pager).toContainText(`Page ${SEARCH_LIMIT + 1} of`);
});
