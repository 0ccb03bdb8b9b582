/**
 * Journey: the budget runs low (issue 47). With less than a tenth of the
 * anonymous limit left, the pages the reader opens still load, but the label
 * menu's contents wait: the menu says until when, the gauge says what is held
 * back, and no request for the labels goes out. Past the window's reset
 * (the service's and the page's clocks moved on together, as in
 * rate-limit.spec.ts) the menu fills itself.
 */
import { expect, test, type Page } from '@playwright/test';
import { startE2eService } from './support/service';
import { waitForIssueList } from './support/issue-list';

const UNAUTH_LIMIT = 30;
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

function labelRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/labels')) seen.push(request.url());
  });
  return seen;
}

test('under a tenth of the limit left, the label menu waits with the gauge saying so, while pages still load', async ({ page }) => {
  const labels = labelRequests(page);
  const gauge = page.getByRole('group', { name: 'API rate limit' });
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await page.clock.install();

  const first = waitForIssueList(page);
  // The list endpoint's view, which spends core credits (the default view is a search).
  await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aopen`);
  await first;
  await expect(pager).toContainText('Page 1 of');

  // Another client of the same address spends the budget down to 3 left (the reader's Next takes one more).
  // The page asks for the repository beside the first page, in either order, so the count is read once
  // the page is quiet, from the free `GET /rate_limit`, not from whichever answer came last.
  await page.waitForLoadState('networkidle');
  const limits = (await (await fetch(`${service.api}/rate_limit`)).json()) as { resources: { core: { remaining: number } } };
  const left = limits.resources.core.remaining;
  for (let i = 0; i < left - 3; i++) {
    const spent = await fetch(`${service.api}/repos/acme/rocket`);
    expect(spent.status).toBe(200);
  }

  // What the reader asks for still loads: page 2, leaving 2 of 30, under a tenth.
  const second = waitForIssueList(page);
  await pager.getByRole('link', { name: 'Next', exact: true }).click();
  expect((await second).headers()['x-ratelimit-remaining']).toBe('2');
  await expect(pager).toContainText('Page 2 of');
  await expect(gauge).toContainText(`2 / ${UNAUTH_LIMIT}`);

  // The label menu's contents are not: they wait for the reset, and say so.
  await page.getByText('Labels', { exact: true }).click();
  const resetAt = Number((await second).headers()['x-ratelimit-reset']) * 1000;
  const resetClock = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(resetAt);
  await expect(page.getByText(`The labels wait for credits: fewer than a tenth of the rate limit is left, and it goes to what you open. They load at ${resetClock}.`)).toBeVisible();
  await expect(gauge).toContainText('held back');
  await expect(gauge.getByRole('meter', { name: 'Requests left' })).toHaveAttribute(
    'aria-valuetext',
    `2 of 30 requests left; the quota resets at ${resetClock}. Held back until ${resetClock} to save credits: the label menu.`,
  );
  expect(labels).toEqual([]);

  // Past the reset, the labels come by themselves.
  const pastReset = WINDOW_SECONDS * 1000 + 1000;
  serviceSkewMs += pastReset;
  await page.clock.fastForward(pastReset);
  await expect(page.getByRole('checkbox', { name: 'bug' })).toBeAttached();
  expect(labels).toHaveLength(1);
  await expect(gauge).not.toContainText('held back');
});
