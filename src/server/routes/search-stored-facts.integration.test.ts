// GET /search/issues end to end, on SQLite and (in the server-postgres project) PostgreSQL: the
// qualifiers and orders over what the service stores of an issue beyond its columns (merged,
// draft, locked, the state reason, the reactions) and the repository's visibility, as GitHub's
// "Searching issues and pull requests" and "Sorting search results" document them, against a
// repository written so that each selects and orders a known set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedIssue } from '../store/import-schema';
import { openCommandStorage } from '../store/open-storage';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

const FACTS = { owner: 'facts', name: 'lab' } as const;

function entry(number: number, fields: Partial<ImportedIssue>): ImportedIssue {
  const day = String(number).padStart(2, '0');
  return {
    number,
    title: `Entry ${number}`,
    user: { login: 'alice' },
    labels: [],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: `2024-01-${day}T09:00:00Z`,
    updated_at: `2024-01-${day}T09:00:00Z`,
    closed_at: null,
    body: null,
    ...fields,
  };
}

const closed = (day: string) => ({ state: 'closed' as const, closed_at: `2024-${day}T09:00:00Z`, updated_at: `2024-${day}T09:00:00Z` });

/**
 * Reactions (total), comments and interactions (their sum) of each, in the comment beside it.
 * The closed pull requests' documents say `state_reason: completed`, as the stored document
 * gives every closed entry without a reason; `reason:` is about issues only.
 */
const ENTRIES: ImportedIssue[] = [
  entry(1, { locked: true, reactions: { '+1': 3, heart: 1 }, comments: 2 }), // 4, 2, 6
  entry(2, { ...closed('02-01'), state_reason: 'completed', reactions: { laugh: 5 } }), // 5, 0, 5
  entry(3, { ...closed('02-02'), state_reason: 'not_planned', reactions: { '-1': 2, confused: 1 }, comments: 4 }), // 3, 4, 7
  entry(4, { locked: true, state_reason: 'reopened', comments: 1 }), // 0, 1, 1
  entry(5, { ...closed('03-10'), pull_request: { merged_at: '2024-03-10T09:00:00Z' }, reactions: { hooray: 2, '+1': 1 }, comments: 3 }), // 3, 3, 6
  entry(6, { pull_request: { merged_at: null }, draft: true, reactions: { rocket: 1, eyes: 1 } }), // 2, 0, 2
  entry(7, { ...closed('04-01'), pull_request: { merged_at: null }, draft: false, comments: 5 }), // 0, 5, 5
  entry(8, { ...closed('05-01'), pull_request: { merged_at: '2024-05-01T09:00:00Z' }, reactions: { heart: 6 }, comments: 1 }), // 6, 1, 7
];

let svc: TestService | undefined;
beforeAll(async () => {
  svc = await startTestService({ limits: { searchUnauthLimit: 100_000, searchAuthLimit: 100_000, unauthLimit: 100_000 } });
  const store = await openCommandStorage(svc.dbFile);
  await store.importIssues({ ...FACTS, makePrivate: false }, ENTRIES, [], Date.now());
  // Imported again with other reactions, a merge, a lock, a draft, a reason and a type (one
  // changed, one removed; issue 47): the stored
  // entries are updated, not added, and search reads their new facts.
  const again = { owner: 'facts', name: 'again', makePrivate: false };
  await store.importIssues(
    again,
    [
      entry(1, { reactions: { heart: 9 }, type: { id: 11, name: 'Bug', color: 'red' } }),
      entry(2, { pull_request: { merged_at: null } }),
      entry(3, { ...closed('02-01'), locked: true, state_reason: 'not_planned', reactions: { '+1': 5 }, type: { id: 12, name: 'Task', color: 'yellow' } }),
      entry(4, { pull_request: { merged_at: null }, draft: true }),
    ],
    [],
    Date.now(),
  );
  await store.importIssues(
    again,
    [
      entry(1, { reactions: { heart: 1 }, type: { id: 12, name: 'Task', color: 'yellow' } }),
      entry(2, { ...closed('03-01'), pull_request: { merged_at: '2024-03-01T09:00:00Z' }, reactions: { eyes: 4 } }),
      entry(3, { ...closed('02-01'), locked: false, state_reason: 'completed', reactions: { heart: 2 }, type: null }),
      entry(4, { pull_request: { merged_at: null }, draft: false, locked: true }),
    ],
    [],
    Date.now(),
  );
  await store.close();
});
afterAll(() => svc?.close());

