import { describe, expect, it } from 'vitest';
import { MirrorError, parseLinkHeader, SourceClient, type WaitReason } from './source-client';

describe('parseLinkHeader', () => {
  it("reads GitHub's Link header, whatever the order of rels", () => {
    const link =
      '<https://api.github.com/repositories/1/issues?per_page=3&page=1>; rel="prev", <https://api.github.com/repositories/1/issues?per_page=3&page=3>; rel="next", ' +
      '<https://api.github.com/repositories/1/issues?per_page=3&page=5>; rel="last", <https://api.github.com/repositories/1/issues?per_page=3&page=1>; rel="first"';
    const rels = parseLinkHeader(link);
    expect([...rels.keys()]).toEqual(['prev', 'next', 'last', 'first']);
    expect(rels.get('next')).toBe('https://api.github.com/repositories/1/issues?per_page=3&page=3');
  });

  it('reads unquoted and multi-valued rels, and nothing from nothing', () => {
    expect(parseLinkHeader('<https://h/a?page=2>; rel=next').get('next')).toBe('https://h/a?page=2');
    expect(parseLinkHeader('<https://h/a?page=2>; title="x"; rel="next last"').get('last')).toBe('https://h/a?page=2');
    expect(parseLinkHeader(null).size).toBe(0);
  });
});

/** A source scripted answer by answer, and a clock that moves only when the client sleeps. */
function scripted(answers: Array<() => Response>) {
  let clock = 1_000_000;
  const asked: Array<Record<string, string>> = [];
  const waits: Array<{ reason: WaitReason; seconds: number }> = [];
  const client = new SourceClient(new URL('https://source.example/api'), 'secret-token', {
    fetch: (async (_url: string, init?: RequestInit) => {
      asked.push({ ...(init?.headers as Record<string, string>) });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    }) as typeof fetch,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
    retryBaseMs: 100,
    events: { waiting: (reason, seconds) => waits.push({ reason, seconds }) },
  });
  return { client, asked, waits, clockMs: () => clock };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('SourceClient', () => {
  it('waits until x-ratelimit-reset before asking with no credit left, instead of earning a 403', async () => {
    const reset = 1_000_000 / 1000 + 30;
    const { client, asked, waits, clockMs } = scripted([
      json(200, [], { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) }),
      json(200, [], { 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': String(reset + 3600) }),
    ]);
    await client.get('https://source.example/api/a');
    await client.get('https://source.example/api/b');
    expect(asked).toHaveLength(2);
    expect(waits).toEqual([{ reason: 'primary rate limit', seconds: 31 }]);
    expect(clockMs()).toBeGreaterThanOrEqual(reset * 1000);
  });

  it('retries a server error with growing pauses, then gives up with a message', async () => {
    const { client, waits } = scripted([json(502, {}), json(503, {}), json(500, {}), json(500, { message: 'Server Error' })]);
    await expect(client.get('https://source.example/api/a')).rejects.toThrow(new MirrorError('500 from https://source.example/api/a: Server Error'));
    expect(waits.map((w) => w.reason)).toEqual(['server error', 'server error', 'server error']);
  });

  it('asks again after a dropped connection', async () => {
    const { client, waits } = scripted([
      () => {
        throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      },
      json(200, [1]),
    ]);
    expect((await client.get('https://source.example/api/a')).body).toEqual([1]);
    expect(waits).toEqual([{ reason: 'network error', seconds: 1 }]);
  });

  it('falls back to a minute for a secondary limit that names no Retry-After, as GitHub advises', async () => {
    const { client, waits } = scripted([
      json(403, { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' }, { 'x-ratelimit-remaining': '4000' }),
      json(200, []),
    ]);
    expect((await client.get('https://source.example/api/a')).status).toBe(200);
    expect(waits).toEqual([{ reason: 'secondary rate limit', seconds: 60 }]);
  });

  it('sends the token as a Bearer header and If-None-Match only when given an ETag', async () => {
    const { client, asked } = scripted([json(200, []), () => new Response(null, { status: 304, headers: { ETag: 'W/"a"' } })]);
    await client.get('https://source.example/api/a');
    const page = await client.get('https://source.example/api/a', 'W/"a"');
    expect(page.status).toBe(304);
    expect(asked[0]).toMatchObject({ Authorization: 'Bearer secret-token', 'X-GitHub-Api-Version': '2022-11-28' });
    expect(asked[0]).not.toHaveProperty('If-None-Match');
    expect(asked[1]).toMatchObject({ 'If-None-Match': 'W/"a"' });
    expect(client.counts).toEqual({ charged: 1, notModified: 1 });
  });

  it('refuses to ask another origin at all', async () => {
    const { client, asked } = scripted([]);
    await expect(client.get('https://elsewhere.example/api/a')).rejects.toThrow('the mirror only talks to https://source.example');
    expect(asked).toEqual([]);
  });
});
