/**
 * Journey: open a repository's issues, switch to Closed, filter by a label
 * (from the label menu and by clicking a label on a row), see only matching
 * rows with the filters in the address, and step back and forward through them.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { issueRows, isIssueListUrl, shownIssueNumbers, waitForIssueList } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

test('closed issues filtered by a label, with the filters in the URL and history', async ({ page }) => {
  // `is:open`: the list endpoint's open issues and pull requests, which the state tab and labels keep on that endpoint (no q is a search since issue 45).
  await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aopen`);
  const openNumbers = await shownIssueNumbers(page);
  const stateTabs = page.getByRole('navigation', { name: 'Issue state' });
  await expect(stateTabs.getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
  // Every row of the default view is open.
  await expect(issueRows(page).getByRole('img', { name: /^(Closed|Merged)/ })).toHaveCount(0);

  // Closed: a new request with state=closed (the list endpoint answers it), and the URL's query says so.
  const closedAnswer = waitForIssueList(page);
  await stateTabs.getByRole('link', { name: 'Closed' }).click();
  expect(new URL((await closedAnswer).url()).searchParams.get('state')).toBe('closed');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'is:closed');
  await expect(stateTabs.getByRole('link', { name: 'Closed' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(openNumbers);
  const closedNumbers = await shownIssueNumbers(page);
  const rowCount = closedNumbers.length;
  await expect(issueRows(page).getByRole('img', { name: /^(Closed|Merged)/ })).toHaveCount(rowCount);

  // A label from the repository's label menu.
  const labelled = waitForIssueList(page);
  await page.getByText('Labels', { exact: true }).click();
  // The checkbox is visually hidden behind its label: click the label, as a user does.
  await page.getByRole('group', { name: 'Labels to filter by' }).getByText('bug', { exact: true }).click();
  const labelledUrl = new URL((await labelled).url());
  expect(labelledUrl.searchParams.get('state')).toBe('closed');
  expect(labelledUrl.searchParams.get('labels')).toBe('bug');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'is:closed label:bug');
  await expect(page.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('is:closed label:bug');
  await expect(page.getByRole('checkbox', { name: /^bug\b/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Labels to filter by' })).toBeHidden();

  // Only matching rows: every row is closed and carries the label.
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(closedNumbers);
  const bugNumbers = await shownIssueNumbers(page);
  await expect(issueRows(page)).toHaveCount(bugNumbers.length);
  await expect(issueRows(page).getByRole('button', { name: 'Filter by label bug', exact: true })).toHaveCount(bugNumbers.length);
  await expect(issueRows(page).getByRole('img', { name: /^(Closed|Merged)/ })).toHaveCount(bugNumbers.length);

  // A second label, by clicking it on a row: both must match.
  const row = issueRows(page).filter({ has: page.getByRole('button', { name: /^Filter by label (?!bug$)/ }) }).first();
  const secondLabel = ((await row.getByRole('button', { name: /^Filter by label (?!bug$)/ }).first().getAttribute('aria-label')) ?? '').replace(
    'Filter by label ',
    '',
  );
  expect(secondLabel).not.toBe('');
  const both = page.waitForResponse((response) => isIssueListUrl(response.url()) && new URL(response.url()).searchParams.get('labels') === `bug,${secondLabel}`);
  await row.getByRole('button', { name: `Filter by label ${secondLabel}`, exact: true }).click();
  await both;
  await expect(page).toHaveURL((url) => (url.searchParams.get('q') ?? '').startsWith('is:closed label:bug label:'));
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(bugNumbers);
  const bothCount = (await shownIssueNumbers(page)).length;
  await expect(issueRows(page).getByRole('button', { name: 'Filter by label bug', exact: true })).toHaveCount(bothCount);
  await expect(issueRows(page).getByRole('button', { name: `Filter by label ${secondLabel}`, exact: true })).toHaveCount(bothCount);

  // Back: the previous filter (closed, bug) and its rows; back again: closed without a label.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'is:closed label:bug');
  await expect.poll(() => shownIssueNumbers(page)).toEqual(bugNumbers);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'is:closed');
  await expect.poll(() => shownIssueNumbers(page)).toEqual(closedNumbers);
  await expect(page.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('is:closed');

  // Forward: the label filter comes back.
  await page.goForward();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'is:closed label:bug');
  await expect.poll(() => shownIssueNumbers(page)).toEqual(bugNumbers);
  await expect(page.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('is:closed label:bug');
});
