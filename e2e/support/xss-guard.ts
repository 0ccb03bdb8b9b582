/**
 * Watches a page for anything a hostile payload could make it do: a dialog, a
 * CSP violation (event or console report), `window.__pwned`, a request to
 * another origin that is not an https image, and unsafe attributes or
 * elements left in the DOM.
 *
 * Image policy, as the served CSP (`img-src 'self' https:`) and GitHub have
 * it: an https image from anywhere may load (GitHub shows them through its
 * proxy; here the browser fetches them, with no referrer). Any other request
 * to another origin (a script, a frame, a stylesheet, a form post, a ping, a
 * navigation, a plain-http image) is a failure.
 */
import type { Page, Request } from '@playwright/test';
import { ATTACKER_ORIGIN } from './xss-corpus';

/** A 1×1 transparent PNG, served for every https image the policy lets load. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const BLOCKED_CONSOLE = /Content Security Policy|Refused to (?:execute|load|apply|frame|connect|run|evaluate)|blocked/i;

export interface XssGuard {
  /** what went wrong so far, one line each */
  problems: string[];
  /** https images to another origin that the policy let load */
  allowedImages: string[];
}

declare global {
  interface Window {
    __pwned?: unknown;
    __cspViolations?: string[];
  }
}

export async function guardPage(page: Page, ownOrigin: string): Promise<XssGuard> {
  const guard: XssGuard = { problems: [], allowedImages: [] };

  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => window.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`),
      true,
    );
  });
  page.on('dialog', (dialog) => {
    guard.problems.push(`a ${dialog.type()} dialog opened: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && BLOCKED_CONSOLE.test(message.text())) {
      guard.problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => guard.problems.push(`page error: ${error.message}`));
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === ownOrigin || url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.protocol === 'https:' && request.resourceType() === 'image') {
      guard.allowedImages.push(request.url());
      return;
    }
    guard.problems.push(`a ${request.resourceType()} request to another origin: ${request.url()}`);
  });
  // Nothing answers at .invalid; images get a pixel so the page settles the same way every time.
  await page.route(`${ATTACKER_ORIGIN}/**`, (route) =>
    route.request().resourceType() === 'image' ? route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }) : route.abort(),
  );
  await page.route('http://attacker.invalid/**', (route) => route.abort());
  return guard;
}

/**
 * Waits until the page has nothing left to load and every image has settled
 * (loaded or failed), so handlers would have fired. Lazy images load only
 * when seen, so each is scrolled into view first, as a reader would.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    for (const image of document.images) {
      image.scrollIntoView({ block: 'center' });
      await frame();
      await frame();
    }
  });
  await page
    // A hidden lazy image (display: none) never loads, and never fires anything.
    .waitForFunction(() => [...document.images].every((image) => image.complete || image.getClientRects().length === 0), undefined, { timeout: 15_000 })
    .catch(async () => {
      const waiting = await page.evaluate(() => [...document.images].filter((i) => !i.complete && i.getClientRects().length > 0).map((i) => `${i.outerHTML.slice(0, 200)} ${JSON.stringify(i.getBoundingClientRect())}`));
      throw new Error(`images still loading: ${waiting.join('; ')}`);
    });
  // Two frames: time for autofocus, toggle and animation events to be dispatched.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** CSP violations the page saw, and whether `window.__pwned` was set (or clobbered). */
export async function pageVerdict(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems = (window.__cspViolations ?? []).map((v) => `CSP violation: ${v}`);
    if (typeof window.__pwned !== 'undefined') problems.push(`window.__pwned is set: ${String(window.__pwned)}`);
    return problems;
  });
}

/**
 * Scans the whole document for what no payload may leave behind. Runs in the
 * page; returns one line per finding.
 */
export function scanDom(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const own = window.location.origin;
    const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data', 'ping', 'cite', 'lowsrc', 'dynsrc', 'codebase', 'srcset'];
    // No svg from the author survives the sanitiser; the renderer's own icons (alerts, heading anchors) are svg, so svg's active parts are what is refused.
    const FORBIDDEN_IN_USER_CONTENT = 'script, iframe, object, embed, base, meta, form, link, style, frame, frameset, applet, template, noscript, math, dialog, textarea, select, button, use, animate, set, image, foreignObject';
    const describe = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>`;
    const safeUrl = (value: string) => {
      // What the browser would resolve: control characters and whitespace are dropped from a scheme.
      // eslint-disable-next-line no-control-regex
      const cleaned = value.replace(/[\u0000-\u0020\u007f]/g, '');
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
      return scheme === null || ['http', 'https', 'mailto'].includes(scheme[1]!.toLowerCase());
    };

    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) findings.push(`${describe(element)} has a handler ${name}`);
        if (name === 'srcdoc') findings.push(`${describe(element)} has srcdoc`);
        if (name === 'style' && /url\(|expression|javascript:/i.test(attribute.value)) findings.push(`${describe(element)} has style ${attribute.value}`);
        if (URL_ATTRIBUTES.includes(name)) {
          const values = name === 'srcset' ? attribute.value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [attribute.value];
          for (const value of values) if (!safeUrl(value)) findings.push(`${describe(element)} ${name}="${value}"`);
        }
      }
    }

    for (const element of document.head.querySelectorAll('base, meta[http-equiv], script, link, style, iframe')) {
      const tag = element.tagName.toLowerCase();
      if (tag === 'script' && (element.getAttribute('src') ?? '').startsWith('/assets/')) continue;
      if (tag === 'link' && new URL(element.getAttribute('href') ?? '', own).origin === own) continue;
      findings.push(`${describe(element)} in <head>`);
    }

    for (const body of document.querySelectorAll('.markdown-body')) {
      for (const element of body.querySelectorAll(FORBIDDEN_IN_USER_CONTENT)) findings.push(`${describe(element)} in user content`);
      for (const element of body.querySelectorAll('[style]')) findings.push(`${describe(element)} in user content has a style`);
      for (const element of body.querySelectorAll('[id], [name]')) {
        for (const value of [element.getAttribute('id'), element.getAttribute('name')]) {
          if (value !== null && !value.startsWith('user-content-')) findings.push(`${describe(element)} in user content names "${value}" (clobbering)`);
        }
      }
      for (const input of body.querySelectorAll('input')) {
        if (input.type !== 'checkbox' || !input.disabled) findings.push(`an enabled <input type=${input.type}> in user content`);
      }
      // Links: to another origin in a new tab without an opener or referrer; within the app, in this tab.
      for (const link of body.querySelectorAll('a[href]')) {
        const url = new URL(link.getAttribute('href') ?? '', window.location.href);
        const rel = (link.getAttribute('rel') ?? '').split(/\s+/);
        const external = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== own;
        if (external && (link.getAttribute('target') !== '_blank' || !rel.includes('noopener') || !rel.includes('noreferrer'))) {
          findings.push(`external link ${url.href} has target="${link.getAttribute('target')}" rel="${link.getAttribute('rel')}"`);
        }
        if (!external && link.hasAttribute('target')) findings.push(`in-app link ${url.href} has a target`);
        if (rel.includes('opener')) findings.push(`link ${url.href} asks for an opener`);
      }
    }
    return findings;
  });
}
