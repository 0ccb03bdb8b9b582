/**
 * Journey: a 429 storm. For a few seconds every API answer is the secondary
 * rate limit with `Retry-After: 3`. The app waits instead of hammering: the
 * service counts at most one request per Retry-After period for each request
 * the app has in flight, the status bar counts down ("Rate limited by the
 * service — retrying in N s"), paging is paused meanwhile, and the page
 * arrives by itself once the storm is over.
 */
import { expect, test } from '@playwright/test';
import { createFaultInjector } from '../src/server/faults/fault-injector';
import { shownIssueNumbers, waitForIssueList } from './support/issue-list';
import { startE2eService, type E2eService } from './support/service';

const RETRY_AFTER_S = 3;
const STORM_S = 7;
const faults = createFaultInjector({ seed: 429 });
let service: E2eService;

test.beforeAll(async () => {
  service = await startE2eService({}, { faults });
});

test.afterAll(async () => {
  await service.close();
});

test('a 429 storm is waited out, one request per Retry-After at most, with a countdown and paging paused', async ({ page }) => {
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const firstAnswer = waitForIssueList(page);
  // `is:open`: the list endpoint's view, whose requests the storm refuses (no q is a search since issue 45).
  await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aopen`);
  await firstAnswer;
  await expect(pager).toContainText('Page 1 of');
  const pageOne = await shownIssueNumbers(page);
  // The heading's closed count (a search of one entry) has come: the storm meets only the paging.
  await expect(page.getByRole('heading', { level: 3 })).toContainText('Closed');

  // The storm starts now and lasts STORM_S seconds.
  faults.resetStats();
  faults.set(`429=100%:${RETRY_AFTER_S}s@0-${STORM_S}s`);
  const stormStart = Date.now();
  await pager.getByRole('link', { name: 'Next', exact: true }).click();

  const countdown = page.getByRole('status').filter({ hasText: /Rate limited by the service — retrying (in \d+ s|now)/ });
  await expect(countdown).toBeVisible();
  for (const name of ['First', 'Previous', 'Next', 'Last']) {
    await expect(pager.getByRole('link', { name, exact: true })).toBeDisabled();
  }
  await expect(pager.getByRole('status')).toContainText('Paging paused: too many requests. Resumes at');

  // After the storm the page arrives without anyone touching the app.
  await expect(pager).toContainText('Page 2 of', { timeout: 30_000 });
  await expect.poll(() => shownIssueNumbers(page), { timeout: 30_000 }).not.toEqual(pageOne);
  await expect(countdown).toBeHidden();
  await expect(pager.getByRole('link', { name: 'Next', exact: true })).toBeEnabled({ timeout: 15_000 });

  // What the service saw during the storm, per request the app had in flight (by path).
  const storm = faults.records().filter((r) => r.fault === '429');
  expect(storm.length).toBeGreaterThan(0);
  const byPath = new Map<string, typeof storm>();
  for (const record of storm) byPath.set(record.path, [...(byPath.get(record.path) ?? []), record]);
  // The bound: one request when the storm catches it, then at most one per Retry-After period,
  // so at most floor(STORM_S / RETRY_AFTER_S) + 1 = 3 per request in flight, spaced at least RETRY_AFTER_S apart.
  const MAX_PER_PATH = Math.floor(STORM_S / RETRY_AFTER_S) + 1;
  const report = [...byPath].map(([path, records]) => `${path}: ${records.map((r) => r.at - stormStart).join(', ')} ms`);
  console.log(`429 storm: ${storm.length} requests in ${STORM_S} s over ${byPath.size} paths (bound ${MAX_PER_PATH} each)\n${report.join('\n')}`);
  for (const [path, records] of byPath) {
    expect(records.length, path).toBeLessThanOrEqual(MAX_PER_PATH);
    for (let i = 1; i < records.length; i += 1) {
      expect(records[i]!.at - records[i - 1]!.at, `${path}, retry ${i}`).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000);
    }
  }
  expect(storm.length).toBeLessThanOrEqual(MAX_PER_PATH * byPath.size);
});
