/**
 * Journey: open the list at addresses shaped like github.com's search links
 * (qualifiers mixed with words, quoted phrases, negations, unknown and invalid
 * qualifiers, advanced OR) and the app's old ones. Each settles after at most
 * one address rewrite: a `q` is shown as it is (no rewrite at all), an old
 * address is rewritten once into its `q`. Before, `?q=is%3Aopen%20windows`
 * rewrote the address about 300 times a second for as long as the tab stayed open.
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService({ searchUnauthLimit: 100 });
});

test.afterAll(async () => {
  await service.close();
});

const QUERIES = [
  'is:open windows',
  'windows',
  'is:issue',
  'is:issue is:open label:bug crash',
  '"launch pad" is:closed',
  '-label:bug crash',
  'reason:completed is:closed',
  'is:nonsense label:bug',
  'comments:>>3',
  'label:bug OR label:docs',
  'is:open label:bug',
  '',
];

const OLD_ADDRESSES = ['state=closed&labels=bug', 'type=pr&q=crash', 'state=all&sort=updated&direction=asc&per_page=50'];

test.beforeEach(async ({ page }) => {
  // Counts every change of the address the app makes (React Router goes through these two; it also
  // writes its own state into the first entry, which leaves the address as it is and is not counted).
  await page.addInitScript(() => {
    const counted = window as unknown as { __addressWrites: number };
    counted.__addressWrites = 0;
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = History.prototype[name];
      History.prototype[name] = function (this: History, ...args: Parameters<History['pushState']>) {
        const [, , url] = args;
        if (url !== undefined && url !== null && new URL(url, location.href).href !== location.href) counted.__addressWrites += 1;
        return original.apply(this, args);
      };
    }
  });
});

async function openAndSettle(page: import('@playwright/test').Page, search: string): Promise<number> {
  await page.goto(`${service.origin}/acme/rocket/issues${search === '' ? '' : `?${search}`}`);
  // What a reader waits for: the list's count, or the service's refusal of the query.
  await expect(page.getByRole('heading', { name: /(Open|Closed|open and closed|on this page)$|^The service refused this query$|^No / }).first()).toBeVisible();
  // A rewrite loop never lets the network rest: wait for it to.
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __addressWrites: number }).__addressWrites);
}

test('every GitHub-shaped query settles without a rewrite, every old address after one', async ({ page }) => {
  for (const q of QUERIES) {
    const search = new URLSearchParams({ q }).toString();
    const writes = await openAndSettle(page, search);
    expect(writes, q).toBe(0);
    expect(new URL(page.url()).searchParams.get('q'), q).toBe(q);
  }
  for (const old of OLD_ADDRESSES) {
    const writes = await openAndSettle(page, old);
    expect(writes, old).toBeLessThanOrEqual(1);
    const settled = new URL(page.url()).searchParams;
    for (const name of ['state', 'labels', 'type', 'sort', 'direction']) expect(settled.has(name), `${old}: ${name}`).toBe(false);
  }
});
