/**
 * The first view rendered by the service, of the plain list or of an issue
 * (issue 48; which addresses: src/shared/first-view-addresses.ts): for an anonymous
 * reader's app page, the built renderer (`dist/server/first-view.js`) renders
 * the address with the app's own routes and components, its API requests
 * answered in this process as the caller (first-view-api-fetch.ts), and the
 * page is the rendered page's template (`dist/server/first-view.html`) with
 * the markup, its `<style>` of data-dependent classes and the data block the
 * browser hydrates from (src/shared/first-view.ts, the contract).
 *
 * Whatever goes wrong (no build of the renderer, a template without its
 * markers, a render that throws, says `rendered: false`, takes longer than
 * its bound, or finds every render slot taken), the answer is null and the
 * caller sends the shell, as before. Each cause is logged once.
 *
 * No cache of rendered pages: each render costs its caller the credits of the
 * app's own first requests, which already bounds renders per caller, and a
 * cache (keyed by the data's version and the caller's view) must show in an
 * A/B that it pays for itself first (docs/architecture.md).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Context } from 'hono';
import { dataBlockText, FIRST_VIEW_DATA_ID, FIRST_VIEW_MARKERS, FIRST_VIEW_RENDERER_FILE, FIRST_VIEW_TEMPLATE_FILE, type FirstViewResult } from '../../shared/first-view';
import { withConnectOriginsMeta } from './app-page-policy';
import { BuiltFirstViewRenderer } from './built-first-view-renderer';
import { renderFetch, type CallerBindings, type InProcessFetch } from './first-view-api-fetch';

/** A render that has not answered by then is left behind: the reader gets the shell, whose scripts ask again. */
export const FIRST_VIEW_RENDER_TIMEOUT_MS = 2000;
/** Renders at once per core: rendering is CPU work (renderToString blocks its thread); beyond this the shell goes out at once. */
export const FIRST_VIEW_RENDERS_PER_CORE = 2;
/**
 * Distinct causes logged, of each kind; past this many a new one is not (a cause may name an
 * address). Two kinds, so the renderer's many declines (every address that is not a list) never
 * use up the room of a failure (a timeout, a throw, a renderer that does not load).
 */
const MAX_LOGGED_CAUSES = 64;

export interface FirstViewBounds {
  /** FIRST_VIEW_RENDER_TIMEOUT_MS unless given */
  renderTimeoutMs?: number;
  /** renders at once; FIRST_VIEW_RENDERS_PER_CORE per core unless given */
  maxRenders?: number;
}

export interface FirstViewPageOptions extends FirstViewBounds {
  distDir: string;
  /** the API origins the page names (app-page-policy.ts) */
  apiOrigins: readonly string[];
  /** where this service answers the API on the page's origin (`/api`) */
  apiPath: string;
  /** the service's app, which answers the render's API requests */
  app: InProcessFetch;
  now: () => number;
  log: (line: string) => void;
}

export interface RenderedPage {
  html: string;
  /** base64 SHA-256 of the page's `<style>` text, for its CSP (none when the render had no css) */
  styleHashes: string[];
}

class RenderFailure extends Error {}

const TIMED_OUT = Symbol('timed out');

function withinTime<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** `template` with each marker replaced; every marker must be there exactly once. Sliced, not `String.replace`, whose `$&` and `$'` patterns a title could hold. */
function fillTemplate(template: string, parts: Record<keyof typeof FIRST_VIEW_MARKERS, string>): string {
  let page = template;
  for (const key of Object.keys(FIRST_VIEW_MARKERS) as Array<keyof typeof FIRST_VIEW_MARKERS>) {
    const marker = FIRST_VIEW_MARKERS[key];
    const at = page.indexOf(marker);
    if (at < 0 || page.indexOf(marker, at + marker.length) >= 0) throw new RenderFailure(`the template ${FIRST_VIEW_TEMPLATE_FILE} must hold ${marker} exactly once`);
    page = page.slice(0, at) + parts[key] + page.slice(at + marker.length);
  }
  return page;
}

function isRendered(result: unknown): result is Extract<FirstViewResult, { rendered: true }> {
  const r = result as Partial<Record<'rendered' | 'title' | 'rootHtml' | 'css', unknown>> | null;
  return typeof r === 'object' && r !== null && r.rendered === true && typeof r.title === 'string' && typeof r.rootHtml === 'string' && typeof r.css === 'string';
}

