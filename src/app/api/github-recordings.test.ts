// @vitest-environment node
/**
 * The client against what api.github.com really answered (`@octokit/fixtures`),
 * replayed from a real HTTP server on loopback: GitHub's Link order and
 * `/repositories/{id}` page URLs, its rate-limit headers, a renamed
 * repository's 301 and a 422's body. No fetch stub: the platform's fetch talks
 * to the replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubReplay, type GithubReplay, type RecordedExchange } from '../../../e2e/support/github-replay';
import { createApiClient } from './api-client';
import { NotFoundError, ValidationError } from './api-errors';
import type { ApiClient, ApiResponse, PageLinks, RateLimitSnapshot } from './api-types';
import { createMemoryEtagStore } from './etag-store';

const NOW_MS = 1_700_000_000_000;
const MS_PER_SECOND = 1000;

interface RecordedIssue {
  number: number;
  title: string;
}

function header(exchange: RecordedExchange, name: string): string | null {
  const values = exchange.rawHeaders.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
  return values.length === 0 ? null : values.join(', ');
}

function recorded(replay: GithubReplay, method: string, pathPattern: RegExp, status?: number): RecordedExchange[] {
  return replay.exchanges.filter((e) => e.method === method && pathPattern.test(e.path) && (status === undefined || e.status === status));
}

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** The path of a recorded request, where the replay answers it. */
function onReplay(replay: GithubReplay, path: string): string {
  return `${replay.origin}${path}`;
}

function clientFor(replay: GithubReplay, snapshots: RateLimitSnapshot[] = []): ApiClient {
  return createApiClient({
    baseUrl: replay.origin,
    token: null,
    etagStore: createMemoryEtagStore(),
    now: () => NOW_MS,
    onRateLimit: (snapshot) => snapshots.push(snapshot),
  });
}

function issuesOf(body: unknown): RecordedIssue[] {
  return (body as RecordedIssue[]).map(({ number, title }) => ({ number, title }));
}

