/**
 * Journey: a private repository is "not found" without a token; with mona's
 * token saved in Settings (masked, this tab only, tested first) it lists its
 * issues; the token never shows in an address or in the page; removing it
 * forgets the repository from the start page and makes it not found again.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoToken, startE2eService } from './support/service';
import { issueRows, shownIssueNumbers } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const MONA = demoToken('mona');
const NOT_FOUND = 'Not found: the repository does not exist or your token has no access to it.';

async function openPrivateRepo(page: Page): Promise<void> {
  // Typed on the start page, as a user would (no reload: the tab keeps its token).
  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  await page.getByLabel('Repository or GitHub URL').fill('acme/secret-plans');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(`${service.origin}/acme/secret-plans/issues`);
}

test('the mona token opens a private repository and never leaks into the page', async ({ page }) => {
  const requests: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (request) => {
    requests.push({ url: request.url(), authorization: request.headers()['authorization'] });
  });

  // Without a token: not found, and a way to Settings.
  await page.goto(`${service.origin}/acme/secret-plans/issues`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expect(issueRows(page)).toHaveCount(0);

  // Settings: a masked field, kept for this tab only.
  await page.getByRole('link', { name: 'Open Settings' }).click();
  await expect(page).toHaveURL(`${service.origin}/settings`);
  const field = page.getByLabel('Token', { exact: true });
  await expect(field).toHaveAttribute('type', 'password');
  await field.fill(MONA);
  await expect(page.getByRole('radio', { name: 'This tab only' })).toBeChecked();

  // Test it first: it belongs to mona.
  await page.getByRole('button', { name: 'Test token' }).click();
  await expect(page.getByText(/This token belongs to mona/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'This token belongs to' }).getByRole('strong')).toHaveText('mona');
  // Typed and tested, still only in the field's value: not in the page's HTML.
  await expect(field).toHaveValue(MONA);
  expect(await page.content()).not.toContain(MONA);

  await page.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByText('Token saved for this tab only.')).toBeVisible();
  await expect(page.getByText(/A token \(••••2026\) is saved for .*, for this tab only\./)).toBeVisible();
  await expect(page.getByLabel('Replace the token')).toHaveValue('');
  // "This tab only": session storage, nothing on the device.
  const stored = await page.evaluate(() => ({ local: JSON.stringify(localStorage), session: JSON.stringify(sessionStorage) }));
  expect(stored.local).not.toContain(MONA);
  expect(stored.session).toContain(MONA);

  // The private repository now lists its issues.
  await openPrivateRepo(page);
  await expect(page.getByText('Private', { exact: true })).toBeVisible();
  const numbers = await shownIssueNumbers(page);
  expect(numbers.length).toBeGreaterThan(0);
  await expect(issueRows(page).first().getByRole('link').first()).toHaveText(/Codename|CONFIDENTIAL|Secret|Embargoed/i);
  await expect(page.getByText(NOT_FOUND)).toHaveCount(0);

  // The token went in the Authorization header to the service, and nowhere else.
  const withToken = requests.filter((r) => r.authorization === `Bearer ${MONA}`);
  expect(withToken.length).toBeGreaterThan(0);
  for (const r of withToken) expect(new URL(r.url).origin).toBe(service.origin);
  for (const r of requests) expect(r.url).not.toContain(MONA);
  expect(page.url()).not.toContain(MONA);
  expect(await page.content()).not.toContain(MONA);

  // Settings too shows only its last four characters.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect(await page.content()).not.toContain(MONA);

  // The start page lists it among the recent repositories, as private.
  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  const recent = page.getByRole('region', { name: 'Recent repositories' });
  await expect(recent.getByRole('link', { name: 'acme/secret-plans' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();

  // Removing it: forgotten from the start page and the device, and not found again.
  await page.getByRole('button', { name: 'Remove token' }).click();
  await expect(page.getByText('Token removed.')).toBeVisible();
  await expect(page.getByText(/No token for .*: public repositories only/)).toBeVisible();
  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  await expect(recent).toBeVisible();
  await expect(recent.getByRole('link', { name: 'acme/secret-plans' })).toHaveCount(0);
  expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage))).not.toContain('secret-plans');
  requests.length = 0;
  await openPrivateRepo(page);
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expect(issueRows(page)).toHaveCount(0);
  for (const r of requests) expect(r.authorization).toBeUndefined();
});
