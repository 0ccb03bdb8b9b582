/**
 * An issue's first view as the service renders it (entry-first-view.tsx, issue 48): its title,
 * description and comments written by the app's own components, their Markdown parsed on the
 * service, and hydrated as main.tsx hydrates it (no recoverable error, nothing said on the console,
 * nothing asked again). What is not an issue rendered from good answers for an anonymous reader is
 * `rendered: false`, and the service sends the shell. The list's own are in entry-first-view.test.tsx.
 */
import { act } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FirstViewResult } from '../shared/first-view';
import { renderFirstView } from './entry-first-view';
import type { FirstViewData } from './first-view-data';
import { afterHydration } from './first-view-start';
import { ISSUE_VIEW_ROUTE_ID } from './routes/issue-view-loader';
import * as pipeline from './features/issue-view/markdown/markdown-pipeline';
import { makeIssue, ok, TEST_BASE_URL, type Handler } from '../../test-support/app/fake-api';
import { commentEvent } from '../../test-support/app/fake-timeline';
import { fakeFirstViewService } from '../../test-support/app/fake-first-view-service';
import { asSent, hydrateRendered, renderedPageReady, unmountHydrated } from '../../test-support/app/hydrate-rendered';
import { issue } from '../../test-support/app/issue-view-fixtures';

// A text the parser fails on, as no text should: the render must not hand out a page with a part it could not write.
const UNPARSEABLE = 'This text breaks the parser.';

/** The page's origin, which is not jsdom's: what the render and the hydration write comes from where they are told, not from `window`. */
const APP_ORIGIN = 'http://issues.example';
const RENDERED_AT = Date.parse('2024-05-04T12:00:00Z');
const AN_HOUR_LATER = RENDERED_AT + 3600_000;

/** Its description links to another issue, to a page of this app (absolute) and to a site elsewhere, and has code. */
const DESCRIPTION = `It **explodes**. See #7, [our list](${APP_ORIGIN}/acme/rocket/issues) and [the docs](https://docs.example/launch).\n\n\`\`\`js\nlaunch();\n\`\`\``;
const rendered12 = { ...issue, body: DESCRIPTION, html_url: `${APP_ORIGIN}/acme/rocket/issues/12` };

function fixtures(comments = [commentEvent(101, 'First _comment_'), commentEvent(102, 'Second comment', 'dave')]): Handler {
  return (url) => {
    if (url.pathname.endsWith('/repos/acme/rocket/issues/12')) return ok(rendered12);
    if (url.pathname.endsWith('/repos/acme/rocket/issues/12/timeline')) return ok(comments);
    return undefined;
  };
}

function render(address: string, service: ReturnType<typeof fakeFirstViewService>): Promise<FirstViewResult> {
  return renderFirstView({ url: `${APP_ORIGIN}${address}`, apiBaseUrl: TEST_BASE_URL, fetch: service.fetch, now: RENDERED_AT });
}

async function renderedIssue(handler: Handler = fixtures()) {
  const service = fakeFirstViewService(handler, RENDERED_AT);
  return { ...asSent(await render('/acme/rocket/issues/12', service)), service };
}

afterEach(unmountHydrated);

/** What main.tsx does with a page that carries the first view, in a browser on the page's origin an hour after it was rendered. */
async function hydrate(rootHtml: string, data: FirstViewData) {
  const browser = fakeFirstViewService(fixtures(), RENDERED_AT);
  const { services, etagStore, router, container } = await renderedPageReady({ rootHtml, data, fetch: browser.fetch, now: AN_HOUR_LATER, pageOrigin: APP_ORIGIN });
  const description = screen.getByRole('article', { name: 'Description by alice' });

  const { recoverable, said } = await hydrateRendered(container, services, router);
  return { browser, description, recoverable, said, services, etagStore, router };
}

