/**
 * Journey: filter and page a list, copy the address, open it in a fresh
 * browser (a new context: no storage, no cache) and see the same rows in the
 * same order.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { shownIssueNumbers, waitForIssueList } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

test('a filtered, paged address shows the same rows in a fresh browser', async ({ page, browser }) => {
  // Closed bugs, sorted by most comments, ten a page: built by the user through the controls.
  await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent('is:closed label:bug')}`);
  const firstPage = await shownIssueNumbers(page);

  let answer = waitForIssueList(page);
  await page.getByLabel('Per page').selectOption('10');
  await answer;
  await expect.poll(async () => (await shownIssueNumbers(page)).length).toBe(10);

  answer = waitForIssueList(page);
  await page.getByLabel('Sort').selectOption({ label: 'Most commented' });
  await answer;
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(firstPage.slice(0, 10));
  const sortedFirstPage = await shownIssueNumbers(page);

  answer = waitForIssueList(page);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  await answer;
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/Page 2 of \d+/);
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(sortedFirstPage);
  const original = await shownIssueNumbers(page);
  expect(original).toHaveLength(10);

  const shared = new URL(page.url());
  // The query as github.com writes it, with the sort in it.
  expect(Object.fromEntries(shared.searchParams)).toEqual({
    q: 'is:closed label:bug sort:comments-desc',
    per_page: '10',
    page: '2',
  });

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    const otherAnswer = waitForIssueList(other);
    await other.goto(shared.href);
    // The fresh browser had nothing to go on but the address: it asked for exactly this view.
    const asked = new URL((await otherAnswer).url()).searchParams;
    expect(asked.get('state')).toBe('closed');
    expect(asked.get('labels')).toBe('bug');
    expect(asked.get('sort')).toBe('comments');
    expect(asked.get('per_page')).toBe('10');
    expect(asked.get('page')).toBe('2');
    expect(await shownIssueNumbers(other)).toEqual(original);
    await expect(other.getByRole('navigation', { name: 'Pagination' })).toContainText(/Page 2 of \d+/);
    await expect(other.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('is:closed label:bug sort:comments-desc');
  } finally {
    await fresh.close();
  }
});
