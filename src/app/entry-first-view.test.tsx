/**
 * The list's first view as the service renders it (entry-first-view.tsx, issue 48), from a fake
 * service's answers (the app's fixtures, as HTTP), and hydrated as main.tsx hydrates it: React
 * adopts the markup (no recoverable error, nothing said on the console), the rows are there without
 * asking for them again, and the next revalidation is a conditional request. What is not a list
 * rendered from good answers is `rendered: false`, so the service sends the shell.
 */
import { act } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FirstViewResult } from '../shared/first-view';
import { createMemoryEtagStore } from './api/etag-store';
import { createAppServices } from './app-services';
import { renderFirstView } from './entry-first-view';
import { readFirstViewData, type FirstViewData } from './first-view-data';
import { afterHydration, readsAsTheRenderDid } from './first-view-start';
import { dataBlockText, FIRST_VIEW_DATA_ID } from '../shared/first-view';
import { createSafeStorage } from './storage/safe-storage';
import { MemoryStorage } from '../../test-support/app/render-app';
import { createFakeApi, searchResult, TEST_BASE_URL, type Handler } from '../../test-support/app/fake-api';
import { fakeFirstViewService } from '../../test-support/app/fake-first-view-service';
import { asSent, hydrateRendered, renderedPageReady, unmountHydrated } from '../../test-support/app/hydrate-rendered';
import { pageOne } from '../../test-support/app/issue-list-fixtures';

const APP_ORIGIN = 'http://api.test';
const RENDERED_AT = Date.parse('2024-05-01T12:00:00Z');
const TWO_DAYS_LATER = RENDERED_AT + 2 * 24 * 3600_000;
const SEARCH_LIMIT = { limit: 10, remaining: 9, used: 1, resetAt: RENDERED_AT + 60_000, resource: 'search', observedAt: RENDERED_AT };

function fixtures(url: URL) {
  if (url.pathname.endsWith('/search/issues') && url.searchParams.get('q')?.includes('state:open')) {
    // The header's gauge shows this reading, with its countdown.
    return searchResult(pageOne(), 3, { rateLimit: SEARCH_LIMIT });
  }
  return undefined;
}

/** The service as HTTP, answering the fixtures (test-support/app/fake-first-view-service.ts). */
function fakeService(handler: Handler, refuse?: (url: URL) => Response | undefined) {
  return fakeFirstViewService(handler, RENDERED_AT, refuse);
}

function render(address: string, service: ReturnType<typeof fakeService>): Promise<FirstViewResult> {
  return renderFirstView({ url: `${APP_ORIGIN}${address}`, apiBaseUrl: TEST_BASE_URL, fetch: service.fetch, now: RENDERED_AT });
}

async function renderedList(address: string) {
  const service = fakeService(fixtures);
  return { ...asSent(await render(address, service)), service };
}

afterEach(unmountHydrated);

/** What main.tsx does with a page that carries the first view, two days after it was rendered. */
async function hydrate(rootHtml: string, data: FirstViewData) {
  const browser = fakeService(fixtures);
  const { services, etagStore, router, container } = await renderedPageReady({ rootHtml, data, fetch: browser.fetch, now: TWO_DAYS_LATER });
  const firstRow = within(screen.getByRole('list', { name: 'Issues, page 1' })).getAllByRole('listitem')[0]!;

  const { recoverable, said } = await hydrateRendered(container, services, router);
  return { services, etagStore, browser, firstRow, recoverable, said, router };
}

