/**
 * Journey: choosing the API address in Settings. An address that does not
 * answer as a GitHub API (the site's root, which serves the app's page, or
 * `/api/v3`, where a GitHub Enterprise Server has its API but this service
 * has nothing) is refused when chosen, saying what it answered and where the
 * API is, instead of being taken and failing later as "repository not found";
 * the right address is taken and the repository opens.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { issueRows } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

test('an address that is not a GitHub API is refused when chosen, and the right one is taken', async ({ page }) => {
  await page.goto(`${service.origin}/settings`);
  await page.getByRole('radio', { name: /Another address/ }).check();
  const address = page.getByLabel('API address');
  const use = page.getByRole('button', { name: 'Use this service' });
  const inUse = page.getByRole('status').filter({ hasText: 'In use:' });

  await address.fill(service.origin);
  await use.click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toHaveText(
    `${service.origin} is not a GitHub API: GET ${service.origin}/rate_limit answered 200 with a web page, not GitHub's JSON. The API of this service is at ${service.api}; a GitHub Enterprise Server's at https://HOST/api/v3.`,
  );
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(inUse).toContainText(service.api);

  await address.fill(`${service.origin}/api/v3`);
  await use.click();
  await expect(refusal).toHaveText(
    `${service.origin}/api/v3 is not a GitHub API: GET ${service.origin}/api/v3/rate_limit answered 404 Not Found, and every GitHub API has it. The API of this service is at ${service.api}; a GitHub Enterprise Server's at https://HOST/api/v3.`,
  );
  await expect(inUse).toContainText(service.api);

  // The address the hint gives, typed with a trailing slash: taken.
  await address.fill(`${service.api}/`);
  await use.click();
  await expect(page.getByRole('status').filter({ hasText: 'Now using' })).toContainText(service.api);
  await expect(refusal).toHaveCount(0);

  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  await page.getByLabel('Repository or GitHub URL').fill('acme/widgets');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(issueRows(page).first()).toBeVisible();
});
