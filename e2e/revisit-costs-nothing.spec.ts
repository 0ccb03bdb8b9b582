/**
 * Journey: a whole visit again costs nothing (issue 47). A filtered list
 * (its page, the repository, the counts of both states, each a search of one
 * entry), an issue (with its timeline), and /issues (a search across
 * repositories) are seen once; after a reload every answer the app needs is
 * revalidated with the ETag it kept, the service answers 304 to each, and
 * neither budget, core nor search, moves.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { demoToken, startE2eService } from './support/service';
import { issueRows } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const MONA = demoToken('mona');
const LIST = '/acme/rocket/issues?q=is%3Aopen+label%3Abug';

/** Every API answer that spends or refunds a credit (not the free `/rate_limit`). */
function recordBillable(page: Page): Response[] {
  const answers: Response[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/rate_limit') answers.push(response);
  });
  return answers;
}

function kindOf(url: string): string {
  const { pathname } = new URL(url);
  if (pathname === '/api/search/issues') return 'search';
  if (pathname === '/api/repos/acme/rocket') return 'repository';
  if (pathname === '/api/repos/acme/rocket/issues') return 'list page';
  if (/^\/api\/repos\/acme\/rocket\/issues\/\d+$/.test(pathname)) return 'issue';
  if (/^\/api\/repos\/acme\/rocket\/issues\/\d+\/timeline$/.test(pathname)) return 'timeline';
  return pathname;
}

async function budgets(): Promise<{ core: number; search: number }> {
  const response = await fetch(`${service.api}/rate_limit`, { headers: { Authorization: `Bearer ${MONA}` } });
  const body = (await response.json()) as { resources: { core: { remaining: number }; search: { remaining: number } } };
  return { core: body.resources.core.remaining, search: body.resources.search.remaining };
}

const counts = (page: Page) => page.getByRole('heading', { level: 3, name: /\d+ Open · \d+ Closed/ });

/** The list with its counts, an issue of it, then /issues: every kind of answer a visit needs. */
async function visit(page: Page): Promise<void> {
  await page.goto(`${service.origin}${LIST}`);
  await expect(counts(page)).toBeVisible();
  const title = issueRows(page).first().getByRole('link').first();
  const name = (await title.textContent())?.trim() ?? '';
  await title.click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(name);
  await expect(page.getByRole('link', { name: 'Back to issues' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to issues' }).click();
  await expect(counts(page)).toBeVisible();
  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  await page.getByRole('link', { name: 'your issues' }).click();
  await expect(page.getByRole('navigation', { name: 'Your issues' }).getByRole('link', { name: 'Assigned to you' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: /^\d+ results?$/ })).toBeVisible();
}

test('a second visit is revalidated answer by answer, all 304, and spends neither budget', async ({ page }) => {
  await page.goto(`${service.origin}/settings`);
  await page.getByLabel('Token', { exact: true }).fill(MONA);
  await page.getByRole('radio', { name: 'This tab only' }).check();
  await page.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByText('Token saved for this tab only.')).toBeVisible();

  const answers = recordBillable(page);
  await visit(page);
  const firstVisit = answers.splice(0);
  // The first visit bought every kind of answer: the repository, its list page, the counts and /issues (searches), the issue and its timeline.
  expect([...new Set(firstVisit.map((a) => kindOf(a.url())))].sort()).toEqual(['issue', 'list page', 'repository', 'search', 'timeline']);
  expect(firstVisit.filter((a) => kindOf(a.url()) === 'search').length).toBeGreaterThanOrEqual(2);

  const before = await budgets();
  await page.reload();
  await visit(page);
  const revisit = answers.splice(0);
  expect(revisit.length).toBeGreaterThanOrEqual(firstVisit.length);
  // Each with the ETag kept from the first visit, each answered 304.
  for (const answer of revisit) {
    expect(answer.status(), new URL(answer.url()).pathname + new URL(answer.url()).search).toBe(304);
    expect(await answer.request().headerValue('if-none-match')).toMatch(/^W\/".+"$/);
  }
  expect(await budgets()).toEqual(before);
});
