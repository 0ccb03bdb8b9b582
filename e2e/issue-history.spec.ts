/**
 * Journey: read an issue's story as GitHub's page tells it, from the real service's timeline:
 * who labelled and assigned it, the pull request that mentions it, and on that pull request
 * the merge, its reactions, and its people leading to what they opened.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

test("an issue's history: events between comments, a cross-reference to the pull request that fixed it, its merge and its people", async ({ page }) => {
  const timelineRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/repos/') && request.url().includes('/timeline')) timelineRequests.push(request.url());
  });

  const response = await page.goto(`${service.origin}/acme/rocket/issues/2264`);
  await expect(page.getByRole('heading', { level: 1, name: /silently disconnects behind a proxy #2264/ })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  // Labelled and assigned by a maintainer, not by the author.
  await expect(history.getByText(/gracekim\s+added\s+bug\s+label/)).toBeVisible();
  await expect(history.getByText(/gracekim\s+assigned\s+mchen/)).toBeVisible();
  // One request for the whole history, made by the service as it rendered the page (issue 48): the tab asks none.
  expect(await response!.text()).toContain('/repos/acme/rocket/issues/2264/timeline?per_page=100');
  expect(timelineRequests).toEqual([]);

  // The pull request that names it, as a link in the app, clicked at once: while the app may still be taking over the
  // rendered page, which must not move it from under the pointer (first-view-start.ts, readyToHydrate).
  const mention = history.getByText(/amara-o\s+mentioned this issue in/);
  await expect(mention).toBeVisible();
  await mention.getByRole('link', { name: /#2407/ }).click();

  await expect(page).toHaveURL(/\/acme\/rocket\/issues\/2407$/);
  await expect(page.getByRole('heading', { level: 1, name: /reconnect log streams after idle timeouts/ })).toBeVisible();
  await expect(page.getByText('Merged (merged pull request)')).toBeVisible();
  await expect(page.getByText(/merged by\s+tfalk/)).toBeVisible();
  await expect(page.getByText(/tfalk\s+merged commit\s+[0-9a-f]{7}/)).toBeVisible();
  // GitHub hides the close that comes with a merge.
  await expect(page.getByText(/tfalk\s+closed this/)).toHaveCount(0);
  // Reactions under a comment, read-only counts with their meaning spelled out.
  await expect(page.getByRole('img', { name: '4 people reacted with heart' })).toBeVisible();

  // A person leads to what they opened in this repository.
  await page.getByRole('link', { name: 'Issues and pull requests by tfalk' }).first().click();
  await expect(page).toHaveURL(/\/acme\/rocket\/issues\?q=author%3Atfalk$/);
  await expect(page.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('author:tfalk');
});