interface Answer {
  status: number;
  body: { total_count: number; items: Array<{ number: number; repository_url: string }>; message?: string; errors?: Array<{ message: string }> };
}

async function ask(q: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Answer> {
  if (!svc) throw new Error('the service starts in beforeAll');
  const res = await fetch(`${svc.api}/search/issues?${new URLSearchParams({ q, per_page: '100', ...extra }).toString()}`, { headers });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** The numbers `q` selects in facts/lab, in the answer's order. */
async function lab(q: string, extra: Record<string, string> = {}): Promise<number[]> {
  const { status, body } = await ask(`repo:facts/lab ${q}`, extra);
  expect(status, q).toBe(200);
  expect(body.total_count).toBe(body.items.length);
  return body.items.map((i) => i.number);
}

const ascending = (ns: number[]) => [...ns].sort((a, b) => a - b);

describe('GET /search/issues: qualifiers over what the service stores of an issue', () => {
  it.each([
    ['is:merged', [5, 8]],
    ['is:unmerged', [6, 7]],
    ['-is:merged', [1, 2, 3, 4, 6, 7]],
    ['is:issue is:unmerged', []],
    ['is:locked', [1, 4]],
    ['is:unlocked', [2, 3, 5, 6, 7, 8]],
    ['is:draft', [6]],
    ['draft:true', [6]],
    ['draft:false', [5, 7, 8]],
    ['-draft:true', [1, 2, 3, 4, 5, 7, 8]],
    // Issues only, though the closed pull requests' documents say completed too.
    ['reason:completed', [2]],
    ['reason:"not planned"', [3]],
    ['reason:reopened', [4]],
    ['-reason:completed', [1, 3, 4, 5, 6, 7, 8]],
    ['reactions:>4', [2, 8]],
    ['reactions:0', [4, 7]],
    ['reactions:2..4', [1, 3, 5, 6]],
    ['reactions:*..2', [4, 6, 7]],
    ['interactions:>=6', [1, 3, 5, 8]],
    ['interactions:<2', [4]],
    ['interactions:5', [2, 7]],
    ['merged:2024-03-10', [5]],
    ['merged:>=2024-04-01', [8]],
    ['merged:<2024-03-10', []],
    ['-merged:2024-03-10', [1, 2, 3, 4, 6, 7, 8]],
    ['is:public', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['is:private', []],
  ])('%s selects %j', async (q, expected) => {
    expect(ascending(await lab(q))).toEqual(expected);
  });

  it('reads is:public and is:private as the visibility of the repositories the caller may see', async () => {
    const anonymous = await ask('is:private');
    expect([anonymous.status, anonymous.body.total_count]).toEqual([200, 0]);
    // alice's token sees octo/secret (5 entries) and octo/hidden-new (2).
    const alice = await ask('is:private', {}, auth(TOKENS.alice));
    expect(alice.body.total_count).toBe(7);
    expect(new Set(alice.body.items.map((i) => i.repository_url.replace(/^.*\/repos\//, '')))).toEqual(new Set(['octo/secret', 'octo/hidden-new']));
    expect((await ask('repo:octo/secret is:public', {}, auth(TOKENS.alice))).body.total_count).toBe(0);
    expect((await ask('repo:octo/secret is:private', {}, auth(TOKENS.alice))).body.total_count).toBe(5);
  });

  it.each([
    ['draft:maybe', 'draft:maybe is not supported: draft: takes true or false'],
    ['reason:later', 'reason:later is not supported'],
    ['reactions:many', 'reactions:many is not a number or range'],
    ['merged:yesterday', 'merged:yesterday is not a date'],
    ['is:starred', 'is:starred is not supported'],
  ])('refuses %s with 422 saying why', async (q, message) => {
    const { status, body } = await ask(q);
    expect(status).toBe(422);
    expect(body.errors?.[0]?.message).toContain(message);
  });
});

describe('GET /search/issues: an entry imported again', () => {
  const answer = async (q: string) => (await ask(`repo:facts/again ${q}`)).body.items.map((i) => i.number);

  it('is searched by its new reactions and merge', async () => {
    expect(await answer('sort:reactions')).toEqual([2, 3, 1, 4]);
    expect(await answer('reactions:>4')).toEqual([]);
    expect(await answer('is:merged merged:2024-03-01')).toEqual([2]);
  });

  it.each([
    ['is:locked', [4]],
    ['is:unlocked', [3, 2, 1]],
    ['is:draft', []],
    ['draft:false', [4, 2]],
    ['reason:completed', [3]],
    ['reason:"not planned"', []],
    // +1 was 5 on entry 3, and is no longer: every tie, by number
    ['sort:reactions-+1', [4, 3, 2, 1]],
    ['sort:reactions-heart', [3, 1, 4, 2]],
    // entry 1 was a Bug and is a Task; entry 3 was a Task and has no type
    ['type:Task', [1]],
    ['type:Bug', []],
    ['-type:Task', [4, 3, 2]],
  ])('is searched by its new lock, draft, reason, reactions of one kind and type: %s finds %j', async (q, expected) => {
    expect(await answer(q)).toEqual(expected);
  });
});

describe('GET /search/issues: reactions and interactions orders', () => {
  it.each([
    ['sort:reactions', [8, 2, 1, 5, 3, 6, 7, 4]],
    ['sort:reactions-desc', [8, 2, 1, 5, 3, 6, 7, 4]],
    ['sort:reactions-asc', [4, 7, 6, 3, 5, 1, 2, 8]],
    ['sort:reactions-+1', [1, 5, 8, 7, 6, 4, 3, 2]],
    ['sort:reactions--1', [3, 8, 7, 6, 5, 4, 2, 1]],
    ['sort:reactions-smile', [2, 8, 7, 6, 5, 4, 3, 1]],
    ['sort:reactions-thinking_face', [3, 8, 7, 6, 5, 4, 2, 1]],
    ['sort:reactions-heart', [8, 1, 7, 6, 5, 4, 3, 2]],
    ['sort:reactions-tada-desc', [5, 8, 7, 6, 4, 3, 2, 1]],
    ['sort:interactions', [8, 3, 5, 1, 7, 2, 6, 4]],
    ['sort:interactions-asc', [4, 6, 2, 7, 1, 5, 3, 8]],
  ])('%s orders %j', async (q, expected) => {
    expect(await lab(q)).toEqual(expected);
  });

  it.each([
    [{ sort: 'reactions' }, [8, 2, 1, 5, 3, 6, 7, 4]],
    [{ sort: 'reactions', order: 'asc' }, [4, 7, 6, 3, 5, 1, 2, 8]],
    [{ sort: 'reactions-+1' }, [1, 5, 8, 7, 6, 4, 3, 2]],
    [{ sort: 'reactions--1' }, [3, 8, 7, 6, 5, 4, 2, 1]],
    [{ sort: 'reactions-smile' }, [2, 8, 7, 6, 5, 4, 3, 1]],
    [{ sort: 'reactions-thinking_face' }, [3, 8, 7, 6, 5, 4, 2, 1]],
    [{ sort: 'reactions-heart' }, [8, 1, 7, 6, 5, 4, 3, 2]],
    [{ sort: 'reactions-tada' }, [5, 8, 7, 6, 4, 3, 2, 1]],
    [{ sort: 'interactions' }, [8, 3, 5, 1, 7, 2, 6, 4]],
    [{ sort: 'interactions', order: 'asc' }, [4, 6, 2, 7, 1, 5, 3, 8]],
    // Not among GitHub's sorts: best match, newest first for a query without text.
    [{ sort: 'reactions-rocket' }, [8, 7, 6, 5, 4, 3, 2, 1]],
  ])('the sort parameter %j orders %j', async (params, expected) => {
    expect(await lab('', params)).toEqual(expected);
  });

  it('lets sort: in the query win over the sort parameter', async () => {
    expect(await lab('sort:interactions-asc', { sort: 'reactions-heart' })).toEqual([4, 6, 2, 7, 1, 5, 3, 8]);
  });

  it('pages through an order by reactions without losing or repeating an entry', async () => {
    const pages: number[] = [];
    for (const page of ['1', '2', '3']) {
      const { body } = await ask('repo:facts/lab sort:reactions', { per_page: '3', page });
      expect(body.total_count).toBe(8);
      pages.push(...body.items.map((i) => i.number));
    }
    expect(pages).toEqual([8, 2, 1, 5, 3, 6, 7, 4]);
  });
});
