/**
 * Journey: page through a search. Each page is the service's exact page (by
 * the `Link` header), "Page X of Y" counts the search's pages, and the total
 * stays the same.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { shownIssueNumbers } from './support/issue-list';
import { formatCount, searchDirectly, waitForSearch } from './support/search';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  // Enough searches for the journey and the reference answers, by one address.
  service = await startE2eService({ searchUnauthLimit: 50 });
});

test.afterAll(async () => {
  await service.close();
});

test('a search pages by its Link header, each page exactly the service’s', async ({ page }) => {
  const query = 'is:closed -label:bug';
  const perPage = 10;
  const first = await searchDirectly(service.api, query, perPage, 1);
  const second = await searchDirectly(service.api, query, perPage, 2);
  expect(first.total_count).toBeGreaterThan(2 * perPage);
  const pages = Math.ceil(Math.min(first.total_count, 1000) / perPage);

  const answer = waitForSearch(page);
  await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent(query)}&per_page=${perPage}`);
  await answer;
  // The query selects closed ones: the search's total is their count (the open ones' too, when the budget allows asking).
  const heading = page.getByRole('heading', { name: new RegExp(`(^|\\s)${formatCount(first.total_count)} Closed$`) });
  await expect(heading).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText(`Page 1 of ${pages}`);
  expect(await shownIssueNumbers(page)).toEqual(first.items.map((item) => item.number));

  const next = waitForSearch(page);
  await pager.getByRole('link', { name: 'Next', exact: true }).click();
  const nextAnswer = await next;
  // The page followed the service's own `next` link.
  expect(new URL(nextAnswer.url()).searchParams.get('page')).toBe('2');
  await expect(pager).toContainText(`Page 2 of ${pages}`);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  expect(await shownIssueNumbers(page)).toEqual(second.items.map((item) => item.number));
  await expect(heading).toBeVisible();

  await pager.getByRole('link', { name: 'Previous' }).click();
  await expect(pager).toContainText(`Page 1 of ${pages}`);
  expect(await shownIssueNumbers(page)).toEqual(first.items.map((item) => item.number));
});
