import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../../shared/api-constants';
import { hashToken } from '../auth/tokens';
import type { RateSnapshot, TakeResult } from '../limits/rate-limiter';
import type { RepoRecord, TokenRecord } from '../store/records';
import { admit, everyAnswerHeaders, renamedTarget, repositoryStep, verdictOf, wantedBy, type ApiRequestView } from './api-steps';

const NOW_MS = 1_750_000_000_000;
const OPTIONS = { now: () => NOW_MS, trustProxy: false };
const SECRET = 'isc_pat_steps_test_secret';

function view(path: string, headers: Record<string, string> = {}, method = 'GET'): ApiRequestView {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method, path, header: (name) => lower[name], peerAddress: '10.0.0.7' };
}

function tokenRow(overrides: Partial<TokenRecord> = {}): TokenRecord {
  return { hash: hashToken(SECRET), login: 'alice', name: 'laptop', expiresAt: null, createdAt: 0, privateRepoIds: new Set(), ...overrides };
}

function repoRow(overrides: Partial<RepoRecord> = {}): RepoRecord {
  return { id: 7, owner: 'octo', name: 'hello', isPrivate: false, description: null, createdAt: '2020-01-01T00:00:00Z', dataVersion: 1, modifiedAt: 0, ...overrides };
}

const SNAPSHOT: RateSnapshot = { limit: 60, remaining: 0, used: 60, reset: 1_750_003_600, resource: 'core' };
const REFUSED: TakeResult = { allowed: false, reason: 'primary', snapshot: SNAPSHOT };
const ALLOWED: TakeResult = { allowed: true, snapshot: { ...SNAPSHOT, remaining: 59, used: 1 } };

describe('what a request names', () => {
  it('names the repository of a repository path, decoded as a route parameter is', () => {
    expect(wantedBy(view('/api/repos/octo/hello/issues/3')).repository).toEqual({ owner: 'octo', name: 'hello' });
    expect(wantedBy(view('/api/repos/octo/hello')).repository).toEqual({ owner: 'octo', name: 'hello' });
    expect(wantedBy(view('/api/repos/oc%74o/hello%2Eworld/')).repository).toEqual({ owner: 'octo', name: 'hello.world' });
    expect(wantedBy(view('/api/repos/octo/%E0%A4%A')).repository).toEqual({ owner: 'octo', name: '%E0%A4%A' });
  });

  it('names no repository elsewhere', () => {
    for (const path of ['/api/repos/octo', '/api/repos//hello', '/api/search/issues', '/api/user', '/api/rate_limit']) {
      expect(wantedBy(view(path)).repository).toBeNull();
    }
  });

  it('hashes a presented token, and tells no header from one that cannot hold a token', () => {
    expect(wantedBy(view('/api/user')).presented).toEqual({ present: false });
    expect(wantedBy(view('/api/user', { Authorization: `Bearer ${SECRET}` })).presented).toEqual({ present: true, hash: hashToken(SECRET) });
    expect(wantedBy(view('/api/user', { Authorization: 'Basic' })).presented).toEqual({ present: true, hash: null });
  });
});

describe('who pays and what refuses (admit)', () => {
  it('makes the client address pay without a token, and a trusted proxy’s right-most address behind one', () => {
    const forwarded = view('/api/user', { 'X-Forwarded-For': '203.0.113.9, 198.51.100.4' });
    expect(admit(forwarded, wantedBy(forwarded), null, OPTIONS).caller).toEqual({ kind: 'ip', address: '10.0.0.7' });
    expect(admit(forwarded, wantedBy(forwarded), null, { ...OPTIONS, trustProxy: true }).caller).toEqual({ kind: 'ip', address: '198.51.100.4' });
  });

  it('makes a valid token’s user pay, with nothing refused', () => {
    const asked = view('/api/repos/octo/hello/issues', { Authorization: `token ${SECRET}` });
    const admission = admit(asked, wantedBy(asked), tokenRow(), OPTIONS);
    expect(admission).toMatchObject({ caller: { kind: 'user', login: 'alice' }, resource: 'core', free: false, refusal: null });
    expect(admission.token?.login).toBe('alice');
  });

  it('refuses an expired, unknown or malformed token as bad credentials, with the address paying', () => {
    const asked = view('/api/user', { Authorization: `Bearer ${SECRET}` });
    const expired = tokenRow({ expiresAt: NOW_MS / 1000 - 1 });
    for (const [request, row] of [
      [asked, expired],
      [asked, null],
      [view('/api/user', { Authorization: 'Basic abc' }), null],
    ] as const) {
      const admission = admit(request, wantedBy(request), row, OPTIONS);
      expect(admission.refusal).toEqual({ kind: 'bad-credentials' });
      expect(admission.caller).toEqual({ kind: 'ip', address: '10.0.0.7' });
      expect(admission.token).toBeNull();
    }
  });

  it('refuses a version not served, after bad credentials', () => {
    const other = view('/api/user', { 'X-GitHub-Api-Version': '2099-01-01' });
    expect(admit(other, wantedBy(other), null, OPTIONS).refusal).toEqual({ kind: 'version', asked: '2099-01-01' });
    const served = view('/api/user', { 'X-GitHub-Api-Version': ` ${API_VERSION} ` });
    expect(admit(served, wantedBy(served), null, OPTIONS).refusal).toBeNull();
    const both = view('/api/user', { 'X-GitHub-Api-Version': '2099-01-01', Authorization: 'Bearer nope' });
    expect(admit(both, wantedBy(both), null, OPTIONS).refusal).toEqual({ kind: 'bad-credentials' });
  });

  it('spends search’s limit on search paths and nothing on /rate_limit', () => {
    const search = view('/api/search/issues');
    expect(admit(search, wantedBy(search), null, OPTIONS)).toMatchObject({ resource: 'search', free: false });
    const limit = view('/api/rate_limit');
    expect(admit(limit, wantedBy(limit), null, OPTIONS)).toMatchObject({ resource: 'core', free: true });
  });
});

