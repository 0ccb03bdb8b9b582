/**
 * Journey: reading an issue with a dozen comments on a phone (390 px wide).
 * Its assignees, labels and milestone come right after the description, not
 * after every comment; on a wide screen they stand beside the story.
 */
import { expect, test, type Page } from '@playwright/test';
import { startE2eService } from './support/service';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

/** acme/rocket#2228: labelled, assigned, 12 comments in the demo. */
const BUSY_ISSUE = '/acme/rocket/issues/2228';

async function layout(page: Page) {
  const description = page.getByRole('article').first();
  const details = page.getByRole('complementary', { name: 'Details' });
  const comments = page.getByRole('region', { name: '12 comments' });
  await expect(comments.getByRole('article')).toHaveCount(12);
  const [d, s, c] = await Promise.all([description.boundingBox(), details.boundingBox(), comments.boundingBox()]);
  return { description: d!, details: s!, comments: c! };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the details come after the description and before the comments', async ({ page }) => {
    await page.goto(`${service.origin}${BUSY_ISSUE}`);
    const { description, details, comments } = await layout(page);
    expect(details.y).toBeGreaterThanOrEqual(description.y + description.height);
    expect(comments.y).toBeGreaterThanOrEqual(details.y + details.height);
  });
});

test('on a wide screen the details stand beside the description', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${service.origin}${BUSY_ISSUE}`);
  const { description, details } = await layout(page);
  expect(details.x).toBeGreaterThanOrEqual(description.x + description.width);
  expect(Math.abs(details.y - description.y)).toBeLessThan(8);
});
