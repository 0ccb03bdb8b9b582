/**
 * The security headers of the served app, and the list of API origins it may
 * talk to. The browser enforces the Content Security Policy; the app reads
 * the same list from a `<meta>` (no inline script needed) so Settings can
 * refuse an address the policy would block instead of failing with an opaque
 * network error.
 */
import { CONNECT_ORIGINS_META_NAME } from '../../shared/connect-origins-meta';

/** Where the app talks to without any configuration: itself (`'self'`) and GitHub. */
export const DEFAULT_API_ORIGINS: readonly string[] = ['https://api.github.com'];

export class ApiOriginError extends Error {}

/**
 * `https://ghe.example.com/api/v3` → `https://ghe.example.com`. A CSP source
 * is an origin here (paths in CSP are matched loosely and redirects drop
 * them), so only the origin is kept. http(s) only, no credentials.
 */
export function normaliseApiOrigin(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ApiOriginError(`'${input}' is not a URL (e.g. https://ghe.example.com)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ApiOriginError(`'${input}' must start with https:// or http://`);
  if (url.username !== '' || url.password !== '') throw new ApiOriginError(`'${input}' must not carry credentials`);
  return url.origin;
}

/** The default origins plus the operator's, normalised, each once, in order. */
export function allowedApiOrigins(configured: readonly string[] = []): string[] {
  return [...new Set([...DEFAULT_API_ORIGINS, ...configured.map(normaliseApiOrigin)])];
}

/**
 * - `script-src 'self'`: the built app has no inline script (checked by the
 *   static-app test against dist/index.html when it exists), so an injected
 *   `<script>` or handler never runs, whatever the Markdown sanitiser misses.
 * - `style-src 'self'`: Tailwind's CSS is a file; React sets `style` props
 *   through the CSSOM, which CSP does not govern; user `style` attributes are
 *   stripped by the sanitiser and would be refused here too.
 * - `img-src 'self' https:` plus the API origins: issue bodies link images
 *   from anywhere on the web (GitHub shows any https image through its proxy;
 *   we have no proxy, so the browser fetches them, without a referrer), and
 *   avatars come from the API's own host. No plain-http images (mixed content,
 *   and a tracking pixel over http leaks to the network too) and no `data:`
 *   (nothing in the app uses one; the sanitiser drops them from bodies).
 * - `connect-src`: this origin, GitHub and the configured origins only, so an
 *   injected script could not send a token or a page anywhere else.
 *
 * `styleHashes` (base64 SHA-256 digests) allow exactly those `<style>`
 * elements, by the hash of their text (CSP3's hash-source): a page the service
 * renders carries one for its data-dependent classes (first-view-page.ts),
 * and an injected `<style>` still matches none.
 */
export function contentSecurityPolicy(apiOrigins: readonly string[], styleHashes: readonly string[] = []): string {
  const origins = apiOrigins.join(' ');
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes.map((h) => `'sha256-${h}'`)].join(' '),
    `img-src 'self' https: ${apiOrigins.filter((o) => o.startsWith('http:')).join(' ')}`.trim(),
    `connect-src 'self' ${origins}`.trim(),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ];
  return directives.join('; ');
}

export function appPageHeaders(apiOrigins: readonly string[], styleHashes: readonly string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(apiOrigins, styleHashes),
    'X-Content-Type-Options': 'nosniff',
    // The app's URLs name private repositories and issues: other sites get the origin at most.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** index.html with the allowed origins in a `<meta>` at the top of `<head>`. */
export function withConnectOriginsMeta(html: string, apiOrigins: readonly string[]): string {
  const meta = `<meta name="${CONNECT_ORIGINS_META_NAME}" content="${escapeAttribute(apiOrigins.join(' '))}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (head === null) return `${meta}${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
