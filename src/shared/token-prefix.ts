/**
 * How this service's personal access tokens start, like GitHub's
 * `github_pat_`, so secret scanners and people can recognise one: the server
 * makes them (src/server/auth/tokens.ts), the app's token field suggests it.
 */
export const TOKEN_PREFIX = 'isc_pat_';
