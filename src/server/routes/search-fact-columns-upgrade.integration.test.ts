// GET /search/issues over a database written by the schema before migration 7, on SQLite and
// PostgreSQL: opening it fills the lock, draft, state reason and reactions-of-one-kind columns
// from the stored documents, so is:locked, is:draft, draft:, reason: and the orders by one kind of
// reaction answer for issues imported before the upgrade as for new ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedIssue } from '../store/import-schema';
import {
  olderEntry as entry,
  ROW_COLUMNS_SINCE_SEARCH,
  rowsOf,
  rowValuesSinceSearch,
  searchOlder,
  serveOlderDatabase,
  type OlderService,
} from '../../../test-support/server/older-schema-service';

/** The migrations before the fact columns: the schema a database of the previous release has. */
const SCHEMA_BEFORE = 6;

const closed = { state: 'closed' as const, closed_at: '2024-02-01T09:00:00Z', updated_at: '2024-02-01T09:00:00Z' };

const ENTRIES: ImportedIssue[] = [
  entry(1, { locked: true, reactions: { heart: 2, '+1': 1 } }),
  entry(2, { ...closed, state_reason: 'completed', reactions: { heart: 5, confused: 2 } }),
  entry(3, { ...closed, state_reason: 'not_planned', locked: true, reactions: { '-1': 3 } }),
  entry(4, { pull_request: { merged_at: null }, draft: true }),
  entry(5, { ...closed, pull_request: { merged_at: '2024-02-01T09:00:00Z' }, draft: false, reactions: { hooray: 1, laugh: 4 } }),
  entry(6, { ...closed, pull_request: { merged_at: null }, reactions: { confused: 1 } }),
];

/** The rows as the previous schema's import wrote them: its columns, without migration 7's. */
const ROWS = rowsOf(ENTRIES);
const OLDER = { columns: ROW_COLUMNS_SINCE_SEARCH, values: rowValuesSinceSearch };

describe.each(['sqlite', 'postgres'] as const)('GET /search/issues on a %s database from before the fact columns', (engine) => {
  let older: OlderService | undefined;

  beforeAll(async () => {
    older = await serveOlderDatabase(engine, { sqlite: SCHEMA_BEFORE, postgres: SCHEMA_BEFORE }, ROWS, OLDER);
  }, 30_000);

  afterAll(async () => {
    await older?.close();
  });

  async function numbers(q: string, sort?: string): Promise<number[]> {
    if (!older) throw new Error('the service starts in beforeAll');
    const found = await searchOlder(older.served, q, sort);
    expect(found.status, q).toBe(200);
    expect(found.total, q).toBe(found.numbers.length);
    return found.numbers;
  }

  it.each([
    ['is:locked', [3, 1]],
    ['is:unlocked', [6, 5, 4, 2]],
    ['is:draft', [4]],
    ['draft:false', [6, 5]],
    ['-draft:true', [6, 5, 3, 2, 1]],
    ['reason:completed', [2]],
    ['reason:"not planned"', [3]],
    ['-reason:completed', [6, 5, 4, 3, 1]],
    ['sort:reactions-heart', [2, 1, 6, 5, 4, 3]],
    ['sort:reactions-+1', [1, 6, 5, 4, 3, 2]],
    ['sort:reactions--1', [3, 6, 5, 4, 2, 1]],
    ['sort:reactions-smile', [5, 6, 4, 3, 2, 1]],
    ['sort:reactions-tada', [5, 6, 4, 3, 2, 1]],
    ['sort:reactions-thinking_face-asc', [1, 3, 4, 5, 6, 2]],
  ])('answers %s from the stored issues: %j', async (q, expected) => {
    expect(await numbers(q)).toEqual(expected);
  });

  it('orders by the sort parameter of one kind of reaction', async () => {
    expect(await numbers('', 'reactions-heart')).toEqual([2, 1, 6, 5, 4, 3]);
  });
});
