/**
 * Journey: come back to a page already seen. The app asks with the ETag it
 * kept (If-None-Match), the service answers 304 at no cost, and the page says
 * it came from the cache for 0 credits.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { startE2eService } from './support/service';
import { isIssueListUrl, shownIssueNumbers, waitForIssueList } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const LIST = '/acme/rocket/issues?labels=enhancement';

/** Every answer of the API that spends or refunds credits (not the free /rate_limit). */
function recordApiAnswers(page: Page): Response[] {
  const answers: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/repos/')) answers.push(response);
  });
  return answers;
}

async function remainingOf(response: Response): Promise<number> {
  return Number(await response.headerValue('x-ratelimit-remaining'));
}

test('a page seen before is revalidated with a 304 that costs nothing', async ({ page }) => {
  const answers = recordApiAnswers(page);
  const pager = page.getByRole('navigation', { name: 'Pagination' });

  // First visit: 200s, each spending a credit.
  const firstAnswer = waitForIssueList(page);
  await page.goto(`${service.origin}${LIST}`);
  const first = await firstAnswer;
  expect(first.status()).toBe(200);
  const etag = await first.headerValue('etag');
  expect(etag).toMatch(/^W\/".+"$/);
  const rows = await shownIssueNumbers(page);
  await expect(pager).toContainText('Page 1 of');
  await expect(pager.getByText('cached · 0 credits')).toHaveCount(0);
  await expect.poll(() => answers.filter((a) => a.status() === 200).length).toBe(2); // the repository and the list
  const remainingAfterFirstVisit = Math.min(...(await Promise.all(answers.map(remainingOf))));
  expect(await remainingOf(first)).toBeGreaterThanOrEqual(remainingAfterFirstVisit);

  // Reload: the list is asked again, conditionally, and the service says nothing changed.
  answers.length = 0;
  const revisit = page.waitForResponse((response) => isIssueListUrl(response.url()) && response.status() === 304);
  await page.reload();
  const notModified = await revisit;
  expect(await notModified.request().headerValue('if-none-match')).toBe(etag);
  // A 304 costs no credit: the count is where the last 200 left it.
  expect(await remainingOf(notModified)).toBe(remainingAfterFirstVisit);
  expect(await shownIssueNumbers(page)).toEqual(rows);
  await expect(pager.getByText('cached · 0 credits')).toBeVisible();
  await expect(pager.getByText('cached · 0 credits')).toHaveAttribute('title', /304 Not Modified.*no rate-limit credit/);
  await expect(page.getByRole('group', { name: 'API rate limit' })).toContainText(`${remainingAfterFirstVisit.toLocaleString('en')} / 5,000`);

  // Away to the start page, then back by the address bar: again 304, again free.
  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  await expect(page.getByRole('heading', { name: 'Browse a repository’s issues' })).toBeVisible();
  const backAgain = page.waitForResponse((response) => isIssueListUrl(response.url()) && response.status() === 304);
  await page.goto(`${service.origin}${LIST}`);
  expect(await remainingOf(await backAgain)).toBe(remainingAfterFirstVisit);
  expect(await shownIssueNumbers(page)).toEqual(rows);
  await expect(pager.getByText('cached · 0 credits')).toBeVisible();
  expect(answers.every((a) => a.status() === 304)).toBe(true);
});
