/**
 * The `<meta name>` under which the service names, space-separated, the API
 * origins its Content Security Policy lets the served app connect to (besides
 * the app's own). The server writes it into index.html; the app reads it.
 */
export const CONNECT_ORIGINS_META_NAME = 'issuescope-connect-origins';
