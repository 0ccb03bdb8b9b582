// Spec 7.1 statuses not covered elsewhere, spec 9 versioning, CORS, and faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '../../shared/api-constants';
import { createApp } from '../app';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../limits/rate-limiter';
import type { SqliteStorage } from '../store/sqlite/sqlite-storage';
import { openSqliteStorage } from '../store/sqlite/sqlite-storage';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
});
afterAll(() => svc.close());

describe('versioning (spec 9)', () => {
  it('serves the recommended Accept and X-GitHub-Api-Version headers and says which version it used', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues`, {
      headers: { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': API_VERSION },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-github-api-version-selected')).toBe(API_VERSION);
  });

  it('serves version 2022-11-28 when the headers are absent', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-github-api-version-selected')).toBe(API_VERSION);
  });

  it('says which version it used on a refusal too, and not on the 400 for a version it does not serve', async () => {
    const bad = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: { Authorization: 'Bearer isc_pat_not_a_token' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('x-github-api-version-selected')).toBe(API_VERSION);
    const missing = await fetch(`${svc.api}/repos/octo/no-such-repo/issues`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-github-api-version-selected')).toBe(API_VERSION);
    const unserved = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: { 'X-GitHub-Api-Version': '1999-01-01' } });
    expect(unserved.status).toBe(400);
    expect(unserved.headers.get('x-github-api-version-selected')).toBeNull();
  });

  it('answers an unsupported API version with 400 and the error body', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: { 'X-GitHub-Api-Version': '1999-01-01' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; status: string; documentation_url: string };
    expect(body.message).toContain("'1999-01-01' API version is not supported");
    expect(body.status).toBe('400');
    expect(body.documentation_url).toMatch(/^https:\/\//);
  });
});

describe('malformed requests', () => {
  it('answers a query string that is not valid percent-encoding with 400 "Problems parsing query string"', async () => {
    for (const q of ['state=%zz', 'labels=%E0%A4%A', '%=1']) {
      const res = await fetch(`${svc.api}/repos/octo/hello/issues?${q}`);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Problems parsing query string', status: '400' });
    }
  });

  it('answers an unknown path under the API with the 404 error body', async () => {
    const res = await fetch(`${svc.api}/nothing/here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
  });

  it('uses the first value of a repeated parameter', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues?state=closed&state=open&per_page=100`);
    const issues = (await res.json()) as Array<{ state: string }>;
    expect(issues.every((i) => i.state === 'closed')).toBe(true);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^W\//);
    expect(await res.text()).toBe('');
  });
});

describe('CORS, so the app can be served from another origin', () => {
  it('answers a preflight allowing any origin and the headers the app sends', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,if-none-match,x-github-api-version',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['authorization', 'if-none-match', 'if-modified-since', 'x-github-api-version']) expect(allowed).toContain(h);
  });

  it('exposes Link, ETag, Last-Modified, Retry-After and the x-ratelimit headers on answers and errors', async () => {
    for (const url of [`${svc.api}/repos/octo/hello/issues`, `${svc.api}/repos/octo/nope/issues`]) {
      const res = await fetch(url, { headers: { Origin: 'https://elsewhere.example' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      for (const h of ['link', 'etag', 'last-modified', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-used', 'x-ratelimit-resource']) {
        expect(exposed).toContain(h);
      }
    }
  });
});

describe('faults (spec 7.1: 500)', () => {
  it('answers an unexpected fault with 500 and the error body, logs it, and keeps serving', async () => {
    const store = openSqliteStorage(':memory:');
    const broken: SqliteStorage = Object.create(store) as SqliteStorage;
    broken.findRepo = () => {
      throw new Error('disk on fire');
    };
    const logged: string[] = [];
    const app = createApp({ store: broken, limiter: new RateLimiter(DEFAULT_RATE_LIMITS, Date.now), now: Date.now, log: (l) => logged.push(l) });
    const res = await app.request('/api/repos/a/b/issues', { headers: { Authorization: 'Bearer isc_pat_secret_value' } });
    expect(res.status).toBe(401);
    const fault = await app.request('/api/repos/a/b/issues');
    expect(fault.status).toBe(500);
    expect(await fault.json()).toEqual({ message: 'Server Error', documentation_url: 'https://docs.github.com/rest', status: '500' });
    expect(fault.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(logged.join('\n')).toContain('disk on fire');
    expect(logged.join('\n')).not.toContain('isc_pat_secret_value');
    const next = await app.request('/api/rate_limit');
    expect(next.status).toBe(200);
    store.close();
  });
});

describe('the served app', () => {
  it('serves avatars as SVG for offline demo data', async () => {
    const res = await fetch(`${svc.origin}/avatars/alice.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg /);
  });

  it('does not answer API paths with the app page for a token-authenticated request', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: auth(TOKENS.alice) });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