describe('an issue rendered by the service', () => {
  it('holds its title, its description as Markdown and its comments, in the head and the markup', async () => {
    const { title, rootHtml } = await renderedIssue();
    // The innermost route's title is the page's (the repository's is its layout's), as the browser shows it.
    expect(title).toBe('Rocket explodes on launch · #12 · acme/rocket · Issuescope');
    expect(rootHtml).not.toContain('<title');
    expect(rootHtml).toMatch(/<h1[^>]*>.*Rocket explodes on launch.*<\/h1>/);
    expect(rootHtml).toContain('It <strong>explodes</strong>.');
    expect(rootHtml).toContain('<a href="/acme/rocket/issues/7">#7</a>');
    expect(rootHtml).toContain('First <em>comment</em>');
    expect(rootHtml).toContain('id="issuecomment-102"');
    // Nothing left for the browser to fill in: no skeleton, no section the render gave up on.
    expect(rootHtml).not.toContain('<!--$!');
    expect(rootHtml).not.toContain('aria-label="Loading');
    // The code is as written: highlighting follows hydration, as it follows a first render in the browser.
    expect(rootHtml).toContain('<code class="hljs language-js">launch();\n</code>');
  });

  it("makes its links for the page's origin, not for a window it does not have", async () => {
    const { rootHtml } = await renderedIssue();
    // A link to this app stays in the tab; one elsewhere opens a new one.
    expect(rootHtml).toContain(`<a href="${APP_ORIGIN}/acme/rocket/issues">our list</a>`);
    expect(rootHtml).toContain('<a href="https://docs.example/launch" target="_blank" rel="noopener noreferrer">the docs</a>');
    // The issue is on this app's origin: no "Open on …" link to itself.
    expect(rootHtml).not.toContain('Open on');
  });

  it('writes the sidebar\'s times in UTC, which any reader\'s hydration writes too; the next render writes the reader\'s zone', async () => {
    const zoneBefore = process.env.TZ;
    process.env.TZ = 'Asia/Kolkata';
    try {
      const { rootHtml, data } = await renderedIssue();
      expect(rootHtml).toContain('<time dateTime="2024-05-01T12:00:00Z">May 1, 2024, 12:00:00 PM UTC</time>');
      const { recoverable } = await hydrate(rootHtml, data);
      expect(recoverable).toEqual([]);
      expect(screen.getByRole('complementary', { name: 'Details' })).toHaveTextContent('May 1, 2024, 5:30:00 PM GMT+5:30');
    } finally {
      process.env.TZ = zoneBefore;
    }
  });

  it('hydrates in the browser as it is, without asking for the issue or its comments again', async () => {
    const { rootHtml, data } = await renderedIssue();
    expect(data.address).toBe('/acme/rocket/issues/12');
    // The loader's promise is no value to carry: the browser runs the loader's work again before it hydrates.
    expect(data.loaderData).not.toHaveProperty(ISSUE_VIEW_ROUTE_ID);
    const { browser, description, recoverable, said, router } = await hydrate(rootHtml, data);
    // The router started where the page is, with its chunk and data: it navigated nowhere, so it neither showed its
    // fallback nor had the page scrolled to the top (`false`: no scroll at all) under a reader who had scrolled it.
    expect(router.state.restoreScrollPosition).toBe(false);
    expect(recoverable).toEqual([]);
    expect(said).toEqual([]);
    // Adopted, not rebuilt: the description the service wrote is the one on the page.
    expect(screen.getByRole('article', { name: 'Description by alice' })).toBe(description);
    // Hydrated, not left as it was sent: a time's exact moment is written by the render after hydration.
    expect(description.querySelector('time')).toHaveAttribute('title');
    expect(screen.getByRole('article', { name: 'Comment by dave' })).toHaveTextContent('Second comment');
    expect(browser.asked.map((request) => new URL(request.url).pathname).filter((path) => path.includes('/issues/12'))).toEqual([]);
  });

  it('asks what a new tab asks first, anonymous: the repository, the issue and its history (and the free rate_limit)', async () => {
    const { service } = await renderedIssue();
    expect(service.asked.map((request) => `${new URL(request.url).pathname}${new URL(request.url).search}`).sort()).toEqual([
      '/api/rate_limit',
      '/api/repos/acme/rocket',
      '/api/repos/acme/rocket/issues/12',
      '/api/repos/acme/rocket/issues/12/timeline?per_page=100',
    ]);
    for (const request of service.asked) expect(request.headers.get('authorization')).toBeNull();
  });

  it("the browser's next revalidation of the issue and of its history is a conditional request, whose 304 gives what the page showed", async () => {
    const { rootHtml, data } = await renderedIssue();
    const { services, etagStore, browser, router } = await hydrate(rootHtml, data);
    await act(async () => {
      await afterHydration(services, etagStore, data, router.state.matches.at(-1)!.params);
    });
    const client = services.connection.getSnapshot().client;
    const issueAnswer = data.etags.find((stored) => stored.request.endsWith('/issues/12'))!;
    const historyAnswer = data.etags.find((stored) => stored.request.includes('/issues/12/timeline'))!;
    const issueAgain = await client.get<{ title: string }>(issueAnswer.request);
    const historyAgain = await client.get<Array<{ body: string }>>(historyAnswer.request);
    expect(browser.asked.map((request) => request.headers.get('if-none-match'))).toEqual([issueAnswer.etag, historyAnswer.etag]);
    expect(issueAgain.notModified && historyAgain.notModified).toBe(true);
    expect(issueAgain.data.title).toBe('Rocket explodes on launch');
    expect(historyAgain.data.map((comment) => comment.body)).toEqual(['First _comment_', 'Second comment']);
  });

  it('a long thread is rendered whole: the comments its loader does not wait for are parsed too before the page is written', async () => {
    const many = Array.from({ length: 40 }, (_, i) => commentEvent(200 + i, `Comment number ${i + 1}, *in Markdown*`));
    const { rootHtml } = await renderedIssue(fixtures(many));
    expect(rootHtml).toContain('Comment number 40, <em>in Markdown</em>');
    expect(rootHtml).not.toContain('<!--$!');
  });
});

