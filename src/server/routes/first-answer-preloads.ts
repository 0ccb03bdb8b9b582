/**
 * The page's first API answers named as preloads (issue 48), in a `Link`
 * header of the page's answer: a new tab's browser asks for them as soon as
 * the page's headers arrive, while it loads the scripts, instead of after the
 * scripts have run, and the app's `fetch` of the same URL takes the preloaded
 * answer. A header, not a `<link>` in the page, so the page's bytes stay the
 * same at every address (the offline copy, public/sw.js, keeps one page for
 * all of them and takes a different page for a new build).
 *
 * `crossorigin` (anonymous) gives the preload the credentials mode of the
 * app's anonymous requests (`same-origin`), which a preload must share with
 * the request that takes it (HTML's preload key: URL, destination, mode,
 * credentials mode, https://html.spec.whatwg.org/multipage/links.html#link-type-preload;
 * Chromium says "not used because the request credentials mode does not
 * match"); a request with a token says `omit` and so never takes an anonymous
 * answer (api-client.ts). No script: the CSP's `script-src 'self'`
 * holds, and `connect-src 'self'` already allows the URLs.
 *
 * None for a page that does not declare its app takes them (an older build,
 * whose requests with a token would take an anonymous answer), and none while
 * the browser carries the no-preload cookie (the app sets it while its
 * connection has a token or another API: a preload would be spent on an
 * answer the app never takes).
 */
import { FIRST_ANSWERS_META_NAME, firstAnswerPaths, NO_FIRST_ANSWERS_COOKIE } from '../../shared/first-answers';

/** Whether the `Cookie` header names `name`. */
export function hasCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((pair) => pair.trim().split('=')[0] === name);
}

const DECLARES_TAKING = new RegExp(`<meta\\s+name="${FIRST_ANSWERS_META_NAME}"\\s+content="take"`, 'i');

/** The `Link` header value for `page` served at `url`, or null when it has no known first answers. */
export function firstAnswerLinkHeader(page: string, request: { url: URL; cookie: string | undefined; apiPath: string }): string | null {
  if (!DECLARES_TAKING.test(page) || hasCookie(request.cookie, NO_FIRST_ANSWERS_COOKIE)) return null;
  const paths = firstAnswerPaths(request.url.pathname, request.url.search);
  if (paths.length === 0) return null;
  // RFC 8288: a URI reference in <>; first-answers.ts admits no character that would need escaping there.
  return paths.map((p) => `<${request.apiPath}${p}>; rel=preload; as=fetch; crossorigin`).join(', ');
}