describe('the list rendered by the service', () => {
  it('hydrates in the browser as it is, without asking for its rows again', async () => {
    const { rootHtml, data, title } = await renderedList('/acme/rocket/issues');
    expect(data.address).toBe('/acme/rocket/issues');
    // The page's title goes to the head (src/shared/first-view.ts), not a second <title> in the body.
    expect(title).toBe('acme/rocket · Issuescope');
    expect(rootHtml).not.toContain('<title');
    expect(rootHtml).toContain('Rocket explodes on launch');

    const { firstRow, recoverable, said, browser } = await hydrate(rootHtml, data);
    expect(recoverable).toEqual([]);
    expect(said).toEqual([]);
    // Adopted, not rebuilt: the row the service wrote is the row on the page.
    expect(within(screen.getByRole('list', { name: 'Issues, page 1' })).getAllByRole('listitem')[0]).toBe(firstRow);
    expect(browser.asked.map((request) => request.url).filter((url) => url.includes('/search/issues'))).toEqual([]);
  });

  it('gives the rule of every data-dependent class its markup uses (the page carries them in its <style>)', async () => {
    const { rootHtml, css } = await renderedList('/acme/rocket/issues');
    const used = new Set([...rootHtml.matchAll(/\bclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)).filter((name) => name.startsWith('dc-')));
    for (const name of used) expect(css).toContain(`.${name}{`);
    expect(css.split('\n').filter((rule) => rule !== '').length).toBe(used.size);
  });

  it('a filtered list (a shared address with a q) is rendered and hydrates with its query tools', async () => {
    const address = '/acme/rocket/issues?q=is%3Aissue+state%3Aopen+label%3Abug';
    const { rootHtml, data } = await renderedList(address);
    expect(data.address).toBe(address);
    expect(rootHtml).toContain('Rocket explodes on launch');

    const { recoverable, said, browser } = await hydrate(rootHtml, data);
    expect(recoverable).toEqual([]);
    expect(said).toEqual([]);
    expect(screen.getByRole('list', { name: 'Issues, page 1' })).toHaveTextContent('Rocket explodes on launch');
    expect(browser.asked.filter((request) => request.url.includes('/search/issues'))).toEqual([]);
  });

  it('a list without a q is rendered as a new tab has it, without the query tools, whatever the renders before it loaded', async () => {
    await renderedList('/acme/rocket/issues?q=is%3Aissue+state%3Aopen+label%3Abug');
    const { rootHtml, data } = await renderedList('/acme/rocket/issues');
    expect(Object.values(data.loaderData)).toContainEqual({ resource: 'search', toolsLoaded: false });
    const { recoverable, said } = await hydrate(rootHtml, data);
    expect(recoverable).toEqual([]);
    expect(said).toEqual([]);
  });

  it("asks every answer of the service's fetch, anonymous, and hands over the readings and validators", async () => {
    const { data, service } = await renderedList('/acme/rocket/issues');
    expect(service.asked.length).toBeGreaterThan(0);
    for (const request of service.asked) {
      expect(request.url.startsWith(`${TEST_BASE_URL}/`)).toBe(true);
      expect(request.headers.get('authorization')).toBeNull();
    }
    // What a new tab asks for first: no query a hook holds back (the labels wait for their menu).
    expect(service.asked.map((request) => new URL(request.url).pathname).sort()).toEqual(['/api/rate_limit', '/api/repos/acme/rocket', '/api/search/issues']);
    expect(data.rateLimit).toContainEqual(SEARCH_LIMIT);
    expect(data.etags.length).toBe(service.asked.length);
    // Validators only: each body is its query's, carried once.
    for (const stored of data.etags) expect(stored).not.toHaveProperty('body');
  });

  it("the browser's next revalidation of a handed-over answer is a conditional request, and its 304 gives the page's rows", async () => {
    const { rootHtml, data } = await renderedList('/acme/rocket/issues');
    const { services, etagStore, browser, router } = await hydrate(rootHtml, data);
    const search = data.etags.find((stored) => stored.request.includes('/search/issues'))!;
    let again: Awaited<ReturnType<ReturnType<typeof services.connection.getSnapshot>['client']['searchIssues']>> | undefined;
    await act(async () => {
      await afterHydration(services, etagStore, data, router.state.matches.at(-1)!.params);
      again = await services.connection.getSnapshot().client.searchIssues(search.request);
    });
    const revalidation = browser.asked.filter((request) => request.url === search.request);
    expect(revalidation.map((request) => request.headers.get('if-none-match'))).toEqual([search.etag]);
    // The kept body is the search's answer as the service sent it, not the page's items alone.
    expect(again!.notModified).toBe(true);
    expect(again!.data.total_count).toBe(3);
    expect((again!.data.items as Array<{ number: number }>).map((issue) => issue.number)).toEqual(pageOne().map((issue) => issue.number));
  });

  it("the repository joins the recent ones once hydrated, as its loader does on a page rendered in the browser", async () => {
    const { rootHtml, data } = await renderedList('/acme/rocket/issues');
    const { services, etagStore, router } = await hydrate(rootHtml, data);
    expect(services.recentRepos.getSnapshot()).toEqual([]);
    await act(async () => {
      await afterHydration(services, etagStore, data, router.state.matches.at(-1)!.params);
    });
    expect(services.recentRepos.getSnapshot().map((recent) => recent.fullName)).toEqual(['acme/rocket']);
  });
});

