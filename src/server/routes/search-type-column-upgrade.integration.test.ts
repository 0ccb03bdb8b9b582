// GET /search/issues `type:` over a database written by the schema before the type column, on
// SQLite and PostgreSQL: opening it fills `type_name` from the stored documents (folded in ASCII
// letters, as an import writes it), so `type:` answers for issues imported before the upgrade as
// for new ones, quoted names, lists and NOT included (issue 47).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedIssue } from '../store/import-schema';
import { FACT_COLUMNS } from '../store/fact-columns';
import type { IssueRow } from '../store/import-rows';
import { PG_MIGRATIONS } from '../store/postgres/schema';
import { MIGRATIONS } from '../store/sqlite/schema';
import {
  olderEntry as entry,
  ROW_COLUMNS_SINCE_SEARCH,
  rowsOf,
  rowValuesSinceSearch,
  searchOlder,
  serveOlderDatabase,
  type OlderService,
} from '../../../test-support/server/older-schema-service';

/**
 * The schema before the type column's migration: found by what it adds, not by a number, as
 * migrations land beside it (the later ones, sub-issues across repositories, run on the upgraded
 * database too, as they would on a real upgrade).
 */
function indexOfTypeMigration(migrations: readonly unknown[]): number {
  const index = migrations.findIndex((m) => typeof m === 'string' && m.includes('ADD COLUMN type_name'));
  if (index < 0) throw new Error('no migration adds the type column');
  return index;
}
const SQLITE_SCHEMA_BEFORE = indexOfTypeMigration(MIGRATIONS);
const PG_SCHEMA_BEFORE = indexOfTypeMigration(PG_MIGRATIONS);

const ENTRIES: ImportedIssue[] = [
  entry(1, { type: { id: 11, name: 'Bug', color: 'red' } }),
  entry(2, { type: { id: 12, name: 'Task', color: 'yellow' } }),
  entry(3, { type: { id: 13, name: 'Feature request', color: 'green' } }),
  entry(4, { type: null }),
  entry(5, { type: { id: 11, name: 'Bug', color: 'red' }, state: 'closed', closed_at: '2024-02-01T09:00:00Z', state_reason: 'completed' }),
  entry(6, { pull_request: { merged_at: null } }),
];

/** The rows as the previous schema's import wrote them: every column but `type_name`. */
const ROWS = rowsOf(ENTRIES);
const OLD_FACTS = FACT_COLUMNS.filter((c) => c.name !== 'type_name');
const OLDER = {
  columns: [...ROW_COLUMNS_SINCE_SEARCH, ...OLD_FACTS.map((c) => c.name)],
  values: (r: IssueRow): unknown[] => [...rowValuesSinceSearch(r), ...OLD_FACTS.map((c) => c.value(r))],
};

describe.each(['sqlite', 'postgres'] as const)('GET /search/issues type: on a %s database from before the type column', (engine) => {
  let older: OlderService | undefined;

  beforeAll(async () => {
    older = await serveOlderDatabase(engine, { sqlite: SQLITE_SCHEMA_BEFORE, postgres: PG_SCHEMA_BEFORE }, ROWS, OLDER);
  }, 30_000);

  afterAll(async () => {
    await older?.close();
  });

  async function numbers(q: string): Promise<number[]> {
    if (!older) throw new Error('the service starts in beforeAll');
    const found = await searchOlder(older.served, q);
    expect(found.status, q).toBe(200);
    expect(found.total, q).toBe(found.numbers.length);
    return found.numbers;
  }

  it.each([
    ['type:Bug', [5, 1]],
    ['type:bug', [5, 1]],
    ['type:"feature REQUEST"', [3]],
    ['type:Bug,Task', [5, 2, 1]],
    ['-type:Bug', [6, 4, 3, 2]],
    ['type:issue -type:Task', [5, 4, 3, 1]],
    ['type:Bug is:closed', [5]],
    ['type:Epic', []],
  ])('answers %s from the stored issues: %j', async (q, expected) => {
    expect(await numbers(q)).toEqual(expected);
  });
});
