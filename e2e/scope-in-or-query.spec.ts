/**
 * Journey: in a repository's list, type a query that names its repository
 * and has an OR, as one copied from github.com's search would be
 * (`repo:acme/rocket crash OR windows`). GitHub refuses `repo:` inside
 * parentheses and reads it as the search's scope, so the app keeps it outside
 * the group it adds: the list shows the matches, not a refusal naming
 * parentheses nobody typed (issue 45).
 */
import { expect, test } from '@playwright/test';
import { DEMO_TOKENS, startE2eService } from './support/service';
import { shownIssueNumbers } from './support/issue-list';
import { isSearchUrl } from './support/search';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService({ searchUnauthLimit: 30 });
});

test.afterAll(async () => {
  await service.close();
});

test('a typed repo: stays outside the group, so an OR query answers as it would on GitHub', async ({ page }) => {
  const params = new URLSearchParams({ q: 'repo:acme/rocket (crash OR windows)', per_page: '30', advanced_search: 'true' });
  const response = await fetch(`${service.api}/search/issues?${params.toString()}`, { headers: { Accept: 'application/vnd.github+json', Authorization: `Bearer ${DEMO_TOKENS[0]!.token}` } });
  expect(response.status).toBe(200);
  const expected = (await response.json()) as { total_count: number; items: { number: number }[] };
  expect(expected.total_count).toBeGreaterThan(0);

  await page.goto(`${service.origin}/acme/rocket/issues`);
  const box = page.getByRole('combobox', { name: 'Search issues and pull requests' });
  await expect(box).toHaveValue('is:issue state:open');
  const typed = 'repo:acme/rocket crash OR windows';
  await box.fill(typed);
  // The page of results (not the default view's count of its closed issues, which may still be on its way).
  const answer = page.waitForResponse((r) => isSearchUrl(r.url()) && (new URL(r.url()).searchParams.get('q') ?? '').includes('crash') && new URL(r.url()).searchParams.get('per_page') === '30');
  await box.press('Enter');
  expect((await answer).status()).toBe(200);
  expect(new URL((await answer).url()).searchParams.get('q')).toBe('repo:acme/rocket repo:acme/rocket (crash OR windows)');

  await expect(page.getByRole('alert')).toHaveCount(0);
  // Both states: the open and the closed ones add up to the search's total.
  const heading = page.getByRole('heading', { level: 3 });
  await expect(heading).toHaveText(/^[\d,]+ Open\s·\s[\d,]+ Closed$/);
  const [openCount, closedCount] = ((await heading.textContent()) ?? '').match(/[\d,]+/g)!.map((n) => Number(n.replace(/,/g, '')));
  expect(openCount! + closedCount!).toBe(expected.total_count);
  expect(await shownIssueNumbers(page)).toEqual(expected.items.map((item) => item.number));

  // The Open tab adds the state to every alternative, the scope still outside the group.
  await page.getByRole('navigation', { name: 'Issue state' }).getByRole('link', { name: 'Open' }).click();
  await expect(box).toHaveValue('repo:acme/rocket (crash OR windows) is:open');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Issues, page 1' })).toBeVisible();
});
