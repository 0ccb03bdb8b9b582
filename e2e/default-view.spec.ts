/**
 * Journey: open a repository's issues with no query, as a link to
 * github.com/OWNER/REPO/issues would open them. The list is what github.com
 * shows there (issue 45): open issues without pull requests, newest first,
 * its query in the box, its tabs and counts describing the same thing; the
 * Closed tab shows the closed issues; the same query spelled out in the URL
 * gives the same list.
 */
import { expect, test } from '@playwright/test';
import { DEMO_TOKENS, startE2eService } from './support/service';
import { issueRows, shownIssueNumbers } from './support/issue-list';
import { formatCount, type SearchAnswer } from './support/search';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  // GitHub's search budget with a token (30 a minute), so the counts fit in the share counting may take.
  service = await startE2eService({ searchUnauthLimit: 30 });
});

test.afterAll(async () => {
  await service.close();
});

/** The service's answer to `q` in acme/rocket, asked with a token: the page's anonymous search budget stays whole. */
async function searchWithToken(q: string, perPage = 30): Promise<SearchAnswer> {
  const params = new URLSearchParams({ q: `repo:acme/rocket ${q}`, per_page: String(perPage) });
  const response = await fetch(`${service.api}/search/issues?${params.toString()}`, { headers: { Accept: 'application/vnd.github+json', Authorization: `Bearer ${DEMO_TOKENS[0]!.token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
}

test('no query shows open issues alone, as github.com does, with the box, tabs and counts saying so', async ({ page }) => {
  const open = await searchWithToken('is:issue is:open');
  const closed = await searchWithToken('is:issue is:closed');
  const mixed = await searchWithToken('is:open', 1);
  // The demo has open pull requests: the list endpoint's open entries are more than the open issues.
  expect(mixed.total_count).toBeGreaterThan(open.total_count);
  expect(open.total_count).toBeGreaterThan(30);

  // The service renders this address's first view (issue 48): the search it asked is in the page's data block.
  const response = await page.goto(`${service.origin}/acme/rocket/issues`);
  const asked = [...(await response!.text()).matchAll(/\/api\/search\/issues\?q=([^&"]*)&per_page=30&page=1/g)].map((match) => new URLSearchParams(`q=${match[1]}`).get('q'));
  expect(asked[0]).toBe('repo:acme/rocket is:issue state:open');

  await expect(page.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('is:issue state:open');
  expect(await shownIssueNumbers(page)).toEqual(open.items.map((item) => item.number));
  await expect(issueRows(page).getByRole('img', { name: 'Open issue' })).toHaveCount(open.items.length);
  await expect(issueRows(page).getByRole('img', { name: /pull request/ })).toHaveCount(0);
  const states = page.getByRole('navigation', { name: 'Issue state' });
  await expect(states.getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('group', { name: 'Type' }).getByRole('button', { name: 'Issues' })).toHaveAttribute('aria-pressed', 'true');
  const heading = page.getByRole('heading', { level: 3 });
  await expect(heading).toHaveText(`${formatCount(open.total_count)} Open · ${formatCount(closed.total_count)} Closed`);
  // A search reaches its first 1,000 results, as on GitHub, and the list says so.
  const reachable = Math.min(open.total_count, 1000);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(`Page 1 of ${Math.ceil(reachable / 30)}`);
  if (open.total_count > 1000) await expect(page.getByText(`Showing the first 1,000 of ${formatCount(open.total_count)} results; narrow the search`)).toBeVisible();

  // Closed: the closed issues, and the same counts.
  await states.getByRole('link', { name: 'Closed' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'is:issue is:closed');
  await expect.poll(() => shownIssueNumbers(page)).toEqual(closed.items.map((item) => item.number));
  await expect(issueRows(page).getByRole('img', { name: /^Closed issue/ })).toHaveCount(closed.items.length);
  await expect(heading).toHaveText(`${formatCount(open.total_count)} Open · ${formatCount(closed.total_count)} Closed`);

  // The same query in the URL, as github.com's own address writes it, is the same list.
  await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent('is:issue state:open')}`);
  await expect.poll(() => shownIssueNumbers(page)).toEqual(open.items.map((item) => item.number));
});
