/**
 * Journey: open an issue from the list and read it as GitHub renders it
 * (headings, highlighted code, task lists, tables) with its comments below;
 * the same address opened directly in a fresh browser shows the same.
 */
import { expect, test, type Page } from '@playwright/test';
import { startE2eService } from './support/service';
import { issueList } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const TITLE = 'RFC: stable JSON output contract';
const COMMENTERS = ['obrooks-dev', 'mchen', 'samirh', 'priya-r', 'npetrov'];

async function colorOf(page: Page, text: string): Promise<string> {
  const description = page.getByRole('article', { name: 'Description by fzahra' });
  return description.getByRole('code').getByText(text, { exact: true }).first().evaluate((element) => getComputedStyle(element).color);
}

async function expectRenderedIssue(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: `${TITLE} #409`, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${TITLE} · #409 · acme/rocket · Issuescope`);

  const description = page.getByRole('article', { name: 'Description by fzahra' });
  // Markdown headings are real headings.
  await expect(description.getByRole('heading', { name: 'Detailed design' })).toBeVisible();
  await expect(description.getByRole('heading', { name: 'Unresolved questions' })).toBeVisible();

  // A fenced ```json block, highlighted: keys and strings in colours of their own.
  const code = description.getByRole('code').filter({ hasText: '"rocket.status/v1"' });
  await expect(code).toBeVisible();
  await expect(code).toContainText('"deployments": [{ "id": "dpl_8fK2"');
  const plain = await code.evaluate((element) => getComputedStyle(element).color);
  const key = await colorOf(page, '"schema"');
  const string = await colorOf(page, '"rocket.status/v1"');
  expect(new Set([plain, key, string]).size).toBe(3);

  // Task list: read-only checkboxes named after their items.
  const open = description.getByRole('checkbox', { name: 'Where do we publish the schemas?' });
  const done = description.getByRole('checkbox', { name: 'How do we test backwards compatibility?' });
  await expect(open).not.toBeChecked();
  await expect(open).toBeDisabled();
  await expect(done).toBeChecked();

  // The table, with its header row.
  const table = description.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Option', 'Pros', 'Cons']);
  await expect(table.getByRole('row', { name: /Versioned schemas/ }).getByRole('cell')).toHaveText(['Versioned schemas', 'Predictable', 'More up-front work']);

  // The comments, in order, below the description.
  await expect(page.getByRole('heading', { name: '5 comments' })).toBeVisible();
  const comments = page.getByRole('article', { name: /^Comment by / });
  await expect(comments).toHaveCount(COMMENTERS.length);
  for (const [index, login] of COMMENTERS.entries()) {
    await expect(comments.nth(index)).toHaveAccessibleName(`Comment by ${login}`);
  }
  // A comment's Markdown is rendered too (a GitHub alert, a code block).
  await expect(comments.nth(1).getByText('Added to the roadmap.')).toBeVisible();
  await expect(comments.nth(4).getByRole('code').first()).toBeVisible();
  const descriptionBox = await description.boundingBox();
  const firstCommentBox = await comments.first().boundingBox();
  expect(firstCommentBox!.y).toBeGreaterThan(descriptionBox!.y + descriptionBox!.height);
}

test('an issue opened from the list, then from its address, renders its Markdown and comments', async ({ page, browser }) => {
  const listQuery = 'is:open author:fzahra';
  await page.goto(`${service.origin}/acme/rocket/issues?${new URLSearchParams({ q: listQuery, per_page: '100' })}`);
  await issueList(page).getByRole('link', { name: TITLE, exact: true }).click();
  await expect(page).toHaveURL(`${service.origin}/acme/rocket/issues/409`);
  await expectRenderedIssue(page);

  // "Back to issues" returns to the list as it was left.
  await page.getByRole('link', { name: 'Back to issues' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/acme/rocket/issues' && url.searchParams.get('q') === listQuery && url.searchParams.get('per_page') === '100',
  );
  await expect(issueList(page).getByRole('link', { name: TITLE, exact: true })).toBeVisible();

  // The issue's address, shared: a fresh browser renders the same.
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(`${service.origin}/acme/rocket/issues/409`);
    await expectRenderedIssue(other);
  } finally {
    await fresh.close();
  }
});

test("a link to a comment opens the issue scrolled to that comment, marked, below the sticky header; a comment's time is that link", async ({ page }) => {
  // Short enough that the last comment starts well below the fold.
  await page.setViewportSize({ width: 1024, height: 600 });
  const response = await page.request.get(`${service.origin}/api/repos/acme/rocket/issues/409/comments`);
  const comments = (await response.json()) as { id: number; user: { login: string } }[];
  // The second of five: the page can still scroll it to the top.
  const target = comments[1]!;
  expect(target.user.login).toBe(COMMENTERS[1]);

  await page.goto(`${service.origin}/acme/rocket/issues/409#issuecomment-${target.id}`);
  const linked = page.getByRole('article', { name: `Comment by ${target.user.login}` });
  await expect(linked).toBeInViewport();
  const header = await page.getByRole('banner').boundingBox();
  const headerBottom = header!.y + header!.height;
  // Just below the sticky header: not under it, not a screen away.
  await expect.poll(async () => { const y = (await linked.boundingBox())!.y; return y >= headerBottom && y < headerBottom + 100; }).toBe(true);
  await expect(linked).toBeFocused();
  // Marked as GitHub marks it: the card's border in the accent colour, the other comments' not.
  const accentBorder = (article: ReturnType<Page['getByRole']>) =>
    article.locator('.card').evaluate((card) => getComputedStyle(card).borderTopColor);
  const first = page.getByRole('article', { name: `Comment by ${COMMENTERS[0]}` });
  expect(await accentBorder(linked)).not.toBe(await accentBorder(first));

  // The reader scrolls back up (the page is theirs from then on), and follows the first comment's time, a link to it.
  await page.mouse.move(400, 300);
  await page.mouse.wheel(0, -10_000);
  await expect(linked).not.toBeInViewport();
  await expect(first).not.toBeInViewport();
  await first.locator('a', { has: page.locator('time') }).click();
  await expect(page).toHaveURL(`${service.origin}/acme/rocket/issues/409#issuecomment-${comments[0]!.id}`);
  await expect(first).toBeInViewport();
});

test('on a phone, each card shows its author’s avatar once, small, in its header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${service.origin}/acme/rocket/issues/409`);
  const cards = page.getByRole('article', { name: /^(Description|Comment) by / });
  await expect(cards).toHaveCount(1 + COMMENTERS.length);
  for (const card of await cards.all()) {
    // The avatars: beside the card and in its header (the Markdown's own images are in neither).
    const avatars = card.locator(':scope > img:visible, header img:visible');
    await expect(avatars).toHaveCount(1);
    expect((await avatars.boundingBox())!.width).toBe(20);
  }
});

test('a footnote link scrolls its note to just below the sticky header', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 600 });
  await page.goto(`${service.origin}/acme/rocket/issues/409`);
  const reference = page.getByRole('article', { name: 'Description by fzahra' }).getByRole('link', { name: '1', exact: true });
  const href = await reference.getAttribute('href');
  expect(href).toMatch(/^#/);
  await reference.click();
  const note = page.locator(`[id="${decodeURIComponent(href!.slice(1))}"]`);
  await expect(note).toBeInViewport();
  const header = await page.getByRole('banner').boundingBox();
  const headerBottom = header!.y + header!.height;
  await expect.poll(async () => { const y = (await note.boundingBox())!.y; return y >= headerBottom && y < headerBottom + 100; }).toBe(true);
});
