/**
 * Journey: a shared link to an issue opened in a new tab (issue 48). The
 * service sends the issue already rendered by the app's own components (its
 * title, its description's Markdown, its comments), with the answers it was
 * made from; the app adopts that markup (hydration) without a complaint and
 * without asking for the issue again, and its links and a comment's anchor
 * work once it has. A private repository's issue is never rendered for an
 * anonymous reader, and a tab with a token is sent the shell.
 */
import { expect, test, type Page } from '@playwright/test';
import { FIRST_VIEW_DATA_ID } from '../src/shared/first-view';
import { demoToken, startE2eService } from './support/service';
import { recordApiPaths, recordComplaints } from './support/page-records';
import { issueRows } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const MONA = demoToken('mona');
const TITLE = 'RFC: stable JSON output contract';
const ISSUE = '/acme/rocket/issues/409';

test('a new tab shows the rendered issue, adopts it without a complaint or a second request, and its links and anchors work', async ({ page }) => {
  const comments = (await (await page.request.get(`${service.origin}/api/repos/acme/rocket/issues/409/comments`)).json()) as { id: number; user: { login: string } }[];
  const [first, second] = comments;

  // Without any script: the title in the head and the page, the description as Markdown, the comments.
  const html = await (await page.request.get(`${service.origin}${ISSUE}`)).text();
  expect(html).toContain(`id="${FIRST_VIEW_DATA_ID}"`);
  expect(html).toMatch(new RegExp(`<head>[\\s\\S]*<title>${TITLE} · #409 · acme/rocket · Issuescope</title>[\\s\\S]*</head>`));
  expect(html).toMatch(new RegExp(`<h1[^>]*>[\\s\\S]*${TITLE}[\\s\\S]*</h1>`));
  expect(html).toMatch(/<div class="markdown-body">[\s\S]*<h2[^>]*>[\s\S]*Detailed design/);
  expect(html).toContain(`id="issuecomment-${first!.id}"`);
  expect(html).toContain(`aria-label="Comment by ${second!.user.login}"`);

  const complaints = recordComplaints(page);
  const apiPaths = recordApiPaths(page);
  await page.goto(`${service.origin}${ISSUE}`);
  await expect(page).toHaveTitle(`${TITLE} · #409 · acme/rocket · Issuescope`);
  // Hydrated: a time's exact moment (in the reader's zone) is written by the render after hydration, never before.
  await expect(page.locator('time[title]').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  // The repository, the issue and its history came in the page: not asked again.
  expect(apiPaths.filter((path) => path === '/api/repos/acme/rocket' || path.startsWith('/api/repos/acme/rocket/issues/409'))).toEqual([]);
  // The description's code is highlighted once hydrated, as on a page drawn in the browser.
  const description = page.getByRole('article', { name: /^Description by / });
  await expect(description.locator('code [class^="hljs-"]').first()).toBeAttached();

  // The app answers in this document from now on: following a comment's time (its anchor) and the way back to the list load no page.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const firstComment = page.getByRole('article', { name: `Comment by ${first!.user.login}` });
  await firstComment.locator('a', { has: page.locator('time') }).click();
  await expect(page).toHaveURL(`${service.origin}${ISSUE}#issuecomment-${first!.id}`);
  await expect(firstComment).toBeFocused();
  await expect(firstComment).toHaveAttribute('aria-current', 'true');

  await page.getByRole('link', { name: 'Back to issues' }).click();
  await expect(page).toHaveURL(`${service.origin}/acme/rocket/issues`);
  await expect(issueRows(page).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(complaints).toEqual([]);
});

test('an address naming a comment opens the rendered issue with that comment marked and focused once hydrated', async ({ page }) => {
  const comments = (await (await page.request.get(`${service.origin}/api/repos/acme/rocket/issues/409/comments`)).json()) as { id: number; user: { login: string } }[];
  const target = comments[1]!;
  const complaints = recordComplaints(page);
  const response = await page.goto(`${service.origin}${ISSUE}#issuecomment-${target.id}`);
  expect(await response!.text()).toContain(`id="${FIRST_VIEW_DATA_ID}"`);
  const linked = page.getByRole('article', { name: `Comment by ${target.user.login}` });
  await expect(linked).toBeInViewport();
  await expect(linked).toBeFocused();
  await expect(linked).toHaveAttribute('aria-current', 'true');
  expect(complaints).toEqual([]);
});

test('the rendered description reads as Markdown before any script has run: its styles come with the page, not with the renderer\'s chunk', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${service.origin}${ISSUE}`);
    const body = page.locator('.markdown-body').first();
    await expect(body.getByRole('heading', { level: 2, name: 'Detailed design' })).toBeVisible();
    // Tailwind's preflight makes a heading body text and takes a list's numbers; the Markdown's own rules give them back.
    const looks = await body.evaluate((element) => {
      const style = (selector: string) => getComputedStyle(element.querySelector(selector)!);
      return { heading: style('h2').fontSize, bodyText: getComputedStyle(element).fontSize, headingRule: style('.markdown-heading:has(> h2)').borderBottomStyle };
    });
    expect(parseFloat(looks.heading)).toBeGreaterThan(parseFloat(looks.bodyText));
    expect(looks.headingRule).toBe('solid');
  } finally {
    await context.close();
  }
});

test.describe('Before the app has taken over', () => {
  // The page's chunk is held back by a route, which a service worker's requests would pass by.
  test.use({ serviceWorkers: 'block' });

  test('a reader who scrolled the rendered issue before the app took over stays where they were', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const complaints = recordComplaints(page);
    const release = await holdIssuePageChunk(page);
    await page.goto(`${service.origin}${ISSUE}`);
    const lastComment = page.locator('[id^="issuecomment-"]').last();
    await lastComment.scrollIntoViewIfNeeded();
    const where = await page.evaluate(() => Math.round(window.scrollY));
    expect(where).toBeGreaterThan(400);
    release();

    // Taken over: the description's time gains its exact moment, which only the app writes.
    await expect(page.getByRole('article', { name: /^Description by / }).locator('time').first()).toHaveAttribute('title', /\d/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(where);
    await expect(lastComment).toBeInViewport();
    expect(complaints.filter((c) => !c.includes('Service Worker registration blocked by Playwright'))).toEqual([]);
  });

  test('Back pressed before the app has taken over a rendered issue: the app draws the list Back went to, where the reader was, with no complaint', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const complaints = recordComplaints(page);
    await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aclosed&per_page=50`);
    const row = issueRows(page).nth(29);
    await row.scrollIntoViewIfNeeded();
    const where = await page.evaluate(() => Math.round(window.scrollY));
    expect(where).toBeGreaterThan(800);
    const title = row.getByRole('link').first();
    const name = (await title.textContent()) ?? '';
    await title.click();
    const heading = page.getByRole('heading', { level: 1, name: new RegExp(escapeRegExp(name)) });
    await expect(heading).toBeVisible();

    // Reloaded, the issue comes rendered; its page's chunk is held back, so the app has started but not yet taken over.
    const release = await holdIssuePageChunk(page);
    const reloaded = await page.reload();
    expect(await reloaded!.text()).toContain(`id="${FIRST_VIEW_DATA_ID}"`);
    await expect(heading).toBeVisible();
    await release.asked;
    await page.goBack();
    release();

    await expect(page.getByRole('list', { name: 'Issues, page 1' })).toBeVisible();
    await expect(heading).toBeHidden();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(where);
    // Playwright says it blocked the worker; nothing else may be said.
    expect(complaints.filter((c) => !c.includes('Service Worker registration blocked by Playwright'))).toEqual([]);
  });
});

