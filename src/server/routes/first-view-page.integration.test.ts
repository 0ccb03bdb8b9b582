// The list's first view rendered by the service (issue 48), on a real socket and a real database,
// with a small renderer standing in for the built one: what the page holds, what its policy
// allows, what the render costs the caller, and every way back to the shell.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';
import { rawGet, type RawAnswer } from '../../../test-support/server/raw-get';
import { NO_FIRST_ANSWERS_COOKIE } from '../../shared/first-answers';
import { FIRST_VIEW_DATA_ID, FIRST_VIEW_MARKERS, FIRST_VIEW_RENDERER_FILE, FIRST_VIEW_TEMPLATE_FILE } from '../../shared/first-view';
import { createFaultInjector } from '../faults/fault-injector';

/** The shell: today's index.html, whose app takes preloaded first answers. */
const INDEX_HTML = `<!doctype html><html><head><meta charset="utf-8"><meta name="issuescope-first-answers" content="take" /><title>shell</title><script type="module" src="/assets/app.js"></script></head><body><div id="root">${'<li class="skeleton"></li>'.repeat(60)}</div></body></html>`;
/** The rendered page's template: the four markers, and enough markup to be worth gzipping. */
const TEMPLATE_HTML = `<!doctype html><html><head><meta charset="utf-8">${FIRST_VIEW_MARKERS.title}${FIRST_VIEW_MARKERS.head}</head><body><div id="root">${FIRST_VIEW_MARKERS.root}</div>${FIRST_VIEW_MARKERS.data}<script type="module" src="/assets/start-after-paint.js"></script>${'<!-- padding -->'.repeat(80)}</body></html>`;
const CSS = '.label-d73a4a{background-color:#d73a4a;color:#fff}';

/**
 * The stand-in renderer. On `/{owner}/{name}/issues` it asks the repository and the first page of
 * open issues as the app does (one core and one search credit), and renders their titles; its query
 * string picks a misbehaviour. Gates (`globalThis.firstViewGates`) hold a hanging render until the
 * test lets it go.
 */
const RENDERER_JS = (variant: string) => `
(globalThis.firstViewEvaluated ??= []).push(import.meta.url);
export async function renderFirstView({ url, apiBaseUrl, fetch, now }) {
  const address = new URL(url);
  (globalThis.firstViewAsked ??= []).push(address.pathname);
  const list = /^\\/([^/]+)\\/([^/]+)\\/issues$/.exec(address.pathname);
  if (!list) return { rendered: false, why: 'not a list page' };
  // The misbehaviour is the repository name's suffix (/octo/hello--hang/issues): the service renders only addresses without a query.
  const [, owner, named] = list;
  const [name, mode = null] = named.split('--');
  if (mode === 'throw') throw new Error('the renderer broke');
  if (mode === 'decline') return { rendered: false, why: 'declined on purpose' };
  if (mode === 'decline-here') return { rendered: false, why: 'declined ' + owner };
  if (mode === 'throw-here') throw new Error('broke at ' + owner);
  if (mode === 'hang') {
    await new Promise((resolve) => (globalThis.firstViewGates ??= []).push(resolve));
    try {
      await fetch(new Request(apiBaseUrl + '/repos/' + owner + '/' + name));
      globalThis.firstViewLate = 'answered';
    } catch (err) {
      globalThis.firstViewLate = err.message;
    }
    return { rendered: false, why: 'released' };
  }
  if (mode === 'style-escape') return { rendered: true, title: 'rendered', rootHtml: '<p>styled</p>', data: {}, css: 'p{color:red}</style><script src="/evil.js"></script>' };
  if (mode === 'whoami') {
    const me = await fetch(new Request(apiBaseUrl + '/user', { headers: { Authorization: 'Bearer ' + ${JSON.stringify(TOKENS.alice)}, Cookie: 'session=1' } }));
    return { rendered: true, title: 'rendered', rootHtml: '<p>whoami</p>', data: { status: me.status }, css: '' };
  }
  if (mode === 'outside') {
    const refusals = [];
    for (const target of ['https://api.github.com/repos/' + owner + '/' + name, apiBaseUrl + '/../index.html', apiBaseUrl.replace('/api', '/apix') + '/rate_limit']) {
      try {
        await fetch(new Request(target));
        refusals.push('answered: ' + target);
      } catch (err) {
        refusals.push(err.message);
      }
    }
    try {
      await fetch(new Request(apiBaseUrl + '/repos/' + owner + '/' + name + '/issues', { method: 'POST', body: '{}' }));
      refusals.push('answered a POST');
    } catch (err) {
      refusals.push(err.message);
    }
    return { rendered: true, title: 'rendered', rootHtml: '<p>outside</p>', data: { refusals }, css: '' };
  }
  const repo = await fetch(new Request(apiBaseUrl + '/repos/' + owner + '/' + name));
  if (repo.status !== 200) return { rendered: false, why: 'the repository answered ' + repo.status };
  const q = encodeURIComponent('repo:' + owner + '/' + name + ' is:issue state:open');
  const search = await fetch(new Request(apiBaseUrl + '/search/issues?q=' + q + '&per_page=30&page=1'));
  if (search.status !== 200) return { rendered: false, why: 'the search answered ' + search.status };
  const titles = (await search.json()).items.map((item) => item.title);
  return {
    rendered: true,
    title: 'rendered <' + name + '> & more',
    rootHtml: '<ul>' + titles.map((t) => '<li>' + t + '</li>').join('') + '</ul><p>${variant} costs $& and $\\'</p>',
    data: { url, apiBaseUrl, now, titles, note: '</script><!-- \\u2028' },
    css: ${JSON.stringify(CSS)},
  };
}
`;

