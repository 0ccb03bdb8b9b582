// Headers and small habits a client can notice, compared with what api.github.com actually sent
// (Octokit's recordings, @octokit/fixtures) and with the documentation GitHub's description links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommandStorage } from '../store/open-storage';
import { githubOperations } from '../../../test-support/server/github-openapi';
import { recordedHeader, recordedScenario, type RecordedExchange } from '../../../test-support/server/github-recordings';
import { importRichRepositories, RECORDED_REPO } from '../../../test-support/server/rich-repository';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
  const store = await openCommandStorage(svc.dbFile);
  await importRichRepositories(store, Date.now());
  await store.close();
});
afterAll(() => svc.close());

/** GitHub's recorded walk of 13 issues, 3 per page, with a token (2022). */
const recordedWalk: RecordedExchange[] = recordedScenario('paginate-issues').filter((e) => e.method === 'GET' && e.status === 200);
const recordedList = recordedWalk[0]!;
const recordedMove = recordedScenario('rename-repository').find((e) => e.status === 301)!;

/** What this service exposes beyond GitHub's list, on purpose (docs/api.md: Differences from GitHub). */
const OUR_EXTRA_EXPOSED = ['Last-Modified', 'X-GitHub-Api-Version-Selected'];

function rels(link: string | null): Array<[rel: string, page: string | null]> {
  return [...(link ?? '').matchAll(/<([^>]+)>;\s*rel="([^"]+)"/g)].map((m) => [m[2]!, new URL(m[1]!).searchParams.get('page')]);
}

const LIST = () => `${svc.api}/repos/${RECORDED_REPO.owner}/${RECORDED_REPO.name}/issues?per_page=3`;

describe("api.github.com's headers, as recorded", () => {
  it('sends the same Cache-Control, Vary, Content-Type, media type, CORS and security headers on an authenticated list', async () => {
    expect(recordedList.requestHeaders.authorization).toMatch(/^token /);
    const res = await fetch(LIST(), { headers: auth(TOKENS.bob) });
    expect(res.status).toBe(200);
    for (const name of [
      'Cache-Control',
      'Vary',
      'Content-Type',
      'X-GitHub-Media-Type',
      'Access-Control-Allow-Origin',
      'X-Frame-Options',
      'X-Content-Type-Options',
      'X-XSS-Protection',
      'Referrer-Policy',
      'Content-Security-Policy',
    ]) {
      expect(res.headers.get(name), name).toBe(recordedHeader(recordedList, name));
    }
    expect(res.headers.get('cache-control')).toBe('private, max-age=60, s-maxage=60');
  });

  it('exposes to browsers the full list api.github.com exposes, in its order, then our two additions', async () => {
    const github = recordedHeader(recordedList, 'Access-Control-Expose-Headers')!.split(', ');
    expect(github).toHaveLength(18);
    for (const headers of [{}, { Origin: 'https://elsewhere.example' }, auth(TOKENS.bob)]) {
      for (const url of [LIST(), `${svc.api}/repos/octo/nope/issues`]) {
        const res = await fetch(url, { headers });
        expect(res.headers.get('access-control-allow-origin'), url).toBe('*');
        expect(res.headers.get('access-control-expose-headers')?.split(/,\s*/)).toEqual([...github, ...OUR_EXTRA_EXPOSED]);
      }
    }
  });

  it('carries x-ratelimit-used and x-ratelimit-resource beside limit, remaining and reset on every answer', async () => {
    for (const exchange of [recordedList, recordedMove]) {
      for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-RateLimit-Used', 'X-RateLimit-Resource']) {
        expect(recordedHeader(exchange, name), `GitHub's ${exchange.status}`).not.toBeNull();
      }
    }
    const first = await fetch(LIST(), { headers: auth(TOKENS.bob) });
    const answers = [
      first,
      await fetch(LIST(), { headers: { ...auth(TOKENS.bob), 'If-None-Match': first.headers.get('etag')! } }),
      await fetch(`${svc.api}/repos/octo/old-name/issues`, { redirect: 'manual' }),
      await fetch(`${svc.api}/repos/octo/nope/issues`),
      await fetch(`${svc.api}/repos/octo/hello/issues?since=never`),
      await fetch(LIST(), { headers: auth('isc_pat_wrong_00000000000000000000') }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 304, 301, 404, 422, 401]);
    for (const res of answers) {
      const used = Number(res.headers.get('x-ratelimit-used'));
      const limit = Number(res.headers.get('x-ratelimit-limit'));
      expect(used + Number(res.headers.get('x-ratelimit-remaining')), `${res.status}`).toBe(limit);
      expect(res.headers.get('x-ratelimit-resource')).toBe(recordedHeader(recordedList, 'X-RateLimit-Resource'));
    }
  });

  it('sends no Cache-Control on an error, as api.github.com does not', async () => {
    expect(recordedHeader(recordedMove, 'Cache-Control')).toBeNull();
    for (const url of [`${svc.api}/repos/octo/old-name/issues`, `${svc.api}/repos/octo/nope/issues`, `${svc.api}/repos/octo/hello/issues?since=never`]) {
      const res = await fetch(url, { headers: auth(TOKENS.bob), redirect: 'manual' });
      expect(res.status, url).toBeGreaterThanOrEqual(300);
      expect(res.headers.get('cache-control'), url).toBeNull();
    }
  });
});

