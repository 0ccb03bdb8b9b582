/**
 * Journey: an old address of a renamed repository, its list or one of its
 * issues. The service answers 301, the app follows it to the new name,
 * updates the address bar (keeping the filters) and says what happened,
 * without asking for the new name's repository, list, issue or timeline
 * again: the redirected answers were theirs.
 */
import { expect, test, type Page } from '@playwright/test';
import { startE2eService } from './support/service';
import { shownIssueNumbers } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

/** What the page asks of the repository's API, and the 301s it gets. */
function watchRequests(page: Page) {
  const redirects: { from: string; status: number; location: string | null }[] = [];
  // What the app asked for itself; a request that follows a 301 is the browser's, part of the same credit.
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/repos/') && request.redirectedFrom() === null) asked.push(url.pathname);
  });
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/repos/acme/launch-pad') && response.status() === 301) {
      redirects.push({ from: response.url(), status: response.status(), location: await response.headerValue('location') });
    }
  });
  return { redirects, asked };
}

test('the old name lands on the new one, with a notice and the rows', async ({ page }) => {
  const { redirects, asked } = watchRequests(page);

  await page.goto(`${service.origin}/acme/launch-pad/issues?q=`);

  await expect(page).toHaveURL(`${service.origin}/acme/launchpad/issues?q=`);
  const notice = page.getByRole('status').filter({ hasText: 'was renamed to' });
  await expect(notice).toHaveText('acme/launch-pad was renamed to acme/launchpad. The address now uses the new name; update your bookmarks.');
  await expect(page.getByRole('heading', { level: 1, name: 'acme/launchpad' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'acme/launchpad', exact: true })).toBeVisible();
  expect((await shownIssueNumbers(page)).length).toBeGreaterThan(0);
  await expect(page.getByRole('navigation', { name: 'Issue state' }).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');

  // What went over the wire: a 301 to the new name.
  expect(redirects.length).toBeGreaterThan(0);
  for (const r of redirects) expect(r.location).toContain('/api/repos/acme/launchpad');
  // The repository and its list asked for once each, by the old name; nothing again by the new one.
  expect(asked.sort()).toEqual(['/api/repos/acme/launch-pad', '/api/repos/acme/launch-pad/issues']);
});

test("an issue's old address lands on its new one, asking once for the issue and its history", async ({ page }) => {
  const { redirects, asked } = watchRequests(page);

  await page.goto(`${service.origin}/acme/launch-pad/issues/12`);

  await expect(page).toHaveURL(`${service.origin}/acme/launchpad/issues/12`);
  const notice = page.getByRole('status').filter({ hasText: 'was renamed to' });
  await expect(notice).toHaveText('acme/launch-pad was renamed to acme/launchpad. The address now uses the new name; update your bookmarks.');
  await expect(page.getByRole('heading', { level: 1, name: /Template request: Hono API on Rocket #12/ })).toBeVisible();
  // Its history, from the timeline: an event line and the comments.
  const history = page.getByRole('region', { name: '5 comments' });
  await expect(history.getByText(/mchen\s+added\s+enhancement\s+label/)).toBeVisible();
  await expect(history.getByText('Any update on this? Still very interested.')).toBeVisible();

  expect(redirects.length).toBeGreaterThan(0);
  for (const r of redirects) expect(r.location).toContain('/api/repos/acme/launchpad');
  // The repository, the issue and its timeline asked for once each, by the old name; nothing again by the new one.
  expect(asked.sort()).toEqual(['/api/repos/acme/launch-pad', '/api/repos/acme/launch-pad/issues/12', '/api/repos/acme/launch-pad/issues/12/timeline']);
});
