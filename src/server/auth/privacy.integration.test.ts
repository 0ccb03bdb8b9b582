// Spec 4.1.8 and 7.2 ("403 and 404 are deliberately ambiguous so that nothing leaks about private
// resources"): on every path under /api/repos/{owner}/{repo}, with every method, a stranger's answer
// for a private repository is the answer for one that does not exist. auth.integration.test.ts shows
// it for GET on six paths; this covers every method, odd paths, bad parameters and conditionals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../../test-support/server/fuzz-property';
import { sendRaw } from '../../../test-support/server/fuzz-wire';
import { startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 1_000_000, authLimit: 1_000_000, burstLimit: 1_000_000 } });
});
afterAll(() => svc.close());

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PATHS = [
  '',
  '/',
  '/issues',
  '/issues/',
  '/issues?state=all&per_page=100',
  '/issues?since=garbage',
  '/issues?labels=,,',
  '/issues?state=%zz',
  '/issues/1',
  '/issues/5',
  '/issues/999',
  '/issues/abc',
  '/issues/1/comments',
  '/issues/1/comments?since=nope',
  '/issues/comments',
  '/issues/comments?sort=updated&direction=asc',
  '/labels',
  '/labels?page=2',
  '/pulls',
  '/issues/1/labels',
];
const CALLERS: Array<[string, Array<[string, string]>]> = [
  ['anonymous', []],
  ['a token without access', [['Authorization', `Bearer ${TOKENS.bob}`]]],
  ["the same user's other token", [['Authorization', `Bearer ${TOKENS.aliceSecond}`]]],
  ['an expired token that once had access', [['Authorization', `Bearer ${TOKENS.expired}`]]],
];
/** Extra headers per method: conditionals where they mean something, a CORS preflight for OPTIONS. */
function extrasFor(method: string): Array<Array<[string, string]>> {
  if (method === 'GET' || method === 'HEAD') {
    return [
      [],
      [['If-None-Match', '*']],
      [['If-Modified-Since', 'Fri, 31 Dec 9999 23:59:59 GMT']],
      [['X-GitHub-Api-Version', '2022-11-28'], ['Accept', 'application/vnd.github+json'], ['Origin', 'https://example.com']],
    ];
  }
  if (method === 'OPTIONS') return [[], [['Origin', 'https://example.com'], ['Access-Control-Request-Method', 'GET']]];
  return [[]];
}

async function answerFor(method: string, repo: string, suffix: string, headers: Array<[string, string]>) {
  const extra: Array<[string, string]> = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? [] : [['Content-Length', '0']];
  return sendRaw(svc.origin, { method, target: `/api/repos/${repo}${suffix}`, headers: [...headers, ...extra] }, 10_000);
}

describe('a private repository is indistinguishable from a missing one to a stranger', () => {
  for (const [who, auth] of CALLERS) {
    it(`answers ${who} identically on every path and method, conditionals included`, async () => {
      let compared = 0;
      for (const method of METHODS) {
        for (const suffix of PATHS) {
          for (const conditional of extrasFor(method)) {
            const headers = [...auth, ...conditional];
            const [hidden, missing, renamedHidden] = await Promise.all([
              answerFor(method, 'octo/secret', suffix, headers),
              answerFor(method, 'octo/nope', suffix, headers),
              answerFor(method, 'octo/hidden-old', suffix, headers),
            ]);
            const label = `${method} ${suffix} ${JSON.stringify(conditional)}`;
            expect(fingerprint(hidden), label).toBe(fingerprint(missing));
            expect(fingerprint(renamedHidden), `renamed: ${label}`).toBe(fingerprint(missing));
            expect(hidden.raw.toString('latin1'), label).not.toMatch(/Secret plan|Hidden \d|hidden-new/);
            compared += 1;
          }
        }
      }
      expect(compared).toBe(PATHS.length * METHODS.reduce((n, m) => n + extrasFor(m).length, 0));
    }, 60_000);
  }

  it('still answers the granted token with the private issues, so the comparison above can tell', async () => {
    const granted = await answerFor('GET', 'octo/secret', '/issues/1', [['Authorization', `Bearer ${TOKENS.alice}`]]);
    const missing = await answerFor('GET', 'octo/nope', '/issues/1', [['Authorization', `Bearer ${TOKENS.alice}`]]);
    expect(granted.status).toBe(200);
    expect(fingerprint(granted)).not.toBe(fingerprint(missing));
  });
});