declare global {
  var firstViewGates: Array<() => void> | undefined;
  /** the file URLs of the stand-in renderers evaluated */
  var firstViewEvaluated: string[] | undefined;
  /** the paths the stand-in renderer was asked to render */
  var firstViewAsked: string[] | undefined;
  /** what a render let go after its time was up got when it asked the API */
  var firstViewLate: string | undefined;
}

function writeBuild(dir: string, renderer: string | null): void {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, FIRST_VIEW_TEMPLATE_FILE), TEMPLATE_HTML);
  if (renderer !== null) writeFileSync(path.join(dir, FIRST_VIEW_RENDERER_FILE), renderer);
}

function text(answer: RawAnswer): string {
  return (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8');
}

function dataBlock(html: string): { raw: string; value: Record<string, unknown> } {
  const block = new RegExp(`<script type="application/json" id="${FIRST_VIEW_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  expect(block, 'the data block').not.toBeNull();
  const raw = (block as RegExpExecArray)[1] as string;
  return { raw, value: JSON.parse(raw) as Record<string, unknown> };
}

function directives(header: string | string[] | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

async function remaining(svc: TestService, headers: Record<string, string> = {}): Promise<{ core: number; search: number }> {
  const body = (await (await fetch(`${svc.api}/rate_limit`, { headers })).json()) as { resources: Record<'core' | 'search', { remaining: number }> };
  return { core: body.resources.core.remaining, search: body.resources.search.remaining };
}

function isShell(answer: RawAnswer): boolean {
  return text(answer).includes('<title>shell</title>');
}

describe('the list page rendered by the service (issue 48)', () => {
  let svc: TestService;
  let dist: string;
  let renderedAt: number;
  const logs: string[] = [];

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'issuescope-first-view-'));
    writeBuild(dist, RENDERER_JS('build one'));
    // Every test here renders the list, which spends a search credit: room for all of them.
    // The render's clock stands still, so the same data render the same bytes (the block holds the time).
    renderedAt = Date.now();
    svc = await startTestService({ distDir: dist, log: (line) => logs.push(line), limits: { unauthLimit: 1000, searchUnauthLimit: 1000 }, now: () => renderedAt });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('holds the rendered markup in #root, its style element, and the data block after it, with no preloads', async () => {
    const page = await rawGet(`${svc.origin}/octo/hello/issues`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(page.headers.link).toBeUndefined();
    const html = text(page);
    // The render's own title, in the head where the shell's was, its text escaped.
    expect(html).toContain('<meta charset="utf-8"><title>rendered &lt;hello&gt; &amp; more</title><style>');
    // Newest first, as the search sorts by default.
    expect(html).toContain(`<div id="root"><ul><li>Issue 74</li><li>Issue 73</li>`);
    // Put in as it is, not read as a replacement pattern.
    expect(html).toContain("<p>build one costs $& and $'</p></div>");
    expect(html).toContain(`<style>${CSS}</style></head>`);
    expect(html).toContain('<meta name="issuescope-connect-origins" content="https://api.github.com">');
    for (const marker of Object.values(FIRST_VIEW_MARKERS)) expect(html).not.toContain(marker);
    const { value } = dataBlock(html);
    expect(value.url).toBe(`${svc.origin}/octo/hello/issues`);
    expect(value.apiBaseUrl).toBe(svc.api);
    expect((value.titles as string[]).slice(0, 2)).toEqual(['Issue 74', 'Issue 73']);
    expect(value.now).toBe(renderedAt);
  });

  it('renders only the plain list, whose first answers the address alone names: a filtered or paged list is the shell, and the renderer is not asked', async () => {
    globalThis.firstViewAsked = [];
    for (const search of ['?q=is%3Aclosed', '?page=2', '?']) {
      const page = await rawGet(`${svc.origin}/octo/hello/issues${search}`);
      expect(isShell(page), search).toBe(search === '?' ? false : true);
    }
    expect(globalThis.firstViewAsked).toEqual(['/octo/hello/issues']);
  });

  it("asks the renderer for an issue's address too, without a query string, the number as the app routes it, and never with the no-preload cookie", async () => {
    globalThis.firstViewAsked = [];
    for (const address of ['/octo/hello/issues/3', '/octo/hello/issues/3?x=1', '/octo/hello/issues/03', '/octo/hello/issues/3/', '/octo/hello/issues/12345678901']) {
      // The stand-in renders lists only: every one of these is the shell, asked or not.
      expect(isShell(await rawGet(svc.origin + address)), address).toBe(true);
    }
    await rawGet(`${svc.origin}/octo/hello/issues/4`, { Cookie: `${NO_FIRST_ANSWERS_COOKIE}=1` });
    expect(globalThis.firstViewAsked).toEqual(['/octo/hello/issues/3']);
  });

  it('writes the data block with every < escaped, so nothing in it can end the element', async () => {
    const { raw, value } = dataBlock(text(await rawGet(`${svc.origin}/octo/hello/issues`)));
    expect(raw).not.toContain('<');
    expect(raw).toContain('\\u003c/script>\\u003c!-- \\u2028');
    expect(value.note).toBe('</script><!-- \u2028');
  });

  it('allows its style element by the hash of its text and changes no other directive of the policy', async () => {
    const page = await rawGet(`${svc.origin}/octo/hello/issues`);
    const style = /<style>([\s\S]*?)<\/style>/.exec(text(page))?.[1] as string;
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    const rendered = directives(page.headers['content-security-policy']);
    expect(rendered.get('style-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    const shell = directives((await rawGet(`${svc.origin}/`)).headers['content-security-policy']);
    expect(shell.get('style-src')).toEqual(["'self'"]);
    rendered.delete('style-src');
    shell.delete('style-src');
    expect(rendered).toEqual(shell);
  });

  it('is gzipped, never cached without asking, varies by cookie, and answered 304 while it is the same page', async () => {
    const packed = await rawGet(`${svc.origin}/octo/hello/issues`, { 'Accept-Encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['cache-control']).toBe('no-cache');
    expect(packed.headers.vary).toBe('Accept-Encoding, Cookie');
    const plain = await rawGet(`${svc.origin}/octo/hello/issues`);
    expect(gunzipSync(packed.body).equals(plain.body)).toBe(true);
    expect(packed.headers.etag).toBe(plain.headers.etag);
    const again = await rawGet(`${svc.origin}/octo/hello/issues`, { 'If-None-Match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it("costs the caller what the app's own first requests cost, by its address", async () => {
    const before = await remaining(svc);
    const aliceBefore = await remaining(svc, auth(TOKENS.alice));
    expect(isShell(await rawGet(`${svc.origin}/octo/hello/issues`, auth(TOKENS.alice)))).toBe(false);
    const afterPage = await remaining(svc);
    // The app's own first requests, asked directly.
    await fetch(`${svc.api}/repos/octo/hello`);
    await fetch(`${svc.api}/search/issues?q=${encodeURIComponent('repo:octo/hello is:issue state:open')}&per_page=30&page=1`);
    const afterApp = await remaining(svc);
    expect(before.core - afterPage.core).toBe(1);
    expect(before.search - afterPage.search).toBe(1);
    expect(afterPage.core - afterApp.core).toBe(before.core - afterPage.core);
    expect(afterPage.search - afterApp.search).toBe(before.search - afterPage.search);
    // The page request's token paid nothing: the render asked as the address.
    expect(await remaining(svc, auth(TOKENS.alice))).toEqual(aliceBefore);
  });

  it("never passes the page request's or the renderer's token or cookie to the API", async () => {
    const page = await rawGet(`${svc.origin}/octo/hello--whoami/issues`, { ...auth(TOKENS.alice), Cookie: 'session=2' });
    expect(dataBlock(text(page)).value).toEqual({ status: 401 });
  });

  it('renders a private repository only as an anonymous reader sees it: a 404, so the shell, whatever the page request carries', async () => {
    for (const headers of [{}, auth(TOKENS.alice)]) {
      const page = await rawGet(`${svc.origin}/octo/secret/issues`, headers);
      expect(page.status).toBe(200);
      expect(isShell(page)).toBe(true);
      expect(text(page)).not.toContain('Secret plan');
      // The shell as today, its first answers' preloads included.
      expect(page.headers.link).toContain('</api/repos/octo/secret>; rel=preload');
    }
    expect(logs).toContain('first view: not rendered: the repository answered 404; sending the shell (logged once)');
  });

  it('refuses every URL outside the API it was given, without a request', async () => {
    const page = await rawGet(`${svc.origin}/octo/hello--outside/issues`);
    const { refusals } = dataBlock(text(page)).value as { refusals: string[] };
    expect(refusals).toEqual([
      `a first-view render may ask only ${svc.api}/…, not https://api.github.com/repos/octo/hello`,
      `a first-view render may ask only ${svc.api}/…, not ${svc.origin}/index.html`,
      `a first-view render may ask only ${svc.api}/…, not ${svc.origin}/apix/rate_limit`,
      'a first-view render only reads: POST /api/repos/octo/hello/issues refused',
    ]);
  });

  it("answers the render from this process when the Host header names another host", async () => {
    const page = await rawGet(`${svc.origin}/octo/hello/issues`, { Host: 'issues.elsewhere.example' });
    const { value } = dataBlock(text(page));
    expect(value.apiBaseUrl).toBe('http://issues.elsewhere.example/api');
    expect((value.titles as string[])[0]).toBe('Issue 74');
  });

  it('sends the shell exactly as today to a browser whose app has a token or another API (the no-preload cookie)', async () => {
    const page = await rawGet(`${svc.origin}/octo/hello/issues`, { Cookie: `theme=dark; ${NO_FIRST_ANSWERS_COOKIE}=1` });
    expect(isShell(page)).toBe(true);
    // No preloads with that cookie, as before: its app would not take an anonymous answer.
    expect(page.headers.link).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("style-src 'self';");
  });

  it('sends the shell for css that would end its style element', async () => {
    const page = await rawGet(`${svc.origin}/octo/hello--style-escape/issues`);
    expect(isShell(page)).toBe(true);
    expect(text(page)).not.toContain('evil.js');
    expect(logs).toContain('first view: the render\'s css holds "</style"; sending the shell (logged once)');
  });

  it('answers a HEAD with the shell\'s headers, rendering nothing and spending no credit', async () => {
    const before = await remaining(svc);
    const head = await fetch(`${svc.origin}/octo/hello/issues`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('link')).toContain('</api/repos/octo/hello>; rel=preload');
    expect(head.headers.get('content-security-policy')).toContain("style-src 'self';");
    expect(await remaining(svc)).toEqual(before);
  });

  it('sends the shell at / and /index.html, which the offline copy keeps for every address, without asking the renderer, and for a page it does not render', async () => {
    globalThis.firstViewAsked = [];
    for (const where of ['/', '/index.html']) expect(isShell(await rawGet(svc.origin + where))).toBe(true);
    expect(globalThis.firstViewAsked).toEqual([]);
    const settings = await rawGet(`${svc.origin}/settings`);
    expect(isShell(settings)).toBe(true);
    // Not a list: the service does not ask the renderer.
    expect(globalThis.firstViewAsked).toEqual([]);
  });

  it('sends the shell, headers and all, for a renderer that throws or says rendered: false, and logs each cause once', async () => {
    const shell = await rawGet(`${svc.origin}/acme/rocket/issues`, { Cookie: `${NO_FIRST_ANSWERS_COOKIE}=1` });
    for (const mode of ['throw', 'throw', 'decline']) {
      const page = await rawGet(`${svc.origin}/octo/hello--${mode}/issues`);
      expect(page.status).toBe(200);
      expect(isShell(page)).toBe(true);
      expect(page.headers['content-security-policy']).toBe(shell.headers['content-security-policy']);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toBe('Accept-Encoding, Cookie');
    }
    expect(logs.filter((l) => l.includes('the renderer broke'))).toEqual(['first view: the render failed: the renderer broke; sending the shell (logged once)']);
    expect(logs).toContain('first view: not rendered: declined on purpose; sending the shell (logged once)');
  });

  it('logs a failure even after many distinct declines (each naming its address) have been logged', async () => {
    for (let i = 0; i < 70; i++) expect(isShell(await rawGet(`${svc.origin}/owner${i}/hello--decline-here/issues`))).toBe(true);
    // The log has room for a bounded number of them (the earlier tests' declines count too).
    const declines = logs.filter((l) => l.startsWith('first view: not rendered: declined owner')).length;
    expect(declines).toBeGreaterThan(0);
    expect(declines).toBeLessThan(70);
    await rawGet(`${svc.origin}/octo/hello--throw-here/issues`);
    expect(logs).toContain('first view: the render failed: broke at octo; sending the shell (logged once)');
  });

  it('sends the shell for a template without each of its markers exactly once', async () => {
    const template = path.join(dist, FIRST_VIEW_TEMPLATE_FILE);
    try {
      for (const broken of [TEMPLATE_HTML.replace(FIRST_VIEW_MARKERS.data, ''), TEMPLATE_HTML.replace(FIRST_VIEW_MARKERS.root, FIRST_VIEW_MARKERS.root.repeat(2))]) {
        writeFileSync(template, broken);
        expect(isShell(await rawGet(`${svc.origin}/octo/hello/issues`))).toBe(true);
      }
    } finally {
      writeFileSync(template, TEMPLATE_HTML);
    }
    expect(logs).toContain(`first view: the template ${FIRST_VIEW_TEMPLATE_FILE} must hold ${FIRST_VIEW_MARKERS.data} exactly once; sending the shell (logged once)`);
    expect(logs).toContain(`first view: the template ${FIRST_VIEW_TEMPLATE_FILE} must hold ${FIRST_VIEW_MARKERS.root} exactly once; sending the shell (logged once)`);
  });

  it('never serves the renderer or its template', async () => {
    for (const file of [FIRST_VIEW_RENDERER_FILE, FIRST_VIEW_TEMPLATE_FILE]) expect((await rawGet(`${svc.origin}/${file}`)).status).toBe(404);
    // An owner named like the folder is still an app page.
    const page = await rawGet(`${svc.origin}/server/rocket/issues`);
    expect(page.status).toBe(200);
    expect(isShell(page)).toBe(true);
  });

  it('serves a rebuilt renderer at once, and the shell while the build has none or it exports no renderFirstView', async () => {
    writeBuild(dist, RENDERER_JS('build two, longer'));
    expect(text(await rawGet(`${svc.origin}/octo/hello/issues`))).toContain('<p>build two, longer costs');
    writeBuild(dist, 'export const somethingElse = 1;\n');
    expect(isShell(await rawGet(`${svc.origin}/octo/hello/issues`))).toBe(true);
    expect(logs.some((l) => l.includes('does not export a renderFirstView function'))).toBe(true);
    writeBuild(dist, 'export const = broken;\n');
    expect(isShell(await rawGet(`${svc.origin}/octo/hello/issues`))).toBe(true);
    expect(logs.some((l) => l.includes(`the renderer ${path.join(dist, FIRST_VIEW_RENDERER_FILE)} could not be loaded`))).toBe(true);
    rmSync(path.join(dist, FIRST_VIEW_RENDERER_FILE));
    const without = await rawGet(`${svc.origin}/octo/hello/issues`);
    expect(isShell(without)).toBe(true);
    writeBuild(dist, RENDERER_JS('build one'));
  });
});

