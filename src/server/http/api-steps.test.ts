import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../../shared/api-constants';
import { hashToken } from '../auth/tokens';
import { DEFAULT_RATE_LIMITS, limitsOf, RateLimiter, type RateSnapshot, type TakeResult } from '../limits/rate-limiter';
import type { RepoRecord, TokenRecord } from '../store/records';
import { answerHeadersFor, answerHeadersOf } from './answer-headers';
import { admit, newApiRequest, renamedTarget, repositoryStep, runApiSteps, verdictOf, wantedBy, type ApiRequest, type ApiRequestView, type StepRows } from './api-steps';

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

describe('the steps in their one order (runApiSteps)', () => {
  const LIMITS = { ...DEFAULT_RATE_LIMITS, unauthLimit: 2 };

  /** Rows from a few records, counting the repository lookups; `wait` makes every lookup a promise, as the store's are. */
  function rowsOf(records: { token?: TokenRecord; repos?: RepoRecord[]; renamed?: RepoRecord }, wait = false): StepRows & { repoLookups: () => number } {
    let repoLookups = 0;
    const answer = <T>(value: T): T | Promise<T> => (wait ? Promise.resolve(value) : value);
    return {
      token: (hash) => answer(records.token?.hash === hash ? records.token : null),
      repo: (owner, name) => {
        repoLookups += 1;
        return answer(records.repos?.find((r) => r.owner === owner && r.name === name) ?? null);
      },
      renamed: () => answer(records.renamed ?? null),
      repoLookups: () => repoLookups,
    };
  }

  function setup() {
    const core = new RateLimiter(LIMITS, () => NOW_MS);
    const deps = { ...OPTIONS, limiters: { core, search: new RateLimiter(limitsOf(LIMITS, 'search'), () => NOW_MS, [], 'search') }, userIdOf: async () => 4242 };
    return { core, deps };
  }

  function requestFor(path: string, headers: Record<string, string> = {}): ApiRequest {
    const asked = view(path, headers);
    return newApiRequest(asked, `http://issues.test${path}`, answerHeadersOf(asked));
  }

  /** The answer's headers as the client gets them. */
  function sent(request: ApiRequest, answer: { status: number; headers: Record<string, string> }): Record<string, string> {
    return answerHeadersFor(request.headers, answer.status, answer.headers);
  }

  it('goes through to the route synchronously when the rows are at hand and the counters in this process', () => {
    const { deps } = setup();
    const request = requestFor('/api/repos/octo/hello/issues', { Authorization: `Bearer ${SECRET}` });
    const outcome = runApiSteps(request, rowsOf({ token: tokenRow(), repos: [repoRow()] }), deps);
    expect(outcome).toBeNull();
    expect(request.admission?.caller).toEqual({ kind: 'user', login: 'alice' });
    expect(request.repo).toEqual(repoRow());
    expect(answerHeadersFor(request.headers, 200, {})['x-ratelimit-used']).toBe('1');
  });

  it('waits only where a row does, to the same end', async () => {
    const { deps } = setup();
    const request = requestFor('/api/repos/octo/hello/issues', { Authorization: `Bearer ${SECRET}` });
    const outcome = runApiSteps(request, rowsOf({ token: tokenRow(), repos: [repoRow()] }, true), deps);
    expect(outcome).toBeInstanceOf(Promise);
    expect(await outcome).toBeNull();
    expect(request.repo).toEqual(repoRow());
  });

  it('answers bad credentials 401 before looking for the repository, having spent the address’s credit', async () => {
    const { deps } = setup();
    const request = requestFor('/api/repos/octo/nothing/issues', { Authorization: 'Bearer isc_pat_unknown' });
    const rows = rowsOf({ repos: [] }, true);
    const answer = await runApiSteps(request, rows, deps);
    expect(answer?.status).toBe(401);
    expect(rows.repoLookups()).toBe(0);
    expect(sent(request, answer!)).toMatchObject({ 'x-ratelimit-used': '1', 'content-type': 'application/json; charset=utf-8' });
  });

  it('answers a missing repository 404 once its credit is spent, and says so', () => {
    const { deps } = setup();
    const request = requestFor('/api/repos/octo/nothing/issues');
    const answer = runApiSteps(request, rowsOf({ repos: [] }), deps);
    expect(answer).toMatchObject({ status: 404 });
    expect(sent(request, answer as { status: number; headers: Record<string, string> })).toMatchObject({ 'x-ratelimit-used': '1', 'x-ratelimit-remaining': '1' });
  });

  it('answers an exhausted caller 403 before looking for the repository', async () => {
    const { deps } = setup();
    const rows = rowsOf({ repos: [repoRow()] });
    for (let i = 0; i < LIMITS.unauthLimit; i++) expect(runApiSteps(requestFor('/api/repos/octo/hello/issues'), rows, deps)).toBeNull();
    const request = requestFor('/api/repos/octo/hello/issues');
    const before = rows.repoLookups();
    const answer = await runApiSteps(request, rows, deps);
    expect(answer?.status).toBe(403);
    expect(String(answer?.body)).toContain('API rate limit exceeded for 10.0.0.7.');
    expect(rows.repoLookups()).toBe(before);
    expect(sent(request, answer!)).toMatchObject({ 'x-ratelimit-remaining': '0' });
  });

  it('points a renamed repository’s 301 at the same path and query under its new name', async () => {
    const { deps } = setup();
    const request = requestFor('/api/repos/octo/old-name/issues/3?per_page=5');
    const answer = await runApiSteps(request, rowsOf({ repos: [], renamed: repoRow({ name: 'new-name' }) }, true), deps);
    expect(answer).toMatchObject({ status: 301, headers: { Location: 'http://issues.test/api/repos/octo/new-name/issues/3?per_page=5' } });
  });
});
