// GET /search/issues end to end, on SQLite and on PostgreSQL (the `server-postgres` project runs this
// file again): where a search looks (several repo:, user:, org:), what it refuses as GitHub does
// (what the caller cannot see, qualifiers over data the service does not keep, too many operators,
// too long a text), comma lists, author:app/NAME and search_type (issue 45).
import { describe, expect, it } from 'vitest';
import { SEARCH_NOT_VISIBLE } from '../http/error-bodies';
import { serveSearchRepositories, sorted, type Result } from '../../../test-support/server/search-fixture';
import { auth, makeIssues, TOKENS } from '../../../test-support/server/test-service';

/** `search/bots`: one issue by an app's bot account, one by a person. `vault/keys`: the only repository of `vault`, private. */
const { search, searchUrl } = serveSearchRepositories(async (store, nowMs) => {
  const [byBot, byPerson] = makeIssues(2, 'Bots');
  await store.importIssues({ owner: 'search', name: 'bots', makePrivate: false }, [{ ...byBot!, user: { login: 'renovate[bot]' } }, { ...byPerson!, user: { login: 'renovate' } }], [], nowMs);
  await store.importIssues({ owner: 'vault', name: 'keys', makePrivate: true }, makeIssues(2, 'Vault'), [], nowMs);
});

