/**
 * Journey (issue 47): filter the list by issue type from the Types menu, see a parent's
 * sub-issue progress in its row, open it and read its sub-issues with their states, open one
 * and go back up to its parent, reading on both timelines the line of the link made. The demo's
 * acme/rocket#343 is an open Feature with six sub-issues, three of them closed, and a seventh
 * added and removed again.
 */
import { expect, test } from '@playwright/test';
import { issueRows } from './support/issue-list';
import { startE2eService } from './support/service';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const PARENT = 343;

test('the Types menu filters by type, and a parent shows and links its sub-issues', async ({ page }) => {
  await page.goto(`${service.origin}/acme/rocket/issues`);
  await page.getByText('Types', { exact: true }).click();
  await page.getByRole('menuitemradio', { name: /^Feature A request, idea, or new functionality/ }).click();
  await expect(page).toHaveURL(/type%3AFeature/);
  await expect(page.getByRole('combobox').first()).toHaveValue(/type:Feature/);
  await expect(issueRows(page).first()).toBeVisible();
  // Every row shown is a Feature.
  await expect(issueRows(page).filter({ hasNotText: 'Feature' })).toHaveCount(0);

  // The parent's row: its type, and how many of its sub-issues are closed.
  await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent('is:open has:sub-issues type:Feature')}`);
  const row = issueRows(page).filter({ hasText: `#${PARENT}` });
  await expect(row.getByText('Feature', { exact: true })).toBeVisible();
  await expect(row.getByLabel('Sub-issues: 3 of 6 completed')).toBeVisible();

  // The parent: its sub-issues with their states, and the progress.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${PARENT}`);
  const section = page.getByRole('region', { name: 'Sub-issues' });
  await expect(section).toContainText('3 of 6');
  await expect(section.getByRole('progressbar', { name: 'Sub-issues completed' })).toHaveAttribute('aria-valuenow', '50');
  const items = section.getByRole('listitem');
  await expect(items).toHaveCount(6);
  await expect(section.getByRole('img', { name: /^Closed/ })).toHaveCount(3);
  const parentTitle = (await page.getByRole('heading', { level: 1 }).innerText()).replace(/\s*#\d+$/, '');

  // The parent's timeline has a line for each sub-issue added, linking to it.
  const child = items.first().getByRole('link');
  const childTitle = await child.innerText();
  const childNumber = /#(\d+)/.exec(await items.first().innerText())?.[1];
  const addedLine = page.getByRole('paragraph').filter({ hasText: `added sub-issue #${childNumber} ${childTitle}` });
  await expect(addedLine).toHaveCount(1);
  // Six sub-issues, and one the demo added by mistake and removed a day later.
  await expect(page.getByRole('paragraph').filter({ hasText: /added sub-issue #\d+/ })).toHaveCount(7);
  await expect(page.getByRole('paragraph').filter({ hasText: /removed sub-issue #\d+/ })).toHaveCount(1);
  await expect(addedLine.getByRole('link', { name: `#${childNumber} ${childTitle}` })).toHaveAttribute('href', `/acme/rocket/issues/${childNumber}`);

  // A sub-issue names its parent and links back to it, and its timeline says when it got it.
  await child.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(childTitle);
  const parentLine = page.getByRole('paragraph').filter({ hasText: `added parent issue #${PARENT} ${parentTitle}` });
  await expect(parentLine.getByRole('link', { name: `#${PARENT} ${parentTitle}` })).toBeVisible();
  const up = page.getByRole('link', { name: new RegExp(`#${PARENT}$`) });
  await expect(up).toContainText(parentTitle);
  await up.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${PARENT}`);
});