describe('what the service does not render (it sends the shell)', () => {
  it('an address that is not a repository list or an issue, without asking the API', async () => {
    for (const address of ['/', '/settings', '/issues', '/acme/rocket/pulls', '/acme/rocket']) {
      const service = fakeService(fixtures);
      const result = await render(address, service);
      expect(result).toEqual({ rendered: false, why: expect.stringContaining('is not a repository') as unknown });
      expect(service.asked).toEqual([]);
    }
  });

  it('the continuous list, whose rows its virtualiser draws in a window, without asking the API', async () => {
    const service = fakeService(fixtures);
    const result = await render('/acme/rocket/issues?q=is%3Aissue+label%3Abug&view=continuous', service);
    expect(result).toEqual({ rendered: false, why: expect.stringContaining('continuous list') as unknown });
    expect(service.asked).toEqual([]);
  });

  it('a list whose search is refused for its rate limit (403)', async () => {
    const service = fakeService(fixtures, (url) =>
      url.pathname.endsWith('/search/issues') ? Response.json({ message: 'API rate limit exceeded' }, { status: 403, headers: { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1714564860' } }) : undefined,
    );
    const result = await render('/acme/rocket/issues', service);
    expect(result.rendered).toBe(false);
    expect(result.rendered === false && result.why).toMatch(/\/search\/issues.* answered 403/);
  });

  it('a list of a repository the service does not have (404)', async () => {
    const service = fakeService(fixtures, (url) => (url.pathname.startsWith('/api/repos/acme/') ? Response.json({ message: 'Not Found' }, { status: 404 }) : undefined));
    const result = await render('/acme/rocket/issues', service);
    expect(result.rendered).toBe(false);
    expect(result.rendered === false && result.why).toMatch(/\/repos\/acme\/rocket answered 404/);
    // The list's own answer: its page throws the error to a boundary, which a server render has not.
    const noList = fakeService(fixtures, () => Response.json({ message: 'Not Found' }, { status: 404 }));
    const list = await render('/acme/rocket/issues', noList);
    expect(list.rendered).toBe(false);
    expect(list.rendered === false && list.why).toMatch(/\/search\/issues.* answered 404/);
  });

  it('a list the service cannot answer (a 503 or no answer)', async () => {
    const unavailable = fakeService(fixtures, (url) => (url.pathname.endsWith('/search/issues') ? new Response('busy', { status: 503 }) : undefined));
    expect((await render('/acme/rocket/issues', unavailable)).rendered).toBe(false);
    const gone = fakeService(fixtures);
    const result = await renderFirstView({ url: `${APP_ORIGIN}/acme/rocket/issues`, apiBaseUrl: TEST_BASE_URL, now: RENDERED_AT, fetch: () => Promise.reject(new TypeError('connection refused')) });
    expect(result).toEqual({ rendered: false, why: expect.stringContaining('connection refused') as unknown });
    expect(gone.asked).toEqual([]);
  });

  it("an address the list's loader redirects (its old parameters)", async () => {
    const result = await render('/acme/rocket/issues?state=closed&labels=bug', fakeService(fixtures));
    expect(result).toEqual({ rendered: false, why: expect.stringContaining('answers 302') as unknown });
  });
});

describe('which tab hydrates a rendered page', () => {
  function pageWithBlock(data: FirstViewData): Document {
    const page = document.implementation.createHTMLDocument();
    page.body.innerHTML = `<div id="root"></div><script type="application/json" id="${FIRST_VIEW_DATA_ID}">${dataBlockText(data)}</script>`;
    return page;
  }

  function browserServices(local = new MemoryStorage()) {
    return createAppServices({
      local: createSafeStorage('local', () => local),
      session: createSafeStorage('session', () => new MemoryStorage()),
      defaultBaseUrl: TEST_BASE_URL,
      etagStore: createMemoryEtagStore(),
      createClient: createFakeApi(fixtures).factory,
    });
  }

  it('the block is read for the address and API it was rendered for, and for no other', async () => {
    const { data } = await renderedList('/acme/rocket/issues?q=is%3Aissue+label%3Abug');
    const page = pageWithBlock(data);
    expect(readFirstViewData(page, '/acme/rocket/issues?q=is%3Aissue+label%3Abug', TEST_BASE_URL)).toEqual(data);
    expect(readFirstViewData(page, '/acme/rocket/issues', TEST_BASE_URL)).toBeNull();
    expect(readFirstViewData(page, '/acme/rocket/issues?q=is%3Aissue+label%3Abug', 'https://api.github.com')).toBeNull();
    page.getElementById(FIRST_VIEW_DATA_ID)!.textContent = '{"address":';
    expect(readFirstViewData(page, '/acme/rocket/issues?q=is%3Aissue+label%3Abug', TEST_BASE_URL)).toBeNull();
  });

  it('an anonymous reader of that API hydrates it; a tab with a token or another API renders its own', async () => {
    const { data } = await renderedList('/acme/rocket/issues');
    const anonymous = browserServices();
    expect(readsAsTheRenderDid(anonymous, data)).toBe(true);
    const withToken = browserServices();
    withToken.settings.setToken('ghp_reader', 'session');
    expect(readsAsTheRenderDid(withToken, data)).toBe(false);
    const elsewhere = browserServices();
    elsewhere.settings.setBaseUrl('https://api.github.com');
    expect(readsAsTheRenderDid(elsewhere, data)).toBe(false);
  });
});