async function answer(q: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<{ status: number; text: string; body: Record<string, unknown> }> {
  const res = await fetch(searchUrl(q, extra), { headers });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

async function total(q: string, headers: Record<string, string> = {}): Promise<number> {
  return (await search(q, {}, headers)).body.total_count;
}

/** The repositories of the items `q` finds, as owner/name. */
async function reposOf(q: string, headers: Record<string, string> = {}): Promise<Set<string>> {
  const { body } = await search(q, { per_page: '100' }, headers);
  return new Set(body.items.map((i) => new URL(i.repository_url).pathname.replace('/api/repos/', '')));
}

async function lab(q: string): Promise<number[]> {
  const { body } = await search(`repo:search/lab ${q}`, { per_page: '100' });
  return sorted(body.items.map((i) => i.number));
}

const refusedAsInvisible = { message: 'Validation Failed', errors: [{ message: SEARCH_NOT_VISIBLE, resource: 'Search', field: 'q', code: 'invalid' }] };

describe('GET /search/issues: several repo:, user: and org: are one search over all of them', () => {
  it('finds in every repository several repo: name, as the sum of each alone', async () => {
    const both = await total('repo:search/lab repo:octo/hello label:docs');
    expect(both).toBeGreaterThan(0);
    expect(both).toBe((await total('repo:search/lab label:docs')) + (await total('repo:octo/hello label:docs')));
    expect(await reposOf('repo:search/lab repo:octo/hello label:docs')).toEqual(new Set(['search/lab', 'octo/hello']));
    expect(await total('repo:search/lab,octo/hello label:docs')).toBe(both);
  });

  it('finds in every account several user: and org: name, and in repositories repo: adds', async () => {
    const octo = await total('user:octo is:open');
    const searchAccount = await total('org:search is:open');
    expect(await total('user:octo org:search is:open')).toBe(octo + searchAccount);
    expect(await reposOf('org:octo repo:search/lab label:docs')).toEqual(new Set(['octo/hello', 'octo/new-name', 'search/lab']));
  });

  it('reads a negated repo: as leaving that repository out', async () => {
    expect(await reposOf('user:search -repo:search/bulk -repo:search/bots')).toEqual(new Set(['search/lab']));
  });

  it('refuses repo:, org: and user: inside parentheses, as GitHub does', async () => {
    const refused = await answer('(repo:search/lab OR label:bug)', { advanced_search: 'true' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.errors)).toContain('repo: cannot be used inside parentheses');
  });
});

describe('GET /search/issues: what the caller cannot see', () => {
  it('answers several repositories from those the caller can see, the same whether the others are private or missing', async () => {
    const alone = await answer('repo:search/lab crash');
    const withPrivate = await answer('repo:search/lab repo:octo/secret crash');
    const withMissing = await answer('repo:search/lab repo:octo/nope crash');
    expect(withPrivate.status).toBe(200);
    expect(withPrivate.text).toBe(alone.text);
    expect(withMissing.text).toBe(alone.text);
    expect(await reposOf('repo:search/lab repo:octo/secret plan', auth(TOKENS.alice))).toEqual(new Set(['octo/secret']));
    expect((await answer('repo:search/lab,octo/secret crash')).text).toBe(alone.text);
  });

  it('answers an account from the repositories of it the caller can see', async () => {
    expect(await reposOf('user:octo is:open')).toEqual(new Set(['octo/hello', 'octo/new-name']));
    expect(await reposOf('user:octo "secret plan"', auth(TOKENS.alice))).toEqual(new Set(['octo/secret']));
    expect(await total('user:nobody user:search')).toBe(await total('user:search'));
  });

  it('refuses a user: or org: naming nobody, or only what the caller cannot see, as repo: is refused, with the same bytes', async () => {
    const bodies = new Set<string>();
    for (const [q, headers] of [
      ['user:nobody', {}],
      ['org:nobody label:bug', {}],
      ['user:vault', {}],
      ['user:vault', auth(TOKENS.alice)],
      ['repo:octo/secret repo:octo/nope', {}],
      ['repo:octo/secret org:vault', auth(TOKENS.bob)],
      ['repo:octo/secret', {}],
    ] as const) {
      const refused = await answer(q, {}, headers);
      expect(refused.status, q).toBe(422);
      bodies.add(refused.text);
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toMatchObject(refusedAsInvisible);
  });

  it('still refuses a single private repository named only to leave it out', async () => {
    expect((await answer('-repo:octo/secret crash')).status).toBe(422);
  });
});

describe('GET /search/issues: lists and names', () => {
  it.each([
    ['label:"good first issue",docs', [1, 5]],
    ['label:"enhancement","docs"', [2, 5]],
    ['label:docs,"good first issue"', [1, 5]],
    ['label:bug,"good first issue" -label:"enhancement","docs"', [1, 3, 4]],
  ])('reads the comma list %s as any of its labels: %j', async (q, expected) => {
    expect(await lab(q)).toEqual(expected);
  });

  it('reads several involves: as any of those people, as GitHub documents', async () => {
    expect(await lab('involves:carol')).toEqual([1, 3]);
    expect(await lab('involves:dave')).toEqual([1, 4]);
    expect(await lab('involves:carol involves:dave')).toEqual([1, 3, 4]);
  });

  it("finds what an app's bot wrote with author:app/NAME, and the rest with -author:app/NAME", async () => {
    expect(await lab('author:app/renovate')).toEqual([]);
    const bots = async (q: string) => (await search(`repo:search/bots ${q}`)).body.items.map((i) => i.number);
    expect(await bots('author:app/renovate')).toEqual([1]);
    expect(await bots('-author:app/renovate')).toEqual([2]);
    expect(await bots('author:renovate')).toEqual([2]);
  });
});

describe('GET /search/issues: qualifiers over data the service does not keep', () => {
  it.each(['language:go', 'team:octo/owners', 'project:octo/1', 'linked:pr', 'status:success', 'head:fix', 'base:main', 'review:approved', 'reviewed-by:alice', 'review-requested:bob'])(
    '%s is a 422 naming the qualifier, not an empty list',
    async (q) => {
      const refused = await answer(`repo:search/lab ${q}`);
      expect(refused.status).toBe(422);
      const name = q.slice(0, q.indexOf(':'));
      expect(refused.body.errors).toEqual([{ message: expect.stringMatching(new RegExp(`^${name}: is not supported by this service`)) as unknown, resource: 'Search', field: 'q', code: 'invalid' }]);
    },
  );

  it('answers archived: truthfully: no repository here is archived', async () => {
    expect(await lab('archived:false')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await lab('archived:true')).toEqual([]);
    expect(await lab('-archived:true is:pr')).toEqual([4, 5]);
  });
});

describe("GET /search/issues: GitHub's limits on a query", () => {
  it('refuses more than five AND, OR and NOT operators', async () => {
    expect((await answer('repo:search/lab crash OR guide OR slow OR dark OR installer OR nightly', { advanced_search: 'true' })).status).toBe(200);
    const refused = await answer('repo:search/lab crash OR guide OR slow OR dark OR installer OR nightly OR windows', { advanced_search: 'true' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ message: 'Validation Failed', errors: [{ message: 'a search may use at most 5 AND, OR and NOT operators', field: 'q', code: 'invalid' }] });
  });

  it('counts 256 characters of the query without its qualifiers and operators, spaces between words included', async () => {
    const words = (n: number) => Array.from({ length: n }, () => 'x').join(' ');
    expect((await answer(`repo:search/lab label:${'y'.repeat(300)} ${words(128)}`)).status).toBe(200);
    const refused = await answer(`repo:search/lab ${words(129)}`);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.errors)).toContain('at most 256 characters');
  });
});

describe('GET /search/issues: search_type', () => {
  it('answers semantic and hybrid lexically, saying why, and only with a token', async () => {
    const cases: Array<[string, string, string[]]> = [
      ['repo:search/lab crash', 'semantic', ['service_unavailable']],
      ['repo:search/lab crash', 'hybrid', ['service_unavailable']],
      ['repo:search/lab "crash on startup"', 'semantic', ['quoted_text']],
      ['repo:search/lab is:open', 'hybrid', ['no_text_terms']],
    ];
    for (const [q, searchType, reasons] of cases) {
      const lexical = (await search(q, {}, auth(TOKENS.bob))).body;
      const { body } = await search(q, { search_type: searchType }, auth(TOKENS.bob));
      expect(body).toMatchObject({ search_type: 'lexical', lexical_fallback_reason: reasons, total_count: lexical.total_count });
      expect((body as Result & { items: unknown[] }).items).toEqual(lexical.items);
    }
    const or = await search('repo:search/lab crash OR guide', { search_type: 'semantic', advanced_search: 'true' }, auth(TOKENS.bob));
    expect(or.body).toMatchObject({ lexical_fallback_reason: ['or_boolean_not_supported'] });
  });

  it('is 401 Requires authentication without a token, and 422 for a type GitHub does not know', async () => {
    const anonymous = await answer('repo:search/lab crash', { search_type: 'semantic' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ message: 'Requires authentication' });
    const unknown = await answer('repo:search/lab crash', { search_type: 'vector' }, auth(TOKENS.bob));
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ message: 'Validation Failed', errors: [{ resource: 'Search', field: 'search_type', code: 'invalid' }] });
  });
});