function styleHash(css: string): string {
  return createHash('sha256').update(css, 'utf8').digest('base64');
}

function pageOf(template: string, result: Extract<FirstViewResult, { rendered: true }>, apiOrigins: readonly string[]): RenderedPage {
  // The element's text ends at the first `</style`, whatever follows: css that holds one is not the renderer's classes.
  if (/<\/style/i.test(result.css)) throw new RenderFailure('the render\'s css holds "</style"');
  const data = dataBlockText(result.data) as string | undefined;
  if (data === undefined) throw new RenderFailure('the render\'s data is not JSON');
  const html = fillTemplate(withConnectOriginsMeta(template, apiOrigins), {
    title: `<title>${escapeText(result.title)}</title>`,
    head: result.css === '' ? '' : `<style>${result.css}</style>`,
    root: result.rootHtml,
    data: `<script type="application/json" id="${FIRST_VIEW_DATA_ID}">${data}</script>`,
  });
  return { html, styleHashes: result.css === '' ? [] : [styleHash(result.css)] };
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The rendered page of a request, or null: send the shell. */
export function firstViewPages(options: FirstViewPageOptions): (c: Context) => Promise<RenderedPage | null> {
  const renderer = new BuiltFirstViewRenderer(path.join(options.distDir, FIRST_VIEW_RENDERER_FILE));
  const templateFile = path.join(options.distDir, FIRST_VIEW_TEMPLATE_FILE);
  const timeoutMs = options.renderTimeoutMs ?? FIRST_VIEW_RENDER_TIMEOUT_MS;
  const maxRenders = options.maxRenders ?? availableParallelism() * FIRST_VIEW_RENDERS_PER_CORE;
  const logged = { declined: new Set<string>(), failed: new Set<string>() };
  let rendering = 0;
  // Loaded now, not by the first reader: the built renderer is the whole app in one module (megabytes),
  // whose first load alone can take most of a render's bound. A rebuild is loaded by its first request.
  if (existsSync(templateFile)) void renderer.current();

  const shell = (cause: string, kind: keyof typeof logged = 'failed'): null => {
    const causes = logged[kind];
    if (!causes.has(cause) && causes.size < MAX_LOGGED_CAUSES) {
      causes.add(cause);
      options.log(`first view: ${cause}; sending the shell (logged once)`);
    }
    return null;
  };

  return async function renderedPage(c) {
    let template: string;
    try {
      // Read per request, as index.html is, so a rebuild is served at once.
      template = readFileSync(templateFile, 'utf8');
    } catch {
      return null; // no build of the first view (yet): the shell, as before
    }
    const loading = renderer.current();
    if (loading === null) return null;
    if (rendering >= maxRenders) return shell(`more than ${maxRenders} renders at once`);

    rendering += 1;
    let open = true;
    const url = new URL(c.req.url);
    const apiBaseUrl = `${url.origin}${options.apiPath}`;
    const bindings = c.env as Partial<CallerBindings> | undefined;
    const fetch = renderFetch({
      apiBaseUrl,
      caller: { remoteAddress: bindings?.incoming?.socket?.remoteAddress, forwardedFor: c.req.header('x-forwarded-for') },
      app: options.app,
      open: () => open,
    });
    const work = loading.then((r) => r.renderFirstView({ url: url.href, apiBaseUrl, fetch, now: options.now() }));
    // The slot is held until the render ends, not until its time is up: a render left behind still runs.
    const release = () => void (rendering -= 1);
    work.then(release, release);
    try {
      const result = await withinTime(work, timeoutMs);
      if (result === TIMED_OUT) return shell(`a render took longer than ${timeoutMs} ms`);
      if (!isRendered(result)) {
        const why = (result as { why?: unknown } | null)?.why;
        return typeof why === 'string' ? shell(`not rendered: ${why}`, 'declined') : shell('the renderer answered neither a rendered page nor rendered: false');
      }
      return pageOf(template, result, options.apiOrigins);
    } catch (err) {
      return shell(err instanceof RenderFailure ? err.message : `the render failed: ${messageOf(err)}`);
    } finally {
      open = false;
    }
  };
}