describe('the bounds of a render (issue 48)', () => {
  let svc: TestService;
  let dist: string;
  const logs: string[] = [];

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'issuescope-first-view-'));
    writeBuild(dist, RENDERER_JS('bounded'));
    // One render at once, and a short bound: a hanging render never answers, so the bound decides alone.
    svc = await startTestService({ distDir: dist, log: (line) => logs.push(line), firstViewBounds: { renderTimeoutMs: 200, maxRenders: 1 } });
  });
  afterAll(async () => {
    for (const release of globalThis.firstViewGates ?? []) release();
    await svc.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('loads the renderer when the service starts, before any reader asks for a page', async () => {
    const file = pathToFileURL(path.join(dist, FIRST_VIEW_RENDERER_FILE)).href;
    await expect.poll(() => (globalThis.firstViewEvaluated ?? []).some((url) => url.startsWith(file))).toBe(true);
  });

  it('sends the shell for a render that takes longer than its bound, keeps its slot until it ends, and renders again after', async () => {
    const hung = await rawGet(`${svc.origin}/octo/hello--hang/issues`);
    expect(isShell(hung)).toBe(true);
    expect(logs).toContain('first view: a render took longer than 200 ms; sending the shell (logged once)');
    // The hung render still holds the only slot: the next page is the shell at once.
    const busy = await rawGet(`${svc.origin}/octo/hello/issues`);
    expect(isShell(busy)).toBe(true);
    expect(logs).toContain('first view: more than 1 renders at once; sending the shell (logged once)');
    // Let it go: it asks the API, too late to spend the caller's credits, then ends and gives its slot back.
    const before = await remaining(svc);
    for (const release of globalThis.firstViewGates?.splice(0) ?? []) release();
    await expect.poll(() => globalThis.firstViewLate).toBe('the first-view render of /api/repos/octo/hello came after its time was up');
    expect(await remaining(svc)).toEqual(before);
    expect(isShell(await rawGet(`${svc.origin}/octo/hello/issues`))).toBe(false);
  });
});

