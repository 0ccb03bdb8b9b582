import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testPostgres, type TestPostgres } from '../../../../test-support/server/test-postgres';
import { issueRow } from '../import-rows';
import { readParentIssue, readSubIssues } from '../core/issue-link-store';
import { KeysetPager } from '../core/keyset-pager';
import { RememberedCounts } from '../core/remembered-counts';
import { MIGRATIONS } from '../sqlite/schema';
import { StoreRefusal } from '../store-error';
import { migratePostgres } from './migrate';
import { POSTGRES_DIALECT } from './postgres-dialect';
import { describePostgresUrl } from './postgres-url';
import { PG_MIGRATIONS } from './schema';
import { runOperation, sqlOf } from './sql';

const START_TIMEOUT_MS = 30_000;
const CONCURRENT_INSTANCES = 8;
/** what PostgreSQL has that SQLite has not, or has in another shape (its FTS5 table) */
const POSTGRES_ONLY_TABLES = ['burst_counters', 'issue_text', 'schema_migrations', 'store_version'];
const POSTGRES_ONLY_INDEXES = ['issue_text_document'];
/**
 * what SQLite has for its own storage: a ranked search's covering index, as SQLite keeps each
 * document in its issue's row (PostgreSQL keeps large ones out of line, TOAST)
 */
const SQLITE_ONLY_INDEXES = ['issues_search_facets'];

let server: TestPostgres;
const clients: pg.Client[] = [];

beforeAll(async () => {
  server = await testPostgres();
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end()));
});

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

async function freshClient(): Promise<{ client: pg.Client; url: string }> {
  const url = await server.freshDatabase();
  return { client: await connect(url), url };
}

/** Tables, columns in order, keys, foreign keys and indexes, as one comparable shape. */
interface SchemaShape {
  columns: Record<string, string[]>;
  keys: Record<string, string[]>;
  foreignKeys: Record<string, string[]>;
  indexes: Record<string, string>;
}

function sqliteShape(): SchemaShape {
  const db = new Database(':memory:');
  for (const migration of MIGRATIONS) {
    if (typeof migration === 'function') migration(db);
    else db.exec(migration);
  }
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'issue_text%'").pluck().all() as string[]).sort();
  const shape: SchemaShape = { columns: {}, keys: {}, foreignKeys: {}, indexes: {} };
  for (const table of tables) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; pk: number }>;
    shape.columns[table] = columns.map((c) => c.name);
    const primary = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    const unique = (db.prepare(`PRAGMA index_list(${table})`).all() as Array<{ name: string; origin: string }>)
      .filter((i) => i.origin === 'u')
      .map((i) => `UNIQUE (${sqliteIndexColumns(db, i.name).join(', ')})`);
    shape.keys[table] = [...(primary.length > 0 ? [`PRIMARY KEY (${primary.join(', ')})`] : []), ...unique].sort();
    shape.foreignKeys[table] = (db.prepare(`PRAGMA foreign_key_list(${table})`).all() as Array<{ table: string; from: string; to: string; on_delete: string }>)
      .map((f) => `${f.from} -> ${f.table}(${f.to}) ON DELETE ${f.on_delete}`)
      .sort();
  }
  for (const index of db.prepare("SELECT name, tbl_name AS tbl FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as Array<{ name: string; tbl: string }>) {
    if (SQLITE_ONLY_INDEXES.includes(index.name)) continue;
    shape.indexes[index.name] = `${index.tbl} (${sqliteIndexColumns(db, index.name).join(', ')})`;
  }
  db.close();
  return shape;
}

function sqliteIndexColumns(db: Database.Database, index: string): string[] {
  return (db.prepare(`PRAGMA index_info(${index})`).all() as Array<{ seqno: number; name: string }>).sort((a, b) => a.seqno - b.seqno).map((c) => c.name);
}

