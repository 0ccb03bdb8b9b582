/**
 * Journey: reading the closed issues on a phone (375 px wide). The gauge
 * still says what its countdown is ("resets in"); the query box's hint fits
 * the box; a row's line of details never starts a line with a "·", nor leaves
 * its "#number" on a line of its own; the heading says how many are open and closed.
 */
import { expect, test, type Locator } from '@playwright/test';
import { startE2eService } from './support/service';
import { issueRows } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

/** Where a row's details wrap: each "·" that starts a line, and whether "#N" sits alone on its line. */
function wrapping(meta: Locator): Promise<{ text: string; dotsStartingLines: number; numberAlone: boolean }> {
  return meta.evaluate((p) => {
    const left = p.getBoundingClientRect().left;
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    const chars: { char: string; rect: DOMRect }[] = [];
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        if (text[i]!.trim() === '') continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) chars.push({ char: text[i]!, rect });
      }
    }
    const lineOf = (rect: DOMRect) => Math.round(rect.top);
    const firstOnLine = new Map<number, { char: string; rect: DOMRect }>();
    for (const c of chars) if (!firstOnLine.has(lineOf(c.rect))) firstOnLine.set(lineOf(c.rect), c);
    const dotsStartingLines = [...firstOnLine.values()].filter((c) => c.char === '·' && c.rect.left - left < 4).length;
    // "#1234" then the next word: on the same line.
    const digitsEnd = chars.findIndex((c, i) => i > 0 && !/\d/.test(c.char));
    const numberAlone = digitsEnd > 0 && lineOf(chars[digitsEnd]!.rect) !== lineOf(chars[0]!.rect);
    return { text: p.textContent ?? '', dotsStartingLines, numberAlone };
  });
}

test('the closed list reads whole on a phone: gauge, hint, details and counts', async ({ page }) => {
  await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent('is:closed')}`);
  await expect(issueRows(page).first()).toBeVisible();

  // The gauge says what its countdown counts down to.
  await expect(page.getByRole('group', { name: 'API rate limit' })).toContainText(/resets in \d/);

  // The heading counts what the query selects: the closed ones from the pages, the open ones from the repository.
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(/^[\d,]+ Open\s·\s[\d,]+(–[\d,]+)? Closed$/);

  // Every row's details: "#N by author was closed/merged …", wrapping at a separator's end, never before one.
  const metas = issueRows(page).locator('p').filter({ hasText: /^#\d+/ });
  const count = await metas.count();
  expect(count).toBeGreaterThan(10);
  for (let i = 0; i < count; i += 1) {
    const line = await wrapping(metas.nth(i));
    expect(line.text).toMatch(/^#\d+\sby \S+ was (closed|merged)/);
    expect(line.dotsStartingLines, line.text).toBe(0);
    expect(line.numberAlone, line.text).toBe(false);
  }

  // Emptied, the query box shows a hint that fits it.
  const box = page.getByRole('combobox', { name: 'Search issues and pull requests' });
  await box.fill('');
  const fit = await box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { hint: input.placeholder, width: context.measureText(input.placeholder).width, room };
  });
  expect(fit.hint).not.toBe('');
  expect(fit.width, `"${fit.hint}" in ${fit.room}px`).toBeLessThanOrEqual(fit.room);
});
