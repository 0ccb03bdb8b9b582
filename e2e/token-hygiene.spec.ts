/**
 * Journey: a token entered in Settings is used for the service and for
 * nothing else. Browsing the private hygiene/private-notes with it, the token
 * never shows in an address, a resource timing entry, the page's HTML, the
 * console, the wrong storage or a request to another origin; requests to the
 * service carry it, the issue's image and link on another origin do not. A
 * token kept for this tab only is gone in a new tab; removing it wipes every
 * private page the app kept (query cache and IndexedDB).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { HYGIENE_TOKEN, OTHER_ORIGIN, PRIVATE_NOTES_REPO, PRIVATE_TITLES } from './support/private-notes-repository';
import { startE2eService } from './support/service';
import { issueRows } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

const REPO_PATH = `/${PRIVATE_NOTES_REPO.owner}/${PRIVATE_NOTES_REPO.name}/issues`;
const NOT_FOUND = 'Not found: the repository does not exist or your token has no access to it.';
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

interface SentRequest {
  url: string;
  authorization: string | undefined;
  referer: string | undefined;
}

interface Traffic {
  /** the headers as sent (allHeaders), so read them through sent() */
  pending: Promise<SentRequest>[];
  addresses: string[];
  console: string[];
}

/** Records every request of every tab (with its headers as sent), every address the tab shows and every console line. */
async function watch(context: BrowserContext, page: Page): Promise<Traffic> {
  const traffic: Traffic = { pending: [], addresses: [], console: [] };
  context.on('request', (request) => {
    traffic.pending.push(
      request
        .allHeaders()
        .catch(() => request.headers())
        .then((headers) => ({ url: request.url(), authorization: headers['authorization'], referer: headers['referer'] })),
    );
  });
  page.on('framenavigated', (frame) => traffic.addresses.push(frame.url()));
  page.on('console', (message) => traffic.console.push(message.text()));
  // The other origin: an image host and a linked site, answered here.
  await context.route(`${OTHER_ORIGIN}/**`, (route) =>
    route.request().resourceType() === 'image'
      ? route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG })
      : route.fulfill({ status: 200, contentType: 'text/html', body: '<title>other site</title>' }),
  );
  return traffic;
}

const sent = (traffic: Traffic): Promise<SentRequest[]> => Promise.all(traffic.pending);

async function saveToken(page: Page, keep: 'This tab only' | 'Remember on this device'): Promise<void> {
  await page.goto(`${service.origin}/settings`);
  await page.getByLabel('Token', { exact: true }).fill(HYGIENE_TOKEN);
  await page.getByRole('radio', { name: keep }).check();
  await page.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByText(keep === 'This tab only' ? 'Token saved for this tab only.' : 'Token saved on this device.')).toBeVisible();
}

