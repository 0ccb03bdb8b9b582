/**
 * Journey: a page that has loaded holds still, and what scrolls under the
 * sticky header does not show through it. Both are also what keeps scrolling
 * smooth: a running animation, or a header that blurs what is behind it, has
 * the compositor redraw the screen on every frame (docs/performance.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { startE2eService, type E2eService } from './support/service';
import { issueRows } from './support/issue-list';

let service: E2eService;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

/** Animations and transitions still running (a placeholder waiting out its delay counts too). */
function runningAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .map((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        const what = a instanceof CSSAnimation ? a.animationName : a instanceof CSSTransition ? `transition of ${a.transitionProperty}` : 'animation';
        return `${what} on ${target instanceof Element ? target.outerHTML.slice(0, 120) : 'nothing'}`;
      }),
  );
}

async function expectOpaqueStickyHeader(page: Page): Promise<void> {
  const header = page.locator('header.sticky').first();
  await expect(header).toBeVisible();
  const look = await header.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, backdrop: style.backdropFilter };
  });
  // rgb(…) has no alpha; rgba(…, a < 1) or a colour-mix with transparency would let the page show through.
  expect(look.background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  expect(look.backdrop).toBe('none');
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the list and an issue hold still once loaded, under an opaque header (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${service.origin}/acme/rocket/issues`);
    await expect(issueRows(page).first()).toBeVisible();
    await expect.poll(() => runningAnimations(page)).toEqual([]);
    await expectOpaqueStickyHeader(page);

    await issueRows(page).first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Description by / })).toBeVisible();
    await expect.poll(() => runningAnimations(page)).toEqual([]);
    await expectOpaqueStickyHeader(page);
  });
}
