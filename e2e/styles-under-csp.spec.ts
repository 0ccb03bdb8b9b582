/**
 * Journey (issue 48): the list, served by the real service under its CSP (`style-src 'self'`,
 * which refuses every `style` attribute in a page's HTML), still paints what depends on data:
 * a label in its colours, a bar as far as its count, an avatar at its size, an icon on the
 * text's baseline. The app gives these classes; their rules are in styles.css or, for what
 * depends on data, in a stylesheet the app adds through the CSSOM, which the CSP allows.
 */
import { expect, test } from '@playwright/test';
import type { Label } from '../src/shared/wire-types';
import { labelColors } from '../src/app/lib/label-colors';
import { issueList, issueRows } from './support/issue-list';
import { startE2eService } from './support/service';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

/** `#rrggbb` as getComputedStyle writes it. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

test('labels, bars, avatars and icons keep their looks on the list and the issue under the page’s CSP, with no style attribute', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const response = await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent('is:open has:sub-issues')}`);
  expect(response?.headers()['content-security-policy']).toMatch(/style-src 'self'(;|$)/);
  const row = issueRows(page).filter({ hasText: '#343' });
  await expect(row.getByLabel('Sub-issues: 3 of 6 completed')).toBeVisible();

  // A label in the repository's colour, its text in the contrasting one.
  const labels = (await (await fetch(`${service.api}/repos/acme/rocket/labels?per_page=100`)).json()) as Label[];
  const enhancement = labels.find((label) => label.name === 'enhancement');
  expect(enhancement).toBeDefined();
  const colors = labelColors(enhancement?.color);
  const pill = row.getByText('enhancement', { exact: true }).locator('..');
  await expect(pill).toHaveCSS('background-color', rgb(colors.backgroundColor));
  await expect(pill).toHaveCSS('color', rgb(colors.color));

  // Three of six sub-issues closed: the bar is half full.
  const track = row.getByLabel('Sub-issues: 3 of 6 completed').locator('xpath=following-sibling::span[1]');
  const [trackBox, fillBox] = await Promise.all([track.boundingBox(), track.locator('span').boundingBox()]);
  expect(fillBox?.width).toBeCloseTo((trackBox?.width ?? 0) / 2, 0);

  // The row's state icon sits as GitHub's octicons do.
  await expect(row.getByRole('img', { name: /^Open issue/ }).locator('svg')).toHaveCSS('vertical-align', 'text-bottom');

  // An assignee's avatar at 20 px.
  const avatar = issueList(page).locator('img').first();
  await expect(avatar).toHaveCSS('width', '20px');
  await expect(avatar).toHaveCSS('height', '20px');

  // The gauge's bar as full as the credits left (read in one go: the bar eases to a new width when an answer reports another count).
  const gaugeGap = () =>
    page.getByRole('meter').first().evaluate((meter) => {
      const share = Math.round((Number(meter.getAttribute('aria-valuenow')) / Number(meter.getAttribute('aria-valuemax'))) * 100) / 100;
      return Math.abs(meter.firstElementChild!.getBoundingClientRect().width - meter.getBoundingClientRect().width * share);
    });
  await expect.poll(gaugeGap).toBeLessThan(0.5);

  await expect(page.locator('#root [style]')).toHaveCount(0);

  // The issue: its labels and its sub-issues' progress, half full.
  await row.getByRole('link').first().click();
  const progress = page.getByRole('region', { name: 'Sub-issues' }).getByRole('progressbar', { name: 'Sub-issues completed' });
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  const [progressBox, progressFillBox] = await Promise.all([progress.boundingBox(), progress.locator('span').boundingBox()]);
  expect(progressFillBox?.width).toBeCloseTo((progressBox?.width ?? 0) / 2, 0);
  await expect(page.getByRole('complementary').getByText('enhancement', { exact: true }).locator('..')).toHaveCSS('background-color', rgb(colors.backgroundColor));
  await expect(page.locator('#root [style]')).toHaveCount(0);
  expect(refused).toEqual([]);
});