/** Opens the private repository as a user does within the tab (no reload), and its first issue. */
async function browsePrivateRepo(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  await page.getByLabel('Repository or GitHub URL').fill(`${PRIVATE_NOTES_REPO.owner}/${PRIVATE_NOTES_REPO.name}`);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(`${service.origin}${REPO_PATH}`);
  await expect(issueRows(page)).toHaveCount(PRIVATE_TITLES.length);
  await page.getByRole('link', { name: PRIVATE_TITLES[0], exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${PRIVATE_TITLES[0]} #1` })).toBeVisible();
  const image = page.getByRole('img', { name: 'org chart' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** Everything the page itself could leak: addresses it kept, resource timings, HTML, both storages. */
function pageState(page: Page) {
  return page.evaluate(() => ({
    href: window.location.href,
    timings: performance.getEntries().map((entry) => entry.name),
    html: document.documentElement.outerHTML,
    local: JSON.stringify(localStorage),
    session: JSON.stringify(sessionStorage),
  }));
}

/** Every stored answer in the app's IndexedDB, as text. */
function storedPages(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('issuescope-responses');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('responses')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('responses').objectStore('responses').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as unknown[]).map((value) => JSON.stringify(value)));
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

test('a tab-only token goes to the service alone, leaves with the tab, and its removal wipes the private pages', async ({ context, page, browser }) => {
  const traffic = await watch(context, page);
  await saveToken(page, 'This tab only');
  await browsePrivateRepo(page);

  // The service got the token in the Authorization header.
  const requests = await sent(traffic);
  const api = requests.filter((r) => r.url.startsWith(`${service.origin}/api/`));
  const withToken = api.filter((r) => r.authorization === `Bearer ${HYGIENE_TOKEN}`);
  expect(withToken.some((r) => r.url.includes(`/repos/${PRIVATE_NOTES_REPO.owner}/${PRIVATE_NOTES_REPO.name}/issues`))).toBe(true);
  // The image on the other origin was fetched, without it; nothing else went anywhere else.
  const elsewhere = requests.filter((r) => !r.url.startsWith(service.origin));
  expect(elsewhere.map((r) => r.url)).toContain(`${OTHER_ORIGIN}/org-chart.png`);
  for (const r of elsewhere) expect(r.authorization, r.url).toBeUndefined();
  for (const r of requests) expect(r.url).not.toContain(HYGIENE_TOKEN);

  // Following the link to the other site: a new tab, no token, no opener, no referrer naming a private address.
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'the data room' }).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`${OTHER_ORIGIN}/data-room`);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();
  const visit = (await sent(traffic)).find((r) => r.url === `${OTHER_ORIGIN}/data-room`);
  expect(visit).toBeDefined();
  expect(visit!.authorization).toBeUndefined();
  expect(visit!.referer).toBeUndefined();

  // Nothing in the page or the wrong storage.
  const state = await pageState(page);
  for (const address of [...traffic.addresses, state.href, ...state.timings]) expect(address).not.toContain(HYGIENE_TOKEN);
  expect(state.html).not.toContain(HYGIENE_TOKEN);
  expect(state.local).not.toContain(HYGIENE_TOKEN);
  expect(state.session).toContain(HYGIENE_TOKEN);
  for (const line of traffic.console) expect(line).not.toContain(HYGIENE_TOKEN);
  // Private pages are kept for revalidation, but never the token itself.
  const kept = await storedPages(page);
  expect(kept.some((entry) => entry.includes(PRIVATE_TITLES[0]))).toBe(true);
  for (const entry of kept) expect(entry).not.toContain(HYGIENE_TOKEN);

  // "This tab only": a new tab of the same browser is not signed in, and neither is a browser restored from its saved state.
  const storageState = await context.storageState({ indexedDB: true });
  expect(JSON.stringify(storageState)).not.toContain(HYGIENE_TOKEN);
  const newTab = await context.newPage();
  await newTab.goto(`${service.origin}${REPO_PATH}`);
  await expect(newTab.getByText(NOT_FOUND)).toBeVisible();
  await newTab.close();
  const restored = await browser.newContext({ storageState });
  const restoredPage = await restored.newPage();
  await restoredPage.goto(`${service.origin}${REPO_PATH}`);
  await expect(restoredPage.getByText(NOT_FOUND)).toBeVisible();
  await expect(issueRows(restoredPage)).toHaveCount(0);
  await restored.close();

  // Removing it: the private pages are gone from the cache and from IndexedDB.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Remove token' }).click();
  await expect(page.getByText('Token removed.')).toBeVisible();
  await expect.poll(async () => (await storedPages(page)).filter((entry) => entry.includes(PRIVATE_NOTES_REPO.name))).toEqual([]);
  const before = traffic.pending.length;
  await page.getByRole('link', { name: 'Issuescope, start page' }).click();
  await page.getByLabel('Repository or GitHub URL').fill(`${PRIVATE_NOTES_REPO.owner}/${PRIVATE_NOTES_REPO.name}`);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expect(issueRows(page)).toHaveCount(0);
  await expect(page.getByText(PRIVATE_TITLES[0])).toHaveCount(0);
  for (const r of (await sent(traffic)).slice(before)) expect(r.authorization).toBeUndefined();
  const afterRemoval = await pageState(page);
  expect(afterRemoval.session).not.toContain(HYGIENE_TOKEN);
  expect(afterRemoval.local).not.toContain(HYGIENE_TOKEN);
  expect((await storedPages(page)).filter((entry) => entry.includes(PRIVATE_TITLES[0]))).toEqual([]);
});

test('a token remembered on this device lives in localStorage alone and signs in a new tab', async ({ context, page }) => {
  const traffic = await watch(context, page);
  await saveToken(page, 'Remember on this device');
  await browsePrivateRepo(page);
  const state = await pageState(page);
  expect(state.local).toContain(HYGIENE_TOKEN);
  expect(state.session).not.toContain(HYGIENE_TOKEN);
  expect(state.html).not.toContain(HYGIENE_TOKEN);
  for (const address of [...traffic.addresses, ...state.timings]) expect(address).not.toContain(HYGIENE_TOKEN);
  for (const r of (await sent(traffic)).filter((request) => !request.url.startsWith(service.origin))) expect(r.authorization).toBeUndefined();
  for (const line of traffic.console) expect(line).not.toContain(HYGIENE_TOKEN);

  const newTab = await context.newPage();
  await newTab.goto(`${service.origin}${REPO_PATH}`);
  await expect(issueRows(newTab)).toHaveCount(PRIVATE_TITLES.length);
  await newTab.close();
});
