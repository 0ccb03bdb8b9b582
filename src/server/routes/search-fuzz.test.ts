// No input makes GET /search/issues fail: random and query-shaped `q` strings, with and without
// advanced search and search_type, through app.request against a real store, answer 200, 401 or
// 422, never 5xx, and never name a private repository to a caller without access: SQLite, and in
// the server-postgres project a fresh PostgreSQL database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app';
import { hashToken } from '../auth/tokens';
import { DEFAULT_RATE_LIMITS, limitsOf, RateLimiter } from '../limits/rate-limiter';
import { openCommandStorage } from '../store/open-storage';
import type { Storage } from '../store/storage';
import { createDatabase } from '../../../test-support/server/create-postgres-database';
import { importSearchRepositories } from '../../../test-support/server/search-repository';
import { makeIssues, TOKENS } from '../../../test-support/server/test-service';

const RUNS = 400;
const HUGE = { ...DEFAULT_RATE_LIMITS, unauthLimit: 1e9, authLimit: 1e9, burstLimit: 1e9, searchUnauthLimit: 1e9, searchAuthLimit: 1e9 };

let dir: string;
let store: Storage;
let app: ReturnType<typeof createApp>;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-search-fuzz-'));
  const onPostgres = process.env.ISSUESCOPE_TEST_STORAGE === 'postgres';
  store = await openCommandStorage(onPostgres ? await createDatabase(inject('postgresUrl')) : path.join(dir, 'fuzz.db'));
  const now = Date.now();
  await importSearchRepositories(store, now);
  await store.importIssues({ owner: 'octo', name: 'secret', makePrivate: true }, makeIssues(5, 'Secret plan'), [], now);
  await store.createToken({ hash: hashToken(TOKENS.alice), login: 'alice', name: 'alice', expiresAt: null, repos: ['octo/secret'] }, now);
  app = createApp({
    store,
    limiter: new RateLimiter(HUGE, Date.now),
    searchLimiter: new RateLimiter(limitsOf(HUGE, 'search'), Date.now, [], 'search'),
    now: Date.now,
    log: (line) => logged.push(line),
  });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Pieces people (and mistakes) put in a query. */
const piece = fc.oneof(
  fc.constantFrom(
    'crash', 'Windows', 'café', '"crash on', 'startup"', '"', '""', '(', ')', '((', '))', 'AND', 'OR', 'NOT', 'and', 'or', '-', '--', '*', '\\', ':', '::',
    'repo:search/lab', 'repo:octo/secret', 'repo:nope', 'repo:', 'repo:a/b/c', 'user:search', 'org:', 'is:issue', 'is:pr', 'is:open', 'is:merged', 'state:closed', 'state:',
    'label:bug', 'label:"good first issue"', 'label:"', 'label:a,b,,c', '-label:bug', 'no:label', 'no:assignee', 'no:milestone', 'no:reviewer',
    'author:alice', 'author:@me', 'assignee:*', 'mentions:@dave', 'commenter:frank', 'involves:bob', 'milestone:"v1.0"', 'milestone:',
    'created:>2024-03-01', 'created:>=2024-02-30', 'created:<2024', 'created:2024-01-01..2024-03-31', 'created:*..*', 'created:..', 'updated:>=2024-04-01T10:00:00+02:00',
    'closed:2024-03-05', 'comments:>2', 'comments:1..3', 'comments:-1', 'comments:99999999999', 'comments:*',
    'in:title', 'in:body,comments', 'in:nowhere', '-in:title', 'sort:created-asc', 'sort:reactions', '-sort:updated', 'language:go', 'type:pr',
    // Scope lists and the forms of issue 45: several repositories and accounts, some private or missing.
    'repo:search/lab,octo/secret', 'user:octo', 'org:octo', 'user:nobody', '-user:search', 'repo:octo/nope', 'involves:alice', 'involves:bob,carol',
    'label:"good first issue",bug', 'label:"bug","docs"', 'label:bug,"', 'label:,"",', 'author:app/renovate', 'author:app/', 'archived:false', 'archived:true',
    'archived:', 'review:none', 'head:x', 'NOT', 'AND NOT',
    'is:unmerged', 'is:locked', '-is:unlocked', 'is:draft', 'draft:false', 'draft:', 'is:private', 'is:public', 'reason:completed', 'reason:"not planned"',
    'reason:"', 'reactions:>2', 'reactions:0..', 'interactions:*..5', 'interactions:99999999999', 'merged:>2024-03-01', 'merged:', 'sort:reactions-+1-asc',
    'sort:reactions--1', 'sort:interactions', 'sort:reactions-rocket',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.stringMatching(/^[a-z]{1,8}:[^\s]{0,10}$/),
);

const queryShaped = fc.array(piece, { minLength: 0, maxLength: 12 }).chain((parts) =>
  fc.array(fc.constantFrom(' ', '  ', '\t', '', '\n'), { minLength: parts.length, maxLength: parts.length }).map((gaps) => parts.map((p, i) => `${p}${gaps[i]}`).join('')),
);

const anyQuery = fc.oneof(queryShaped, fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(
  // At the length bound: the most terms, operands and lookups one query can hold.
  'a'.repeat(2000), 'label:x,'.repeat(128), 'crash OR '.repeat(113), '-a '.repeat(341), '(a OR b) '.repeat(113), 'repo:search/lab '.repeat(64), 'NOT '.repeat(256),
  '"a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(19), 'comments:>1 created:>2024-01-01 '.repeat(32),
));

describe('fuzzing GET /search/issues', () => {
  it(`answers ${RUNS} random queries with 200, 401 or 422, a JSON body, and never 5xx`, async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        anyQuery,
        fc.boolean(),
        fc.constantFrom(null, 'created', 'comments', 'reactions', 'reactions-+1', 'reactions-thinking_face', 'interactions', 'x'),
        fc.constantFrom(null, '1', '2', '34', '0', 'x'),
        fc.boolean(),
        fc.constantFrom(null, null, 'semantic', 'hybrid'),
        async (q, advanced, sort, page, withToken, searchType) => {
          const params = new URLSearchParams({
            q,
            ...(advanced ? { advanced_search: 'true' } : {}),
            ...(sort ? { sort } : {}),
            ...(page ? { page } : {}),
            ...(searchType ? { search_type: searchType } : {}),
          });
          const res = await app.request(`http://fuzz.test/api/search/issues?${params.toString()}`, { headers: withToken ? { Authorization: `Bearer ${TOKENS.alice}` } : {} });
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
          const text = await res.text();
          // 401: a semantic or hybrid search without a token.
          expect(searchType !== null && !withToken ? [401, 422] : [200, 422], `${res.status} for ${JSON.stringify(q)}: ${text.slice(0, 300)}`).toContain(res.status);
          const body = JSON.parse(text) as Record<string, unknown>;
          if (res.status === 200) {
            expect(body).toMatchObject({ incomplete_results: false, search_type: 'lexical' });
            if (!withToken) expect(text).not.toContain('octo/secret');
          } else {
            expect(body.message).toEqual(expect.any(String));
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(logged).toEqual([]);
    expect(seen.get(200) ?? 0).toBeGreaterThan(RUNS / 10);
    expect(seen.get(422) ?? 0).toBeGreaterThan(RUNS / 10);
  }, 120_000);
});
