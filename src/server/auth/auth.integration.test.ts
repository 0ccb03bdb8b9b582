// Spec 5 and 4.1.8: tokens, private repositories, identical 404s, renamed repositories.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../shared/wire-types';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
});
afterAll(() => svc.close());

/** Status, body and the headers a client could tell apart by (not request ids or rate-limit values). */
async function fingerprint(res: Response): Promise<{ status: number; body: string; headers: Record<string, string> }> {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!/^x-ratelimit-|^x-github-request-id$|^date$/.test(k)) headers[k] = v;
  });
  return { status: res.status, body: await res.text(), headers };
}

describe('authentication (spec 5)', () => {
  it('serves public repositories without a token (5.1)', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('10000');
  });

  it('accepts a valid token with the Bearer scheme and the older token scheme (5.2)', async () => {
    for (const header of [`Bearer ${TOKENS.bob}`, `token ${TOKENS.bob}`, `bearer ${TOKENS.bob}`]) {
      const res = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: { Authorization: header } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('5000');
    }
  });

  it('answers an invalid, malformed or expired token with 401 Bad credentials (5.5)', async () => {
    for (const header of ['Bearer isc_pat_nope', `Bearer ${TOKENS.expired}`, 'Bearer', 'Basic dXNlcjpwYXNz', `Bearer ${TOKENS.bob} extra`]) {
      const res = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
      expect(await res.json()).toEqual({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
      expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    }
  });

  it('lists a private repository for a token granted it (5.6)', async () => {
    const res = await fetch(`${svc.api}/repos/octo/secret/issues?state=all`, { headers: auth(TOKENS.alice) });
    expect(res.status).toBe(200);
    const issues = (await res.json()) as Issue[];
    expect(issues.map((i) => i.title)).toContain('Secret plan 1');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60, s-maxage=60');
  });

  it('answers a private repository with the same 404 as a missing one, to strangers and to tokens without access (4.1.8)', async () => {
    for (const suffix of ['', '/issues', '/issues?state=all', '/issues/1', '/issues/1/comments', '/labels']) {
      for (const headers of [{}, auth(TOKENS.bob), auth(TOKENS.aliceSecond)]) {
        const hidden = await fingerprint(await fetch(`${svc.api}/repos/octo/secret${suffix}`, { headers }));
        const missing = await fingerprint(await fetch(`${svc.api}/repos/octo/nope${suffix}`, { headers }));
        expect(hidden.status, suffix).toBe(404);
        expect(hidden).toEqual(missing);
        expect(hidden.body).not.toContain('Secret');
      }
    }
  });

  it('answers 404 even for invalid parameters on a private repository, so a 422 cannot leak it', async () => {
    const hidden = await fetch(`${svc.api}/repos/octo/secret/issues?since=garbage`);
    expect(hidden.status).toBe(404);
  });

  it('tells who a token belongs to at GET /user, and 401 without one', async () => {
    const me = await fetch(`${svc.api}/user`, { headers: auth(TOKENS.alice) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ login: 'alice', type: 'User' });
    const anon = await fetch(`${svc.api}/user`);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ message: 'Requires authentication', status: '401' });
  });

  it('refuses writes: 403 with a token (read-only Issues permission), 401 without', async () => {
    const withToken = await fetch(`${svc.api}/repos/octo/hello/issues`, { method: 'POST', headers: auth(TOKENS.bob), body: '{}' });
    expect(withToken.status).toBe(403);
    expect(await withToken.json()).toMatchObject({ message: 'Resource not accessible by personal access token', status: '403' });
    expect(Number(withToken.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    const anon = await fetch(`${svc.api}/repos/octo/hello/issues/1`, { method: 'PATCH', body: '{}' });
    expect(anon.status).toBe(401);
  });
});

describe('renamed repositories (spec 4.1.7)', () => {
  it('answers the old name with 301, Location under the new name with the query kept, and GitHub body', async () => {
    const res = await fetch(`${svc.api}/repos/octo/old-name/issues?state=all&per_page=2`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    const location = `${svc.api}/repos/octo/new-name/issues?state=all&per_page=2`;
    expect(res.headers.get('location')).toBe(location);
    expect(await res.json()).toEqual({
      message: 'Moved Permanently',
      url: location,
      documentation_url: 'https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects',
      status: '301',
    });
  });

  it('is followed by a client to the same issues under the new name', async () => {
    const res = await fetch(`${svc.api}/repos/octo/old-name/issues/2`);
    expect(res.redirected).toBe(true);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Issue).html_url).toBe(`${svc.origin}/octo/new-name/issues/2`);
  });

  it('does not reveal the rename of a private repository to a stranger', async () => {
    const stranger = await fetch(`${svc.api}/repos/octo/hidden-old/issues`, { redirect: 'manual' });
    expect(stranger.status).toBe(404);
    const owner = await fetch(`${svc.api}/repos/octo/hidden-old/issues`, { redirect: 'manual', headers: auth(TOKENS.alice) });
    expect(owner.status).toBe(301);
  });
});

describe('bad credentials at an address out of credit (spec 5.5, issue 45)', () => {
  let limited: TestService;
  beforeAll(async () => {
    // Search's budget is above the burst limit, so the address meets search's secondary limit (429) first.
    limited = await startTestService({ limits: { unauthLimit: 2, searchUnauthLimit: 100, burstLimit: 2 } });
  });
  afterAll(() => limited.close());

  const BAD = ['Bearer isc_pat_nope', `Bearer ${TOKENS.expired}`, 'Basic dXNlcjpwYXNz'];

  async function expectBadCredentials(res: Response, what: string): Promise<void> {
    expect(res.status, what).toBe(401);
    expect(await res.json()).toEqual({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
  }

  it('answers 401 Bad credentials, not 403, once the address has spent its credits, and a valid token still works', async () => {
    const spent = [];
    for (let i = 0; i < 3; i++) spent.push((await fetch(`${limited.api}/repos/octo/hello/issues?per_page=1`)).status);
    expect(spent).toEqual([200, 200, 403]);
    for (const header of BAD) {
      for (const path of ['/repos/octo/hello/issues?per_page=1', '/user']) {
        const res = await fetch(`${limited.api}${path}`, { headers: { Authorization: header } });
        await expectBadCredentials(res, `${header} on ${path}`);
        // The answer still says where the address's limit stands (spec 8.5): spent, and not refilled by failed logins.
        expect([res.headers.get('x-ratelimit-limit'), res.headers.get('x-ratelimit-remaining'), res.headers.get('x-ratelimit-resource')]).toEqual(['2', '0', 'core']);
      }
    }
    expect((await fetch(`${limited.api}/repos/octo/hello/issues?per_page=1`, { headers: auth(TOKENS.bob) })).status).toBe(200);
  });

  it('answers 401 Bad credentials, not 429, once the address has met the secondary limit', async () => {
    const search = `${limited.api}/search/issues?q=repo:octo/hello`;
    const spent = [];
    for (let i = 0; i < 3; i++) spent.push((await fetch(search)).status);
    expect(spent).toEqual([200, 200, 429]);
    for (const header of BAD) await expectBadCredentials(await fetch(search, { headers: { Authorization: header } }), header);
  });
});