describe('with faults on purpose (serve --faults, issue 48)', () => {
  let svc: TestService;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'issuescope-first-view-'));
    writeBuild(dist, RENDERER_JS('faulted'));
    // No fault is due (a share of 0): what is held is that the page is the shell all the same.
    svc = await startTestService({ distDir: dist, faults: createFaultInjector({ spec: '503=0%' }) });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the shell, so the client under test meets the faults from its first request, which the render would have made in the process', async () => {
    globalThis.firstViewAsked = [];
    expect(isShell(await rawGet(`${svc.origin}/octo/hello/issues`))).toBe(true);
    expect(globalThis.firstViewAsked).toEqual([]);
  });
});

describe('behind a trusted proxy (issue 48)', () => {
  let svc: TestService;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'issuescope-first-view-'));
    writeBuild(dist, RENDERER_JS('proxied'));
    svc = await startTestService({ distDir: dist, trustProxy: true });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('charges the render to the address the proxy vouches for, as it would the app\'s own requests', async () => {
    const reader = { 'X-Forwarded-For': '203.0.113.7' };
    const [readerBefore, proxyBefore] = [await remaining(svc, reader), await remaining(svc)];
    expect(isShell(await rawGet(`${svc.origin}/octo/hello/issues`, reader))).toBe(false);
    expect(await remaining(svc, reader)).toEqual({ core: readerBefore.core - 1, search: readerBefore.search - 1 });
    expect(await remaining(svc)).toEqual(proxyBefore);
  });
});

describe('a caller past its limit (issue 48)', () => {
  let svc: TestService;
  let dist: string;
  const logs: string[] = [];

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'issuescope-first-view-'));
    writeBuild(dist, RENDERER_JS('limited'));
    svc = await startTestService({ distDir: dist, log: (line) => logs.push(line), limits: { searchUnauthLimit: 1 } });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("gets the limit's refusal in its render, as its app would, so the shell", async () => {
    expect(isShell(await rawGet(`${svc.origin}/octo/hello/issues`))).toBe(false);
    expect(isShell(await rawGet(`${svc.origin}/octo/hello/issues`))).toBe(true);
    expect(logs).toContain('first view: not rendered: the search answered 403; sending the shell (logged once)');
  });
});
