/**
 * Journey: an expired token. Testing it in Settings says "Bad credentials"
 * (with no button to the Settings page already shown); saving it checks it
 * first and never keeps a token the service did not accept, saying why for
 * each answer (401, a spent rate limit, no answer); a token saved while valid
 * that has expired since shows the 401 message and the way back to Settings.
 */
import { expect, test } from '@playwright/test';
import { DEMO_TOKENS, demoToken, startE2eService } from './support/service';
import { issueRows } from './support/issue-list';
import { isSearchUrl } from './support/search';

let service: Awaited<ReturnType<typeof startE2eService>>;
/** The service's clock: moved back to before the expired token's expiry to save it while it was still valid. */
let serviceNowMs: number | null = null;

test.beforeAll(async () => {
  service = await startE2eService({}, { now: () => serviceNowMs ?? Date.now() });
});

test.afterAll(async () => {
  await service.close();
});

const EXPIRED_TOKEN = DEMO_TOKENS.find((t) => t.expiresAt !== null)!;
const EXPIRED = EXPIRED_TOKEN.token;
const MONA = demoToken('mona');
const MS_PER_SECOND = 1000;

test('an expired token is refused with Bad credentials, and the page leads to Settings', async ({ page }) => {
  await page.goto(`${service.origin}/settings`);
  await page.getByLabel('Token', { exact: true }).fill(EXPIRED);

  const userAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user');
  await page.getByRole('button', { name: 'Test token' }).click();
  expect((await userAnswer).status()).toBe(401);
  const testResult = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Bad credentials' }) });
  await expect(testResult).toBeVisible();
  await expect(testResult).toContainText('Bad credentials: your token is invalid, expired or revoked.');
  await expect(page.getByText(/This token belongs to/)).toHaveCount(0);
  // Settings is the page shown: no button to open it.
  await expect(testResult.getByRole('link', { name: 'Open Settings' })).toHaveCount(0);

  // Saving checks the token with the service first, and keeps a refused one out, with no way to insist.
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user');
  await page.getByRole('button', { name: 'Save token' }).click();
  expect((await checked).status()).toBe(401);
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved: the service refused this token (401 Bad credentials)' })).toBeVisible();
  await expect(page.getByText('No token for')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save anyway' })).toHaveCount(0);
  expect(await page.evaluate(() => JSON.stringify(sessionStorage) + JSON.stringify(localStorage))).not.toContain(EXPIRED);

  // Saved a day before it expired, then browsed with after its expiry.
  serviceNowMs = EXPIRED_TOKEN.expiresAt! * MS_PER_SECOND - 24 * 60 * 60 * MS_PER_SECOND;
  await page.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByText('Token saved for this tab only.')).toBeVisible();
  serviceNowMs = null;

  // The repository's default view (a search of its open issues, issue 45) and the repository itself
  // are asked for at once, each refused as every request is; whichever answers first fails the page,
  // which drops the others' requests, so the first answer of any of them is the one there always is.
  const listAnswer = page.waitForResponse(
    (response) => isSearchUrl(response.url()) || new URL(response.url()).pathname === '/api/repos/acme/rocket',
  );
  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  await page.getByLabel('Repository or GitHub URL').fill('acme/rocket');
  await page.getByRole('button', { name: 'Open' }).click();
  const refused = await listAnswer;
  expect(refused.status()).toBe(401);
  // The same request's body, asked again outside the page: the page may drop its own request once
  // it has failed, and the browser then keeps no body to read.
  const again = await fetch(refused.url(), { headers: { authorization: `Bearer ${EXPIRED}` } });
  expect(again.status).toBe(401);
  expect((await again.json()) as unknown).toMatchObject({ message: 'Bad credentials' });

  const panel = page.getByRole('main').getByRole('alert');
  await expect(panel.getByRole('heading', { name: 'Bad credentials' })).toBeVisible();
  await expect(panel).toContainText('Bad credentials: your token is invalid, expired or revoked.');
  await expect(panel).toContainText('Enter a valid token in Settings');
  await expect(issueRows(page)).toHaveCount(0);
  // The shell says so too, above every page, until dismissed or fixed.
  await expect(page.getByRole('alert').filter({ hasText: 'your token is invalid, expired or revoked' })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Update it in Settings' })).toBeVisible();

  // The way to Settings.
  await panel.getByRole('link', { name: 'Open Settings' }).click();
  await expect(page).toHaveURL(`${service.origin}/settings`);
  await expect(page.getByRole('heading', { name: 'Personal Access Token' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove token' })).toBeVisible();
});

test('a token the service could not check is not saved, and each reason is said', async ({ page }) => {
  const limited = await startE2eService({ authLimit: 1 });
  try {
    // The token's whole budget spent elsewhere: the check is refused with 403 and a reset time.
    const spent = await fetch(`${limited.api}/repos/acme/rocket`, { headers: { authorization: `Bearer ${MONA}` } });
    expect(spent.status).toBe(200);
    await page.goto(`${limited.origin}/settings`);
    await page.getByLabel('Token', { exact: true }).fill(MONA);
    const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user');
    await page.getByRole('button', { name: 'Save token' }).click();
    expect((await checked).status()).toBe(403);
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved: the service could not check this token because its rate limit is spent (403). Try again at' })).toBeVisible();
    await expect(page.getByText('No token for')).toBeVisible();

    // The service gone: no answer at all.
    await limited.close();
    await page.getByRole('button', { name: 'Save token' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Not saved: can't reach ${limited.api} to check this token.` })).toBeVisible();
    await expect(page.getByText('No token for')).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify(sessionStorage) + JSON.stringify(localStorage))).not.toContain(MONA);
  } finally {
    await limited.close().catch(() => {});
  }
});