describe('paginate-issues: a list GitHub splits over five pages of three', () => {
  let replay: GithubReplay;
  let pages: RecordedExchange[];
  let firstPath: string;

  beforeAll(async () => {
    replay = await startGithubReplay(['paginate-issues']);
    pages = recorded(replay, 'GET', /\/issues\?/);
    firstPath = pages[0]!.path;
  });

  afterAll(async () => {
    await replay.close();
  });

  it('the recording is what these tests assume: one list request under /repos, then /repositories/{id} pages', () => {
    expect(pages).toHaveLength(5);
    expect(firstPath).toMatch(/^\/repos\/octokit-fixture-org\/[^/]+\/issues\?per_page=3$/);
    expect(pages.slice(1).map((p) => p.path)).toEqual([2, 3, 4, 5].map((n) => `/repositories/515435940/issues?per_page=3&page=${n}`));
  });

  it('following links.next from the first page yields every recorded issue exactly once, in order', async () => {
    const client = clientFor(replay);
    const seen: RecordedIssue[] = [];
    const requested: string[] = [];
    let next: string | undefined = firstPath;
    while (next !== undefined) {
      requested.push(next);
      const response: ApiResponse<RecordedIssue[]> = await client.get<RecordedIssue[]>(next);
      expect(response.status).toBe(200);
      seen.push(...issuesOf(response.data));
      next = response.links.next;
    }

    expect(requested).toHaveLength(5);
    expect(seen).toEqual(pages.flatMap((p) => issuesOf(p.body)));
    // The thirteen issues the scenario created, newest first, none repeated or skipped.
    const created = recorded(replay, 'POST', /\/issues$/, 201).map((e) => (e.body as RecordedIssue).number);
    expect(created).toHaveLength(13);
    expect(seen.map((i) => i.number)).toEqual([...created].reverse());
  });

  it('Link rels are read whatever order GitHub sends them in (prev, next, last, first), as /repositories/{id} URLs', async () => {
    const client = clientFor(replay);
    const rels = (exchange: RecordedExchange): string[] => [...(header(exchange, 'link') ?? '').matchAll(/rel="(\w+)"/g)].map((m) => m[1]!);
    expect(rels(pages[0]!)).toEqual(['next', 'last']);
    expect(rels(pages[1]!)).toEqual(['prev', 'next', 'last', 'first']);
    expect(rels(pages[4]!)).toEqual(['prev', 'first']);

    const page = (n: number): string => onReplay(replay, `/repositories/515435940/issues?per_page=3&page=${n}`);
    const first = await client.get(firstPath);
    expect(first.links).toEqual<PageLinks>({ next: page(2), last: page(5) });
    const second = await client.get(first.links.next!);
    expect(second.url).toBe(page(2));
    expect(second.links).toEqual<PageLinks>({ prev: page(1), next: page(3), last: page(5), first: page(1) });
    const last = await client.get(first.links.last!);
    expect(last.links).toEqual<PageLinks>({ prev: page(4), first: page(1) });
    // Paging by /repositories/{id} is not a move: the client followed a Link, nothing redirected it.
    expect([first.movedTo, second.movedTo, last.movedTo]).toEqual([null, null, null]);
  });

  it("the rate-limit snapshot holds exactly the values of GitHub's X-RateLimit-* headers", async () => {
    const snapshots: RateLimitSnapshot[] = [];
    const client = clientFor(replay, snapshots);
    const response = await client.get(firstPath);
    const raw = pages[0]!;
    // GitHub spells them X-RateLimit-*, in capitals; fetch's Headers read them case-blind.
    expect(raw.rawHeaders.map(([name]) => name)).toContain('X-RateLimit-Remaining');
    const expected: RateLimitSnapshot = {
      limit: Number(header(raw, 'x-ratelimit-limit')),
      remaining: Number(header(raw, 'x-ratelimit-remaining')),
      used: Number(header(raw, 'x-ratelimit-used')),
      resetAt: Number(header(raw, 'x-ratelimit-reset')) * MS_PER_SECOND,
      resource: header(raw, 'x-ratelimit-resource')!,
      observedAt: NOW_MS,
    };
    expect(expected).toEqual({ limit: 5000, remaining: 4922, used: 78, resetAt: 1_658_208_999_000, resource: 'core', observedAt: NOW_MS });
    expect(response.rateLimit).toEqual(expected);
    expect(snapshots).toEqual([expected]);
  });

  it("GitHub's quoted strong ETag is sent back as If-None-Match on the next visit", async () => {
    const client = clientFor(replay);
    const before = replay.received.length;
    await client.get(firstPath);
    // The recording has no 304, so the replay answers the page in full again.
    const again = await client.get(firstPath);
    expect(again.status).toBe(200);
    const etag = header(pages[0]!, 'etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const sent = replay.received.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${firstPath}`, `GET ${firstPath}`]);
    expect(sent.map((r) => r.headers['if-none-match'])).toEqual([undefined, etag]);
  });
});

describe('rename-repository: a renamed repository answers 301 to its old name', () => {
  let replay: GithubReplay;
  let moved: RecordedExchange;

  beforeAll(async () => {
    replay = await startGithubReplay(['rename-repository']);
    moved = only(recorded(replay, 'GET', /^\/repos\//, 301));
  });

  afterAll(async () => {
    await replay.close();
  });

  it("the 301 carries GitHub's message, the new /repositories/{id} url and the documentation_url", async () => {
    expect(moved.body).toEqual({
      message: 'Moved Permanently',
      url: 'https://api.github.com/repositories/515436299',
      documentation_url: 'https://docs.github.com/v3/#http-redirects',
    });
    expect(header(moved, 'location')).toBe('https://api.github.com/repositories/515436299');

    // As the replay serves it: same body, URLs on loopback.
    const answer = await fetch(onReplay(replay, moved.path), { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(onReplay(replay, '/repositories/515436299'));
    expect(await answer.json()).toEqual({ ...(moved.body as object), url: onReplay(replay, '/repositories/515436299') });
  });

  it('the client follows the 301 and reports the new owner/name, read from the body since /repositories/{id} names none', async () => {
    const client = clientFor(replay);
    const oldName = /^\/repos\/([^/]+\/[^/]+)$/.exec(moved.path)![1]!;
    const response = await client.get<{ full_name: string }>(moved.path);
    expect(response.status).toBe(200);
    expect(response.url).toBe(onReplay(replay, '/repositories/515436299'));
    expect(response.data.full_name).toBe(`${oldName}-newname`);
    expect(response.movedTo).toBe(`${oldName}-newname`);
    expect(response.rateLimit?.remaining).toBe(4874);
  });
});

describe('errors: what GitHub answers to an invalid request', () => {
  let replay: GithubReplay;
  let invalid: RecordedExchange;

  beforeAll(async () => {
    const errors = await startGithubReplay(['errors']);
    invalid = only(recorded(errors, 'POST', /\/labels$/, 422));
    await errors.close();
    // The client only reads (GET); GitHub's 422 was recorded for a POST, so the
    // same answer is replayed for a GET of that path.
    replay = await startGithubReplay([{ ...invalid, method: 'GET' }]);
  });

  afterAll(async () => {
    await replay.close();
  });

  it('a 422 is a ValidationError with GitHub message, errors array and documentation_url', async () => {
    const client = clientFor(replay);
    const error: unknown = await client.get(invalid.path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const validation = error as ValidationError;
    const body = invalid.body as { message: string; errors: unknown[]; documentation_url: string };
    expect(body.errors).toEqual([{ resource: 'Label', code: 'invalid', field: 'color' }]);
    expect(validation.status).toBe(422);
    expect(validation.message).toBe(body.message);
    expect(validation.errors).toEqual(body.errors);
    expect(validation.fields).toEqual(['color']);
    expect(validation.documentationUrl).toBe(body.documentation_url);
    expect(validation.rateLimit?.remaining).toBe(Number(header(invalid, 'x-ratelimit-remaining')));
  });

  it('a path GitHub was never asked is a NotFoundError (the replay answers 404 like GitHub)', async () => {
    const client = clientFor(replay);
    await expect(client.get('/repos/octokit-fixture-org/never-recorded')).rejects.toBeInstanceOf(NotFoundError);
  });
});

// None of paginate-issues, rename-repository and errors recorded a 404 or a 401;
// branch-protection recorded GitHub's 404 for a GET.
describe("branch-protection: GitHub's recorded 404", () => {
  let replay: GithubReplay;
  let missing: RecordedExchange;

  beforeAll(async () => {
    const scenario = await startGithubReplay(['branch-protection']);
    missing = only(recorded(scenario, 'GET', /\/protection$/, 404));
    await scenario.close();
    replay = await startGithubReplay([missing]);
  });

  afterAll(async () => {
    await replay.close();
  });

  it("a 404 is a NotFoundError carrying GitHub's own message and documentation_url", async () => {
    const client = clientFor(replay);
    const error: unknown = await client.get(missing.path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const body = missing.body as { message: string; documentation_url: string };
    expect((error as NotFoundError).message).toBe(body.message);
    expect((error as NotFoundError).documentationUrl).toBe(body.documentation_url);
  });
});