describe('what the service does not render for an issue (it sends the shell)', () => {
  it('an issue the service does not have (404)', async () => {
    const service = fakeFirstViewService(fixtures(), RENDERED_AT, (url) => (url.pathname.endsWith('/issues/12') ? Response.json({ message: 'Not Found' }, { status: 404 }) : undefined));
    const result = await render('/acme/rocket/issues/12', service);
    expect(result.rendered).toBe(false);
    expect(result.rendered === false && result.why).toMatch(/\/repos\/acme\/rocket\/issues\/12 answered 404/);
  });

  it("a private repository's issue, which an anonymous reader is answered 404 for, and whose text is never in the answer", async () => {
    const secret = makeIssue(3, { title: 'The secret plan', body: 'Launch at **dawn**.' }, 'acme', 'secret-plans');
    // As the service answers an anonymous reader: a private repository and its issues do not exist.
    const service = fakeFirstViewService(
      (url) => (url.pathname.includes('/secret-plans/issues/3') ? ok(secret) : undefined),
      RENDERED_AT,
      (url) => (url.pathname.includes('/repos/acme/secret-plans') ? Response.json({ message: 'Not Found' }, { status: 404 }) : undefined),
    );
    const result = await render('/acme/secret-plans/issues/3', service);
    expect(result.rendered).toBe(false);
    expect(JSON.stringify(result)).not.toContain('secret plan');
    for (const request of service.asked) expect(request.headers.get('authorization')).toBeNull();
  });

  it('an issue transferred or in a renamed repository (the API redirects it, 301)', async () => {
    const service = fakeFirstViewService(fixtures(), RENDERED_AT, (url) =>
      url.pathname.endsWith('/issues/12') ? new Response(null, { status: 301, headers: { location: `${TEST_BASE_URL}/repos/acme/rocket-v2/issues/3` } }) : undefined,
    );
    const result = await render('/acme/rocket/issues/12', service);
    expect(result.rendered).toBe(false);
    expect(result.rendered === false && result.why).toMatch(/\/issues\/12 answered 301/);
  });

  it('an issue with a text its render could not write (the browser would draw that part anew)', async () => {
    const service = fakeFirstViewService(fixtures([commentEvent(101, 'Fine'), commentEvent(102, UNPARSEABLE)]), RENDERED_AT);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const parse = pipeline.markdownToTree;
    const breaks = vi.spyOn(pipeline, 'markdownToTree').mockImplementation((markdown, options) => {
      if (markdown === UNPARSEABLE) throw new Error('the parser broke');
      return parse(markdown, options);
    });
    try {
      const result = await render('/acme/rocket/issues/12', service);
      expect(result).toEqual({ rendered: false, why: expect.stringContaining("could not finish") as unknown });
      expect(breaks).toHaveBeenCalled();
    } finally {
      breaks.mockRestore();
      quiet.mockRestore();
    }
  });

  it('an address that is no issue number, without asking the API', async () => {
    for (const address of ['/acme/rocket/issues/0', '/acme/rocket/issues/012', '/acme/rocket/issues/12345678901']) {
      const service = fakeFirstViewService(fixtures(), RENDERED_AT);
      const result = await render(address, service);
      expect(result.rendered).toBe(false);
      expect(service.asked.filter((request) => request.url.includes('/issues/'))).toEqual([]);
    }
  });
});
