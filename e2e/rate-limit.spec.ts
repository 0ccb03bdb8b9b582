/**
 * Journey: page through a list until the anonymous quota is spent. The gauge
 * shows 0, paging pauses with the reset time shown, and when the window
 * resets paging comes back by itself. The window is an hour, so a slow
 * machine can never see it reset while the quota is being spent; the test
 * then moves the service's clock and the page's clock past the reset together.
 */
import { expect, test, type Response } from '@playwright/test';
import { startE2eService } from './support/service';
import { isIssueListUrl, shownIssueNumbers, waitForIssueList } from './support/issue-list';

const UNAUTH_LIMIT = 4;
const WINDOW_SECONDS = 3600;

let service: Awaited<ReturnType<typeof startE2eService>>;
/** how far the service's clock is ahead of the wall clock */
let serviceSkewMs = 0;

test.beforeAll(async () => {
  service = await startE2eService({ unauthLimit: UNAUTH_LIMIT, windowSeconds: WINDOW_SECONDS }, { now: () => Date.now() + serviceSkewMs });
});

test.afterAll(async () => {
  await service.close();
});

test('spending the quota pauses paging until the reset, then it resumes by itself', async ({ page }) => {
  const answers: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/repos/')) answers.push(response);
  });
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const next = pager.getByRole('link', { name: 'Next', exact: true });
  const gauge = page.getByRole('group', { name: 'API rate limit' });

  // The page's clock runs in step with the wall clock until the test moves it.
  await page.clock.install();
  const firstAnswer = waitForIssueList(page);
  // `is:open`: the list endpoint's view, which spends the core budget this journey spends (no q is a search since issue 45).
  await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aopen`);
  await firstAnswer;
  await expect(pager).toContainText('Page 1 of');

  // Page on until the service reports the last credit spent (each page costs one).
  const remainingNow = async (): Promise<number> =>
    Math.min(...(await Promise.all(answers.map(async (a) => Number(await a.headerValue('x-ratelimit-remaining'))))));
  for (let pageNumber = 2; pageNumber <= UNAUTH_LIMIT + 1; pageNumber += 1) {
    if ((await remainingNow()) === 0) break;
    const answer = waitForIssueList(page);
    await next.click();
    expect((await answer).status()).toBe(200);
    await expect(pager).toContainText(`Page ${pageNumber} of`);
  }
  expect(await remainingNow()).toBe(0);
  const spent = answers.at(-1)!;
  expect(isIssueListUrl(spent.url())).toBe(true);
  expect(await spent.headerValue('x-ratelimit-remaining')).toBe('0');
  expect(await spent.headerValue('x-ratelimit-limit')).toBe(String(UNAUTH_LIMIT));
  const resetAt = Number(await spent.headerValue('x-ratelimit-reset')) * 1000;
  const rowsWhenSpent = await shownIssueNumbers(page);

  // The gauge shows 0 of 4.
  await expect(gauge).toContainText(`0 / ${UNAUTH_LIMIT}`);
  await expect(gauge.getByRole('meter', { name: 'Requests left' })).toHaveAttribute('aria-valuenow', '0');

  // Paging to pages not loaded yet is paused, saying until when (the service's reset time);
  // the pages already loaded (all before this one) still open, for free.
  for (const name of ['Next', 'Last']) {
    await expect(pager.getByRole('link', { name, exact: true })).toBeDisabled();
  }
  for (const name of ['First', 'Previous']) {
    await expect(pager.getByRole('link', { name, exact: true })).toBeEnabled();
  }
  const paused = pager.getByRole('status');
  await expect(paused).toContainText('Pages already loaded still open; the others wait: rate limit reached. Resets at');
  const resetClock = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(resetAt);
  await expect(paused).toContainText(`Resets at ${resetClock}`);
  // The rows stay on screen, and no request went out meanwhile.
  expect(await shownIssueNumbers(page)).toEqual(rowsWhenSpent);

  // After the reset, paging re-enables without anyone touching the page.
  const requestsBeforeReset = answers.filter((a) => isIssueListUrl(a.url())).length;
  const pastReset = WINDOW_SECONDS * 1000 + 1000;
  serviceSkewMs += pastReset;
  await page.clock.fastForward(pastReset);
  await expect(next).toBeEnabled();
  expect(await page.evaluate(() => Date.now())).toBeGreaterThanOrEqual(resetAt);
  await expect(paused).toBeHidden();
  // An hour on, the page shown is stale and may be revalidated: for free, as a 304.
  const afterReset = answers.filter((a) => isIssueListUrl(a.url())).slice(requestsBeforeReset);
  expect(afterReset.map((a) => a.status()).filter((status) => status !== 304)).toEqual([]);
  await expect(gauge.getByRole('meter', { name: 'Requests left' })).not.toHaveAttribute('aria-valuenow', '0');

  // And it works again: the next page, whose answer is told from the shown page's revalidation by its number.
  const nextPage = String(Number(new URL(spent.url()).searchParams.get('page')) + 1);
  const again = page.waitForResponse((response) => isIssueListUrl(response.url()) && new URL(response.url()).searchParams.get('page') === nextPage);
  await next.click();
  expect((await again).status()).toBe(200);
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(rowsWhenSpent);
});
