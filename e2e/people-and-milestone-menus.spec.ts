/**
 * Journey: filter a repository's issues by milestone, author and assignee from the filter
 * bar's menus, as on github.com: each menu lists what the service knows (`/milestones`,
 * `/assignees` and the people the list shows), a find box narrows it, and choosing writes the
 * qualifier into the search box and the address.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { issueRows, shownIssueNumbers } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const box = (page: import('@playwright/test').Page) => page.getByRole('combobox', { name: 'Search issues and pull requests' });

test('a milestone, an author and an assignee chosen from the menus filter the list', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/repos\/acme\/rocket\/(milestones|assignees)$/.test(pathname)) asked.push(pathname);
  });
  await page.goto(`${service.origin}/acme/rocket/issues`);
  await shownIssueNumbers(page);
  // Nothing is asked of the menus before one opens.
  expect(asked).toEqual([]);

  // Milestones: open ones, then closed ones, narrowed by the find box.
  await page.getByText(/^Milestones\d*$/).click();
  const milestones = page.getByRole('group', { name: 'Filter by milestone' });
  await expect(milestones.getByRole('button', { name: /^v2\.0\b/ })).toBeVisible();
  await expect(milestones.getByRole('button', { name: /^v1\.1\b/ })).toBeVisible();
  await expect(milestones.getByText('Closed', { exact: true })).toBeVisible();
  // What axe holds every page to (e2e/accessibility.spec.ts), with the menu open.
  const axe = await new AxeBuilder({ page }).include('details[open]').options({ rules: { 'target-size': { enabled: true } } }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.getByRole('textbox', { name: 'Find a milestone' }).fill('v2');
  await expect(milestones.getByRole('button', { name: /^v1\.1\b/ })).toHaveCount(0);
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search/issues' && r.status() === 200);
  await milestones.getByRole('button', { name: /^v2\.0\b/ }).click();
  const searchAnswer = await searched;
  const search = new URL(searchAnswer.url());
  expect(search.searchParams.get('q')).toContain('milestone:"v2.0"');
  const rowAuthors = ((await searchAnswer.json()) as { items: Array<{ user: { login: string } }> }).items.map((i) => i.user.login);
  await expect(box(page)).toHaveValue(/milestone:"v2\.0"/);
  await expect(page).toHaveURL((url) => (url.searchParams.get('q') ?? '').includes('milestone:"v2.0"'));
  await expect(milestones).toBeHidden();
  await expect(issueRows(page).first()).toBeVisible();
  expect(asked.filter((p) => p.endsWith('/milestones'))).toHaveLength(1);

  // Author: the repository's assignees and the people on the page, found by login.
  const assignable = ((await (await fetch(`${service.api}/repos/acme/rocket/assignees`)).json()) as Array<{ login: string }>).map((u) => u.login);
  const onlyOnThePage = rowAuthors.find((login) => !assignable.includes(login));
  expect(onlyOnThePage, 'an author of a shown row whom /assignees does not list').toBeDefined();
  await page.getByText(/^Author\d*$/).click();
  const authors = page.getByRole('group', { name: 'Filter by author' });
  await expect(authors.getByRole('button', { name: assignable[0] })).toBeVisible();
  await expect(authors.getByRole('button', { name: onlyOnThePage })).toBeVisible();
  await page.getByRole('textbox', { name: 'Find an author' }).fill('mch');
  await expect(authors.getByRole('button')).toHaveText(['mchen']);
  await authors.getByRole('button', { name: 'mchen' }).click();
  await expect(box(page)).toHaveValue(/milestone:"v2\.0" author:mchen/);
  await expect(page).toHaveURL((url) => (url.searchParams.get('q') ?? '').includes('author:mchen'));

  // The menu's button counts the choice, and the menu shows it.
  await page.getByText('Author1', { exact: true }).click();
  await expect(authors.getByRole('button', { name: 'mchen' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(authors).toBeHidden();

  // Assignee: a login the menu does not list is offered as typed, and Enter takes it.
  await page.getByText(/^Assignee\d*$/).click();
  const assignees = page.getByRole('group', { name: 'Filter by assignee' });
  await expect(assignees.getByRole('button', { name: 'gracekim' })).toBeVisible();
  const find = page.getByRole('textbox', { name: 'Find an assignee' });
  await find.fill('someone-new');
  await expect(assignees.getByRole('button')).toHaveText(['someone-new']);
  await find.press('Enter');
  await expect(box(page)).toHaveValue(/author:mchen assignee:someone-new/);
  await expect(page.getByText(/^No (results|issues) match this/)).toBeVisible();
  expect(asked.filter((p) => p.endsWith('/assignees'))).toHaveLength(1);

  // "Assigned to nobody" and "No milestone", github.com's first choices, take the place of the choice made.
  await page.getByText('Assignee1', { exact: true }).click();
  await assignees.getByRole('button', { name: 'Assigned to nobody' }).click();
  await expect(box(page)).toHaveValue(/author:mchen no:assignee$/);
  await page.getByText('Milestones1', { exact: true }).click();
  await milestones.getByRole('button', { name: 'No milestone' }).click();
  await expect(box(page)).toHaveValue(/no:milestone author:mchen no:assignee$/);
  await expect(page).toHaveURL((url) => !(url.searchParams.get('q') ?? '').includes('milestone:"'));
  await expect(issueRows(page).first()).toBeVisible();
});
