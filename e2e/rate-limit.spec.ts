/**
 * Journey: page through a list until the anonymous quota is spent. The gauge
 * shows 0, paging pauses with the reset time shown, and when the window
 * resets paging comes back by itself. The service's window is a few seconds.
 */
import { expect, test, type Response } from '@playwright/test';
import { startE2eService } from './support/service';
import { isIssueListUrl, shownIssueNumbers, waitForIssueList } from './support/issue-list';

const UNAUTH_LIMIT = 4;
const WINDOW_SECONDS = 6;

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService({ unauthLimit: UNAUTH_LIMIT, windowSeconds: WINDOW_SECONDS });
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

  const firstAnswer = waitForIssueList(page);
  await page.goto(`${service.origin}/acme/rocket/issues`);
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

  // Paging is paused, saying until when (the service's reset time).
  for (const name of ['First', 'Previous', 'Next', 'Last']) {
    await expect(pager.getByRole('link', { name, exact: true })).toBeDisabled();
  }
  const paused = pager.getByRole('status');
  await expect(paused).toContainText('Paging paused: rate limit reached. Resets at');
  const resetClock = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(resetAt);
  await expect(paused).toContainText(`Resets at ${resetClock}`);
  // The rows stay on screen, and no request went out meanwhile.
  expect(await shownIssueNumbers(page)).toEqual(rowsWhenSpent);

  // After the reset, paging re-enables without anyone touching the page.
  const requestsBeforeReset = answers.filter((a) => isIssueListUrl(a.url())).length;
  await expect(next).toBeEnabled({ timeout: (WINDOW_SECONDS + 5) * 1000 });
  expect(Date.now()).toBeGreaterThanOrEqual(resetAt);
  await expect(paused).toBeHidden();
  expect(answers.filter((a) => isIssueListUrl(a.url())).length).toBe(requestsBeforeReset);
  await expect(gauge.getByRole('meter', { name: 'Requests left' })).not.toHaveAttribute('aria-valuenow', '0');

  // And it works again.
  const again = waitForIssueList(page);
  await next.click();
  expect((await again).status()).toBe(200);
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(rowsWhenSpent);
});
