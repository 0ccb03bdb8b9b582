/**
 * Brings a PostgreSQL database to the schema this code knows (PG_MIGRATIONS), in one
 * transaction. Several service instances start at once against one database: an advisory
 * lock makes them take turns, so each migration is applied by exactly one of them and the
 * others find it recorded.
 *
 * As on SQLite (sqlite/database-file.ts), a database this code must not touch is refused before
 * anything is written: one written by a newer Issuescope, or one with tables of its own
 * that Issuescope never made.
 */
import type pg from 'pg';
import { StoreRefusal } from '../store-error';
import { PG_MIGRATIONS } from './schema';

/**
 * The advisory lock every Issuescope instance, of any version, takes to migrate: the ASCII of
 * "issuesco" as one 64-bit integer. Never change it, or an old and a new instance would
 * migrate side by side.
 */
export const MIGRATION_LOCK_KEY = 0x69737375_6573636fn;

export interface MigrateOptions {
  /** how messages name the database (describePostgresUrl); by default its name on the server */
  name?: string;
}

export async function migratePostgres(client: pg.ClientBase, options: MigrateOptions = {}): Promise<{ applied: number }> {
  // READ COMMITTED whatever the server's default: each statement after the lock must see what
  // the instance that held it before committed, which a snapshot taken at the first
  // statement (REPEATABLE READ) would not.
  await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await refuseForeignDatabase(client, options.name);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
    const recorded = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(recorded.rows.map((r) => r.version));
    let applied = 0;
    for (const [index, sql] of PG_MIGRATIONS.entries()) {
      const version = index + 1;
      if (done.has(version)) continue;
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied++;
    }
    await client.query('COMMIT');
    return { applied };
  } catch (err) {
    // A failed ROLLBACK (the connection is gone) says less than the error that led to it.
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * "Its tables" are those of the schema the migrations would create theirs in (the first of
 * the search_path, usually public): another application's schema beside it is no concern.
 * Another program's schema_migrations (Rails', golang-migrate's) has no applied_at.
 */
async function refuseForeignDatabase(client: pg.ClientBase, name: string | undefined): Promise<void> {
  const { rows } = await client.query<{ database: string; tables: number; migration_columns: string[] }>(`
    SELECT current_database() AS database,
      (SELECT count(*)::int FROM information_schema.tables WHERE table_schema = current_schema()) AS tables,
      ARRAY(SELECT column_name::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = 'schema_migrations') AS migration_columns`);
  const state = rows[0];
  if (!state) throw new Error('the database answered no row to a query that always has one');
  const hasMigrations = state.migration_columns.length > 0;
  const ours = state.migration_columns.includes('version') && state.migration_columns.includes('applied_at');
  let version = 0;
  if (ours) {
    const recorded = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
    version = recorded.rows[0]?.version ?? 0;
  }
  const problem =
    hasMigrations && !ours ? "it is a PostgreSQL database, but not an Issuescope one (its schema_migrations table is another program's)"
    : !hasMigrations && state.tables > 0 ? 'it is a PostgreSQL database, but not an Issuescope one (it has tables of its own)'
    : version > PG_MIGRATIONS.length ? `it was written by a newer Issuescope (schema ${version}; this one knows ${PG_MIGRATIONS.length})`
    : null;
  if (problem !== null) throw new StoreRefusal(`cannot use ${name ?? `the PostgreSQL database ${state.database}`}: ${problem}`);
}
