/**
 * One fuzz case: a raw HTTP request to the issue endpoints, kept in parts (repository, path,
 * query, caller, headers) so the property can tell which repository and caller it was about,
 * and how those parts go on the wire.
 */
import type { RawRequest } from './fuzz-wire';

export type CallerKind = 'anonymous' | 'granted' | 'granted-second' | 'stranger' | 'expired' | 'bad-token' | 'bad-scheme';
export type RepoKind = 'public' | 'private' | 'missing' | 'renamed' | 'hidden-renamed' | 'odd';

export interface FuzzCase {
  method: 'GET' | 'HEAD' | 'POST' | 'DELETE';
  repoKind: RepoKind;
  /** the `{owner}/{repo}` part as sent */
  repoPath: string;
  /** what follows it: `/issues`, `/issues/7/comments`, … (raw) */
  suffix: string;
  /** the raw query string after `?`, or null for none */
  query: string | null;
  caller: CallerKind;
  authorization: string | null;
  headers: Array<[string, string]>;
  /** true when the case holds bytes Node's HTTP parser refuses */
  notHttp: boolean;
}

/** The repositories of the test service, by what a caller may know of them. */
export const REPOS: Record<Exclude<RepoKind, 'odd'>, string> = {
  public: 'octo/hello',
  private: 'octo/secret',
  missing: 'octo/nope',
  renamed: 'octo/old-name',
  'hidden-renamed': 'octo/hidden-old',
};

export function targetOf(c: FuzzCase, repoPath: string = c.repoPath): string {
  return `/api/repos/${repoPath}${c.suffix}${c.query === null ? '' : `?${c.query}`}`;
}

export function rawRequestOf(c: FuzzCase, repoPath?: string, localAddress?: string): RawRequest {
  const headers: Array<[string, string]> = [...c.headers];
  if (c.authorization !== null) headers.push(['Authorization', c.authorization]);
  if (c.method === 'POST') headers.push(['Content-Length', '0']);
  return { method: c.method, target: targetOf(c, repoPath), headers, ...(localAddress ? { localAddress } : {}) };
}
