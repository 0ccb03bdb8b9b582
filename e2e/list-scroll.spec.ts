/**
 * Journey: reading down a long page of the list. The next page opens at its
 * top; Back returns to where the reader was, and so does Back after a reload
 * of the page opened from it, when the list's rows have to come from the
 * service again (issue 45).
 */
import { expect, test, type Page } from '@playwright/test';
import { startE2eService } from './support/service';
import { issueList, issueRows } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a new page opens at its top, and Back returns to where the reader was, also after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aclosed&per_page=50`);
  await expect(issueList(page)).toHaveAccessibleName('Issues, page 1');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Page 1 of');

  // Down at the pager, the end of the first page.
  await pager.scrollIntoViewIfNeeded();
  const atPager = await scrollY(page);
  expect(atPager).toBeGreaterThan(800);

  await pager.getByRole('link', { name: 'Next', exact: true }).click();
  await expect(issueList(page)).toHaveAccessibleName('Issues, page 2');
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(issueList(page)).toHaveAccessibleName('Issues, page 1');
  await expect.poll(() => scrollY(page)).toBe(atPager);

  // At the 30th row, open its issue, reload that (the list's pages are gone from memory), and come back.
  const row = issueRows(page).nth(29);
  await row.scrollIntoViewIfNeeded();
  const where = await scrollY(page);
  expect(where).toBeGreaterThan(800);
  const title = row.getByRole('link').first();
  const name = await title.textContent();
  await title.click();
  await expect(page.getByRole('heading', { level: 1, name: name ?? '' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: name ?? '' })).toBeVisible();
  await page.goBack();
  await expect(issueList(page)).toHaveAccessibleName('Issues, page 1');
  await expect.poll(() => scrollY(page)).toBe(where);
});
