/**
 * `--db` names either an SQLite file or a PostgreSQL server, told apart by the URL scheme libpq
 * and node-postgres accept. Messages name the server without its secrets.
 */

export function isPostgresUrl(db: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(db);
}

/**
 * The URL as it can appear in a message or a log: no password, neither in the user part nor in
 * a query parameter (libpq takes `?password=` and `?sslpassword=` too).
 */
export function describePostgresUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Echoing an unparsable URL could print its password.
    return 'the PostgreSQL URL given (it is not a valid URL)';
  }
  parsed.password = '';
  for (const key of [...parsed.searchParams.keys()]) {
    if (/password/i.test(key)) parsed.searchParams.delete(key);
  }
  return parsed.toString();
}
