/**
 * Journey: a query of alternatives (`label:bug OR label:documentation`). The
 * heading counts its open and closed entries as the API does when the state
 * applies to the whole query, and the Open tab shows exactly those: AND binds
 * tighter than OR, so the state is added to the grouped query (issue 45).
 */
import { expect, test } from '@playwright/test';
import { DEMO_TOKENS, startE2eService } from './support/service';
import { formatCount, waitForSearch } from './support/search';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  // GitHub's search budget with a token (30 a minute), so both views' counts fit in the share counting may take.
  service = await startE2eService({ searchUnauthLimit: 30 });
});

test.afterAll(async () => {
  await service.close();
});

/** `total_count` of an advanced search in acme/rocket, asked directly (with a token: the page's anonymous search budget stays whole). */
async function totalOf(q: string): Promise<number> {
  const params = new URLSearchParams({ q: `repo:acme/rocket ${q}`, per_page: '1', advanced_search: 'true' });
  const response = await fetch(`${service.api}/search/issues?${params.toString()}`, { headers: { Accept: 'application/vnd.github+json', Authorization: `Bearer ${DEMO_TOKENS[0]!.token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total_count: number }).total_count;
}

test('the counts and the Open tab of an OR query apply the state to every alternative', async ({ page }) => {
  const q = 'label:bug OR label:documentation';
  const open = await totalOf(`(${q}) is:open`);
  const closed = await totalOf(`(${q}) is:closed`);
  // The demo has both, and ungrouped the state would apply to the last alternative alone.
  expect(open).toBeGreaterThan(0);
  expect(closed).toBeGreaterThan(0);
  expect(await totalOf(`${q} is:open`)).not.toBe(open);

  const first = waitForSearch(page);
  await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent(q)}`);
  await first;
  const heading = page.getByRole('heading', { level: 3 });
  // Without a state the view's own total is the search's, and the closed figure is what the open one leaves of it.
  await expect(heading).toHaveText(new RegExp(`^${formatCount(open)} Open\\s· [\\d,]+ Closed$`));

  await page.getByRole('navigation', { name: 'Issue state' }).getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue(`(${q}) is:open`);
  await expect(heading).toHaveText(`${formatCount(open)} Open · ${formatCount(closed)} Closed`);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(`Page 1 of ${Math.ceil(open / 30)}`);
});