async function postgresShape(client: pg.Client): Promise<SchemaShape> {
  const shape: SchemaShape = { columns: {}, keys: {}, foreignKeys: {}, indexes: {} };
  const columns = await client.query<{ table: string; columns: string[] }>(`
    SELECT table_name AS table, array_agg(column_name::text ORDER BY ordinal_position) AS columns
    FROM information_schema.columns WHERE table_schema = 'public' GROUP BY table_name`);
  for (const row of columns.rows) {
    if (!POSTGRES_ONLY_TABLES.includes(row.table)) shape.columns[row.table] = row.columns;
  }
  const constraints = await client.query<{ table: string; type: string; columns: string[]; target: string | null; target_columns: string[] | null; on_delete: string }>(`
    SELECT c.conrelid::regclass::text AS table, c.contype AS type,
      ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
      c.confrelid::regclass::text AS target,
      ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
            JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS target_columns,
      c.confdeltype AS on_delete
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE n.nspname = 'public' AND c.contype IN ('p', 'u', 'f')`);
  const onDelete: Record<string, string> = { c: 'CASCADE', a: 'NO ACTION' };
  for (const c of constraints.rows) {
    if (POSTGRES_ONLY_TABLES.includes(c.table)) continue;
    if (c.type === 'f') {
      (shape.foreignKeys[c.table] ??= []).push(`${c.columns.join(', ')} -> ${c.target}(${(c.target_columns ?? []).join(', ')}) ON DELETE ${onDelete[c.on_delete] ?? c.on_delete}`);
    } else {
      (shape.keys[c.table] ??= []).push(`${c.type === 'p' ? 'PRIMARY KEY' : 'UNIQUE'} (${c.columns.join(', ')})`);
    }
  }
  for (const table of Object.keys(shape.columns)) {
    shape.keys[table] = (shape.keys[table] ?? []).sort();
    shape.foreignKeys[table] = (shape.foreignKeys[table] ?? []).sort();
  }
  const indexes = await client.query<{ name: string; table: string; columns: string[] }>(`
    SELECT i.relname AS name, t.relname AS table,
      -- an expression (attnum 0) is an empty name, as SQLite's index_info gives it
      ARRAY(SELECT COALESCE(a.attname::text, '') FROM unnest(x.indkey) WITH ORDINALITY k(attnum, ord)
            LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`);
  for (const index of indexes.rows) {
    if (!POSTGRES_ONLY_INDEXES.includes(index.name)) shape.indexes[index.name] = `${index.table} (${index.columns.join(', ')})`;
  }
  return shape;
}

const sortedKeys = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

