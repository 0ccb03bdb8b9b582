/**
 * Journey: a shared link opened in a new tab (issue 48) when the service sends
 * the shell: it renders the list when it can (first-view.spec.ts), and sends
 * the shell when it cannot, as with a build without the renderer, which this
 * journey's service stands for. The shell names the list's first API answers
 * as preloads, so the browser asks for them while the scripts load, and the
 * app takes them: one request each, not two. A tab with a token never takes those anonymous answers: it asks
 * with its token, sees its private repository, and from then on the page
 * names no preloads for this browser.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoToken, startE2eService } from './support/service';
import { issueRows } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService({}, { renderFirstViews: false });
});

test.afterAll(async () => {
  await service.close();
});

const MONA = demoToken('mona');

/** Every request the browser sends to the API, as it goes on the network. */
function recordApiRequests(page: Page): Array<{ path: string; type: string; authorization: string | undefined }> {
  const requests: Array<{ path: string; type: string; authorization: string | undefined }> = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/repos/') || url.pathname.startsWith('/api/search/')) requests.push({ path: `${url.pathname}${url.search}`, type: request.resourceType(), authorization: request.headers()['authorization'] });
  });
  return requests;
}

test('a new tab asks for the list\'s first answers with the page, and the app takes them: one request each', async ({ page }) => {
  const requests = recordApiRequests(page);
  await page.goto(`${service.origin}/acme/rocket/issues`);
  await expect(issueRows(page).first()).toBeVisible();
  // The default view: the search of open issues and the count of closed ones (src/shared/first-answers.ts).
  const firstPage = '/api/search/issues?q=repo%3Aacme%2Frocket+is%3Aissue+state%3Aopen&per_page=30&page=1';
  const closedCount = '/api/search/issues?q=repo%3Aacme%2Frocket+is%3Aissue+is%3Aclosed&per_page=1&page=1';
  await expect.poll(() => requests.some((r) => r.path === closedCount)).toBe(true);
  for (const path of ['/api/repos/acme/rocket', firstPage, closedCount]) {
    // The preload (a fetch the page's HTML asked for), and no second request from the app's own fetch.
    expect(requests.filter((r) => r.path === path), path).toEqual([{ path, type: 'other', authorization: undefined }]);
  }
});

test('a tab with a token asks with it, never takes the anonymous answer, and the page stops naming preloads', async ({ page }) => {
  // A token kept for this tab, as Settings saves it, present when the app starts (a reload).
  await page.addInitScript(([key, token]) => sessionStorage.setItem(key!, token!), [`issuescope.token:${service.origin}/api`, MONA]);
  const requests = recordApiRequests(page);
  await page.goto(`${service.origin}/acme/secret-plans/issues`);
  // Anonymous, this private repository is not found: its rows show, so the app used its own answer.
  await expect(issueRows(page).first()).toBeVisible();
  const own = requests.filter((r) => r.path === '/api/repos/acme/secret-plans');
  expect(own.map((r) => [r.type, r.authorization])).toEqual([
    ['other', undefined],
    ['fetch', `Bearer ${MONA}`],
  ]);

  // The app has told the service: the next page this browser opens names no preloads, so none is spent.
  requests.length = 0;
  await page.goto(`${service.origin}/acme/secret-plans/issues`);
  await expect(issueRows(page).first()).toBeVisible();
  expect(requests.filter((r) => r.type === 'other')).toEqual([]);
  expect(requests.every((r) => r.authorization === `Bearer ${MONA}`)).toBe(true);
});
