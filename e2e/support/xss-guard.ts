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
import { unsafeMarkup } from './unsafe-markup';
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
 * Scans the whole document for what no payload may leave behind (unsafe-markup.ts, the same scan
 * the unit test of the corpus runs on every payload's rendering). One line per finding.
 */
export function scanDom(page: Page): Promise<string[]> {
  return page.evaluate(unsafeMarkup);
}