test("a private repository's issue is never rendered for an anonymous reader, and a tab with a token is sent the shell", async ({ page }) => {
  const secret = (await (await page.request.get(`${service.origin}/api/repos/acme/secret-plans/issues?per_page=1`, { headers: { Authorization: `Bearer ${MONA}` } })).json()) as { number: number; title: string }[];
  const address = `/acme/secret-plans/issues/${secret[0]!.number}`;
  const anonymous = await (await page.request.get(`${service.origin}${address}`)).text();
  expect(anonymous).not.toContain(FIRST_VIEW_DATA_ID);
  expect(anonymous).not.toContain(secret[0]!.title);

  await page.addInitScript(([key, token]) => sessionStorage.setItem(key!, token!), [`issuescope.token:${service.origin}/api`, MONA]);
  await page.goto(`${service.origin}${address}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(escapeRegExp(secret[0]!.title)) })).toBeVisible();
  // The app has told the service this browser has a token: from now on, the shell, which draws the public issue itself.
  const again = await page.goto(`${service.origin}${ISSUE}`);
  expect(await again!.text()).not.toContain(FIRST_VIEW_DATA_ID);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(escapeRegExp(TITLE)) })).toBeVisible();
});

/** Holds the issue page's chunk back until the returned function is called (the app starts, but cannot take over); `asked` settles once the app asked for it. */
async function holdIssuePageChunk(page: Page): Promise<(() => void) & { asked: Promise<void> }> {
  let asked!: () => void;
  const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/issue-view-page-[^/]+\.js$/, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return Object.assign(() => release(), { asked: chunkAsked });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