describe('the verdict once the credit is settled', () => {
  const plain = view('/api/user');
  const bad = view('/api/user', { Authorization: 'Bearer nope' });

  it('answers bad credentials whatever the limit says, primary or secondary (spec 5.5)', () => {
    const burst: TakeResult = { allowed: false, reason: 'secondary', snapshot: ALLOWED.snapshot, retryAfterSeconds: 30 };
    for (const taken of [REFUSED, burst]) {
      expect(verdictOf(admit(bad, wantedBy(bad), null, OPTIONS), taken)).toEqual({ kind: 'refused', refusal: { kind: 'bad-credentials' } });
    }
  });

  it('answers the limit’s refusal before any other of the caller’s', () => {
    const unserved = view('/api/user', { 'X-GitHub-Api-Version': '2099-01-01' });
    expect(verdictOf(admit(unserved, wantedBy(unserved), null, OPTIONS), REFUSED)).toEqual({ kind: 'limited', taken: REFUSED });
    expect(verdictOf(admit(plain, wantedBy(plain), null, OPTIONS), REFUSED)).toEqual({ kind: 'limited', taken: REFUSED });
  });

  it('answers the caller’s refusal once the credit is spent, or on a free path', () => {
    expect(verdictOf(admit(bad, wantedBy(bad), null, OPTIONS), ALLOWED)).toEqual({ kind: 'refused', refusal: { kind: 'bad-credentials' } });
    expect(verdictOf(admit(bad, wantedBy(bad), null, OPTIONS), null).kind).toBe('refused');
  });

  it('admits a request nothing refuses', () => {
    expect(verdictOf(admit(plain, wantedBy(plain), null, OPTIONS), ALLOWED)).toEqual({ kind: 'admitted' });
  });
});

describe('the repository step', () => {
  const asked = view('/api/repos/octo/hello/issues', { Authorization: `Bearer ${SECRET}` });
  const named = { owner: 'octo', name: 'hello' };

  it('lets a public repository through, and a private one only to a token granted it', () => {
    const anonymous = admit(view('/api/repos/octo/hello'), wantedBy(view('/api/repos/octo/hello')), null, OPTIONS);
    expect(repositoryStep(anonymous, named, repoRow())).toEqual({ kind: 'through', repo: repoRow() });
    const secret = repoRow({ isPrivate: true });
    const granted = admit(asked, wantedBy(asked), tokenRow({ privateRepoIds: new Set([7]) }), OPTIONS);
    expect(repositoryStep(granted, named, secret).kind).toBe('through');
    const stranger = admit(asked, wantedBy(asked), tokenRow(), OPTIONS);
    expect(repositoryStep(stranger, named, secret)).toEqual({ kind: 'refused', refusal: { kind: 'repository', named, hidden: true } });
    expect(repositoryStep(stranger, named, null)).toEqual({ kind: 'refused', refusal: { kind: 'repository', named, hidden: false } });
  });

  it('points a missing repository to its new name only when the caller may see it, and a hidden one nowhere', () => {
    const stranger = admit(asked, wantedBy(asked), tokenRow(), OPTIONS);
    const moved = repoRow({ name: 'hello-again' });
    expect(renamedTarget({ kind: 'repository', named, hidden: false }, moved, stranger.token)).toEqual(moved);
    expect(renamedTarget({ kind: 'repository', named, hidden: false }, { ...moved, isPrivate: true }, stranger.token)).toBeNull();
    expect(renamedTarget({ kind: 'repository', named, hidden: true }, moved, stranger.token)).toBeNull();
    expect(renamedTarget({ kind: 'repository', named, hidden: false }, null, stranger.token)).toBeNull();
  });
});

describe('the headers every answer carries', () => {
  it('carries the security headers, CORS and the version served, in lower case', () => {
    const headers = everyAnswerHeaders(view('/api/user'));
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
      'x-github-api-version-selected': API_VERSION,
      'x-github-media-type': 'github.v3; format=json',
    });
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
  });

  it('leaves the version off when another was asked, and CORS to the preflight’s own', () => {
    const unserved = everyAnswerHeaders(view('/api/user', { 'X-GitHub-Api-Version': '2099-01-01' }));
    expect(unserved['access-control-allow-origin']).toBe('*');
    expect(unserved['x-github-api-version-selected']).toBeUndefined();
    const preflight = everyAnswerHeaders(view('/api/user', {}, 'OPTIONS'));
    expect(preflight['x-frame-options']).toBe('deny');
    expect(preflight['access-control-allow-origin']).toBeUndefined();
    expect(preflight['x-github-api-version-selected']).toBeUndefined();
  });
});