describe("api.github.com's pagination, as recorded", () => {
  it('puts the same issues on the same pages, with Link rels in the same order and pointing at the same pages', async () => {
    const ours: Array<{ numbers: number[]; rels: Array<[string, string | null]> }> = [];
    let url: string | undefined = LIST();
    while (url) {
      const res: Response = await fetch(url, { headers: auth(TOKENS.bob) });
      const body = (await res.json()) as Array<{ number: number }>;
      ours.push({ numbers: body.map((i) => i.number), rels: rels(res.headers.get('link')) });
      url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    }
    const github = recordedWalk.map((e) => ({ numbers: (e.body as Array<{ number: number }>).map((i) => i.number), rels: rels(recordedHeader(e, 'Link')) }));
    expect(github.map((p) => p.rels.map(([rel]) => rel))).toEqual([
      ['next', 'last'],
      ['prev', 'next', 'last', 'first'],
      ['prev', 'next', 'last', 'first'],
      ['prev', 'next', 'last', 'first'],
      ['prev', 'first'],
    ]);
    expect(ours).toEqual(github);
  });

  it("keeps a 301's body as api.github.com words it, adding only the status the spec asks for", async () => {
    const res = await fetch(`${svc.api}/repos/octo/old-name`, { redirect: 'manual' });
    expect(res.status).toBe(recordedMove.status);
    const body = (await res.json()) as Record<string, unknown>;
    const github = recordedMove.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...Object.keys(github), 'status'].sort());
    expect(body.message).toBe(github.message);
    expect(body.url).toBe(res.headers.get('location'));
  });
});

describe("error bodies name GitHub's documentation", () => {
  const ops = githubOperations('issues/list-for-repo', 'issues/get', 'issues/list-comments', 'issues/list-comments-for-repo', 'issues/list-labels-for-repo', 'repos/get');

  it("links each endpoint's 404 and 422 to the page GitHub's description gives that operation", async () => {
    const cases: Array<[path: string, op: keyof typeof ops]> = [
      ['/repos/octo/nope/issues', 'issues/list-for-repo'],
      ['/repos/octo/hello/issues?since=never', 'issues/list-for-repo'],
      ['/repos/octo/nope/issues/1', 'issues/get'],
      ['/repos/octo/hello/issues/99999', 'issues/get'],
      ['/repos/octo/nope/issues/1/comments', 'issues/list-comments'],
      ['/repos/octo/nope/issues/comments', 'issues/list-comments-for-repo'],
      ['/repos/octo/hello/issues/comments?since=never', 'issues/list-comments-for-repo'],
      ['/repos/octo/nope/labels', 'issues/list-labels-for-repo'],
      ['/repos/octo/nope', 'repos/get'],
    ];
    for (const [path, op] of cases) {
      const body = (await (await fetch(`${svc.api}${path}`)).json()) as { documentation_url: string };
      expect(ops[op].documentationUrl).toMatch(/^https:\/\/docs\.github\.com\/rest\//);
      expect(body.documentation_url, path).toBe(ops[op].documentationUrl);
    }
  });

  it('answers a bad token with the body api.github.com sends', async () => {
    const res = await fetch(LIST(), { headers: auth('isc_pat_wrong_00000000000000000000') });
    expect(await res.json()).toEqual({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
  });
});
