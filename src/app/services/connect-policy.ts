/**
 * Which API addresses this deployment lets the app reach. The service that
 * serves the app sends a Content Security Policy whose `connect-src` names
 * them, and the same list in `<meta name="issuescope-connect-origins">` (read
 * here; no inline script needed). A request to any other origin would be
 * blocked by the browser with an opaque network error, so Settings refuses
 * such an address up front and says why.
 *
 * Without the `<meta>` (the Vite dev server, a test) nothing is known, and
 * nothing is refused.
 */

import { CONNECT_ORIGINS_META_NAME } from '../../shared/connect-origins-meta';

export interface ConnectPolicy {
  /** The origins allowed besides the app's own; `null` when the deployment does not say. */
  allowedOrigins: readonly string[] | null;
  /** The app's own origin, always allowed. */
  selfOrigin: string;
}

export const OPEN_CONNECT_POLICY: ConnectPolicy = { allowedOrigins: null, selfOrigin: '' };

export function readConnectPolicy(document: Pick<Document, 'querySelector'>, selfOrigin: string): ConnectPolicy {
  const meta = document.querySelector(`meta[name="${CONNECT_ORIGINS_META_NAME}"]`);
  const content = meta?.getAttribute('content');
  if (content === null || content === undefined) return { allowedOrigins: null, selfOrigin };
  return { allowedOrigins: content.split(/\s+/).filter((origin) => origin !== ''), selfOrigin };
}

/** Whether the policy lets the app send requests to this (already validated) base URL. */
export function isAllowedBaseUrl(policy: ConnectPolicy, baseUrl: string): boolean {
  if (policy.allowedOrigins === null) return true;
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    return false;
  }
  return origin === policy.selfOrigin || policy.allowedOrigins.includes(origin);
}

/** What Settings says when the address is refused: what is allowed, and what the operator can change. */
export function disallowedBaseUrlMessage(policy: ConnectPolicy, baseUrl: string): string {
  let origin = baseUrl;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    // keep the address as typed
  }
  const allowed = [policy.selfOrigin, ...(policy.allowedOrigins ?? [])].filter((o) => o !== '').join(', ');
  return (
    `This deployment of Issuescope may only reach ${allowed}; its security policy would block every request to ${origin}. ` +
    `Whoever runs the service can allow it by starting it with --api-origin ${origin}.`
  );
}
