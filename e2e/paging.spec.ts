/**
 * Journey: page through a long list. Next, Last and Previous request exactly
 * the URLs the service put in its `Link` header (spec 4.2 rule 3), the pager
 * says "Page X of Y", and an address past the end is a friendly empty page.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { startE2eService } from './support/service';
import { issueRows, isIssueListUrl, linkRels, shownIssueNumbers, waitForIssueList } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

function pageNumberOf(url: string): number {
  return Number(new URL(url).searchParams.get('page'));
}

/** Every issue-list URL the page asks the service for, in order. */
function recordListRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (isIssueListUrl(request.url())) urls.push(request.url());
  });
  return urls;
}

async function follow(page: Page, name: string, requested: string[]): Promise<Response> {
  requested.length = 0;
  const answer = waitForIssueList(page);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name, exact: true }).click();
  return answer;
}

test('Next, Last and Previous follow the Link header; past the end is an empty page', async ({ page }) => {
  const requested = recordListRequests(page);
  const pager = page.getByRole('navigation', { name: 'Pagination' });

  const firstAnswer = waitForIssueList(page);
  // `is:open`: the list endpoint's open issues and pull requests, whose Link paging this journey follows (no q is a search since issue 45).
  await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aopen`);
  const first = await firstAnswer;
  const firstRels = linkRels(await first.headerValue('link'));
  expect(Object.keys(firstRels).sort()).toEqual(['last', 'next']);
  const lastPage = pageNumberOf(firstRels.last!);
  expect(lastPage).toBeGreaterThan(2);
  await expect(pager).toContainText(`Page 1 of ${lastPage}`);
  const page1 = await shownIssueNumbers(page);
  expect(page1).toHaveLength(30);
  // On page 1 there is nowhere to go back to.
  await expect(pager.getByRole('link', { name: 'Previous', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(pager.getByRole('link', { name: 'First', exact: true })).toHaveAttribute('aria-disabled', 'true');

  // Next: the request is the `next` rel, verbatim.
  const second = await follow(page, 'Next', requested);
  expect(second.url()).toBe(firstRels.next);
  expect(requested).toEqual([firstRels.next]);
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  await expect(pager).toContainText(`Page 2 of ${lastPage}`);
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(page1);
  const page2 = await shownIssueNumbers(page);
  expect(Math.max(...page2)).toBeLessThan(Math.min(...page1));
  const secondRels = linkRels(await second.headerValue('link'));
  expect(Object.keys(secondRels).sort()).toEqual(['first', 'last', 'next', 'prev']);

  // Last: the `last` rel of the page on screen.
  const last = await follow(page, 'Last', requested);
  expect(last.url()).toBe(secondRels.last);
  expect(requested).toEqual([secondRels.last]);
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === String(lastPage));
  await expect(pager).toContainText(`Page ${lastPage} of ${lastPage}`);
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(page2);
  expect((await shownIssueNumbers(page)).length).toBeGreaterThan(0);
  await expect(pager.getByRole('link', { name: 'Next', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(pager.getByRole('link', { name: 'Last', exact: true })).toHaveAttribute('aria-disabled', 'true');
  const lastRels = linkRels(await last.headerValue('link'));
  expect(Object.keys(lastRels).sort()).toEqual(['first', 'prev']);

  // Previous: the `prev` rel.
  const previous = await follow(page, 'Previous', requested);
  expect(previous.url()).toBe(lastRels.prev);
  expect(requested).toEqual([lastRels.prev]);
  await expect(pager).toContainText(`Page ${lastPage - 1} of ${lastPage}`);

  // An address past the end: the service answers 200 with [], the app says so kindly.
  const beyond = waitForIssueList(page);
  await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aopen&page=999`);
  const beyondAnswer = await beyond;
  expect(await beyondAnswer.json()).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Page 999 is past the end of this list' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(issueRows(page)).toHaveCount(0);
  const backToLast = page.getByRole('link', { name: `Go to the last page (${lastPage})` });
  await expect(backToLast).toBeVisible();

  // Its way back follows the `last` rel of that answer.
  const beyondRels = linkRels(await beyondAnswer.headerValue('link'));
  requested.length = 0;
  const backAnswer = waitForIssueList(page);
  await backToLast.click();
  expect((await backAnswer).url()).toBe(beyondRels.last);
  await expect(pager).toContainText(`Page ${lastPage} of ${lastPage}`);
  expect((await shownIssueNumbers(page)).length).toBeGreaterThan(0);
});