describe('migratePostgres', () => {
  it('gives a fresh database every table, column, key and index of the SQLite schema, and records the latest version', async () => {
    const { client } = await freshClient();
    expect(await migratePostgres(client)).toEqual({ applied: PG_MIGRATIONS.length });

    const expected = sqliteShape();
    const actual = await postgresShape(client);
    expect(sortedKeys(actual.columns)).toEqual(sortedKeys(expected.columns));
    expect(sortedKeys(actual.keys)).toEqual(sortedKeys(expected.keys));
    expect(sortedKeys(actual.foreignKeys)).toEqual(sortedKeys(expected.foreignKeys));
    expect(sortedKeys(actual.indexes)).toEqual(sortedKeys(expected.indexes));

    const tables = await client.query<{ name: string }>("SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public'");
    expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(POSTGRES_ONLY_TABLES));
    const versions = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.rows.map((r) => r.version)).toEqual(PG_MIGRATIONS.map((_, i) => i + 1));
    const storeVersion = await client.query('SELECT id, version FROM store_version');
    expect(storeVersion.rows).toEqual([{ id: 1, version: '1' }]);

    // a second start finds nothing to do
    expect(await migratePostgres(client)).toEqual({ applied: 0 });
  });

  it(`applies each migration exactly once when ${CONCURRENT_INSTANCES} instances start at the same moment`, async () => {
    const url = await server.freshDatabase();
    const instances = await Promise.all(Array.from({ length: CONCURRENT_INSTANCES }, () => connect(url)));
    const results = await Promise.all(instances.map((client) => migratePostgres(client)));
    expect(results.reduce((sum, r) => sum + r.applied, 0)).toBe(PG_MIGRATIONS.length);
    expect(results.filter((r) => r.applied > 0)).toHaveLength(1);
    const versions = await instances[0]!.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.rows.map((r) => r.version)).toEqual(PG_MIGRATIONS.map((_, i) => i + 1));
  });

  it('refuses a database written by a newer Issuescope, naming it, and leaves it as it was', async () => {
    const { client, url } = await freshClient();
    await migratePostgres(client);
    const newer = PG_MIGRATIONS.length + 1;
    await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [newer]);

    const name = describePostgresUrl(url);
    const refusal = migratePostgres(client, { name });
    await expect(refusal).rejects.toBeInstanceOf(StoreRefusal);
    await expect(refusal).rejects.toThrow(`cannot use ${name}: it was written by a newer Issuescope (schema ${newer}; this one knows ${PG_MIGRATIONS.length})`);
    const versions = await client.query<{ version: number }>('SELECT max(version) AS version FROM schema_migrations');
    expect(versions.rows).toEqual([{ version: newer }]);
  });

  it('refuses a database with tables of its own, naming it, and writes nothing there', async () => {
    const { client, url } = await freshClient();
    await client.query('CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance NUMERIC NOT NULL)');

    const refusal = migratePostgres(client);
    await expect(refusal).rejects.toBeInstanceOf(StoreRefusal);
    const database = new URL(url).pathname.slice(1);
    await expect(refusal).rejects.toThrow(`cannot use the PostgreSQL database ${database}: it is a PostgreSQL database, but not an Issuescope one (it has tables of its own)`);
    const tables = await client.query<{ name: string }>("SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public'");
    expect(tables.rows).toEqual([{ name: 'accounts' }]);
  });

  it("refuses a database whose schema_migrations table is another program's", async () => {
    const { client } = await freshClient();
    // golang-migrate's
    await client.query('CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, dirty BOOLEAN NOT NULL)');
    await expect(migratePostgres(client)).rejects.toThrow(/not an Issuescope one \(its schema_migrations table is another program's\)/);
  });

  it('compares owner and repository names without case: a second Acme/Rocket in other case is refused', async () => {
    const { client } = await freshClient();
    await migratePostgres(client);
    const insert = "INSERT INTO repos (owner, name, created_at, modified_at) VALUES ($1, $2, '2024-01-01T00:00:00Z', 0) RETURNING id";
    const created = await client.query<{ id: string }>(insert, ['Acme', 'Rocket']);
    await expect(client.query(insert, ['acme', 'rocket'])).rejects.toMatchObject({ code: '23505', constraint: 'repos_owner_name_key' });
    const found = await client.query<{ id: string }>('SELECT id FROM repos WHERE owner = $1 AND name = $2', ['ACME', 'rOCKET']);
    expect(found.rows).toEqual(created.rows);
  });

  it('lists labels by name without case', async () => {
    const { client } = await freshClient();
    await migratePostgres(client);
    const repo = await client.query<{ id: string }>("INSERT INTO repos (owner, name, created_at, modified_at) VALUES ('octo', 'hello', '2024-01-01T00:00:00Z', 0) RETURNING id");
    for (const name of ['bug', 'Docs', 'api', 'Zebra', 'b-side']) {
      await client.query("INSERT INTO labels (repo_id, name, color) VALUES ($1, $2, 'ffffff')", [repo.rows[0]!.id, name]);
    }
    const labels = await client.query<{ name: string }>('SELECT name FROM labels WHERE repo_id = $1 ORDER BY name', [repo.rows[0]!.id]);
    // as SQLite's NOCASE orders them: by the lower-cased bytes ('-' before 'u')
    expect(labels.rows.map((r) => r.name)).toEqual(['api', 'b-side', 'bug', 'Docs', 'Zebra']);
  });

  it('fills the reactions and merge columns of issues stored before them from their documents, URL markers and all', async () => {
    const { client } = await freshClient();
    const before = 5;
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    for (const [index, sql] of PG_MIGRATIONS.slice(0, before).entries()) {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
    const repo = await client.query<{ id: string }>("INSERT INTO repos (owner, name, created_at, modified_at) VALUES ('octo', 'old', '2024-01-01T00:00:00Z', 0) RETURNING id");
    const base = { title: 'Old', user: { login: 'ann' }, labels: [], locked: false, assignees: [], comments: 0, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', body: null };
    const rows = [
      issueRow({ ...base, number: 1, state: 'open', reactions: { '+1': 2, heart: 3 } }, 1, new Map(), { localAvatars: false }),
      issueRow({ ...base, number: 2, state: 'closed', closed_at: '2024-03-01T00:00:00Z', pull_request: { merged_at: '2024-03-01T10:00:00Z' } }, 1, new Map(), { localAvatars: false }),
    ];
    // The documents hold the API marker, U+0000, that PostgreSQL's json functions cannot read.
    expect(rows.every((r) => String(r.doc).includes('"\\u0000'))).toBe(true);
    for (const r of rows) {
      await client.query(
        `INSERT INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc, is_pull_request, closed_at, milestone_title)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [repo.rows[0]!.id, r.number, r.state, r.createdAt, r.updatedAt, r.comments, r.creator, r.milestone, r.assigneeCount, r.doc, r.isPullRequest ? 1 : 0, r.closedAt, r.milestoneTitle],
      );
    }
    expect(await migratePostgres(client)).toEqual({ applied: PG_MIGRATIONS.length - before });
    const filled = await client.query<{ number: string; reactions: number; merged_at: string | null }>('SELECT number, reactions, merged_at FROM issues ORDER BY number');
    expect(filled.rows.map((r) => [Number(r.number), r.reactions, r.merged_at])).toEqual([
      [1, 5, null],
      [2, 0, '2024-03-01T10:00:00Z'],
    ]);
  });

  it('gives the issues stored before issue 47 no type, no parent and no sub-issues, and a new data version', async () => {
    const { client } = await freshClient();
    // Migration 8 is issue 47's; the migrations after it (10, the type column) are applied too.
    const before = 7;
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    for (const [index, sql] of PG_MIGRATIONS.slice(0, before).entries()) {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
    const repo = await client.query<{ id: string }>("INSERT INTO repos (owner, name, created_at, modified_at, data_version) VALUES ('octo', 'old', '2024-01-01T00:00:00Z', 0, 7) RETURNING id");
    const row = issueRow({ title: 'Old', user: { login: 'ann' }, labels: [], locked: false, comments: 0, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', number: 1, state: 'open' }, 1, new Map(), { localAvatars: false });
    const { type: _type, sub_issues_summary: _summary, parent_issue_url: _parent, ...old } = JSON.parse(String(row.doc)) as Record<string, unknown>;
    await client.query(
      `INSERT INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc, is_pull_request, closed_at, milestone_title)
       VALUES ($1, 1, 'open', $2, $3, 0, 'ann', NULL, 0, $4, 0, NULL, NULL)`,
      [repo.rows[0]!.id, row.createdAt, row.updatedAt, JSON.stringify(old)],
    );
    expect(await migratePostgres(client)).toEqual({ applied: PG_MIGRATIONS.length - before });
    const [stored] = (await client.query<{ doc: string; data_version: string }>('SELECT i.doc, r.data_version FROM issues i JOIN repos r ON r.id = i.repo_id')).rows;
    expect(Number(stored?.data_version)).toBe(8);
    expect(JSON.parse(stored?.doc ?? 'null')).toMatchObject({ title: 'Old', type: null, sub_issues_summary: { total: 0, completed: 0, percent_completed: 0 }, parent_issue_url: null });
  });

  it('keeps every sub-issue link stored before links across repositories, as a link within its own repository', async () => {
    const { client } = await freshClient();
    // The migration that names the parent's repository (issue 47), found by what it does.
    const before = PG_MIGRATIONS.findIndex((m) => m.includes('ADD COLUMN parent_repo_id'));
    expect(before).toBeGreaterThan(0);
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    for (const [index, sql] of PG_MIGRATIONS.slice(0, before).entries()) {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
    const repo = await client.query<{ id: string }>("INSERT INTO repos (owner, name, created_at, modified_at) VALUES ('octo', 'old', '2024-01-01T00:00:00Z', 0) RETURNING id");
    const repoId = Number(repo.rows[0]!.id);
    for (const [number, title] of [[1, 'Parent'], [2, 'Child']] as const) {
      const row = issueRow({ title, user: { login: 'ann' }, labels: [], locked: false, comments: 0, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', number, state: 'open' }, repoId, new Map(), { localAvatars: false });
      await client.query(
        `INSERT INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc, is_pull_request, closed_at, milestone_title)
         VALUES ($1, $2, 'open', $3, $4, 0, 'ann', NULL, 0, $5, 0, NULL, NULL)`,
        [repoId, number, row.createdAt, row.updatedAt, String(row.doc)],
      );
    }
    await client.query('INSERT INTO sub_issues (repo_id, number, parent_number, position) VALUES ($1, 2, 1, 1)', [repoId]);
    expect(await migratePostgres(client)).toEqual({ applied: PG_MIGRATIONS.length - before });
    // The reads the answers run: `…/issues/1/sub_issues` and `…/issues/2/parent`.
    const sql = sqlOf(client);
    const listed = await runOperation(sql, readSubIssues(POSTGRES_DIALECT, { counts: new RememberedCounts(), pager: new KeysetPager(), stillCurrent: () => false }, repoId, 1, { page: 1, perPage: 30 }));
    expect(listed.documents.map((doc) => (JSON.parse(doc) as { title: string }).title)).toEqual(['Child']);
    const parent = await runOperation(sql, readParentIssue(POSTGRES_DIALECT, repoId, 2));
    // A parent in its own repository: its document as stored, naming no other repository.
    const stored = await client.query<{ doc: string }>('SELECT doc FROM issues WHERE repo_id = $1 AND number = 1', [repoId]);
    expect(parent).toBe(stored.rows[0]?.doc);
    expect(JSON.parse(parent ?? 'null')).toMatchObject({ title: 'Parent' });
  });
});
