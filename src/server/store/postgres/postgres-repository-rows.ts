/**
 * The repository and user rows on PostgreSQL: the shared operations (core/repository-rows.ts) run
 * on a connection, for the engine's import, and the import's batch upsert of the users it names
 * (one statement per batch over arrays, as every statement is a round trip to the server).
 */
import { userId } from '../build-documents';
import * as repositoryRows from '../core/repository-rows';
import { POSTGRES_DIALECT } from './postgres-dialect';
import { cleanText } from '../issue-document';
import type { ImportedUser } from '../import-schema';
import type { ImportOptions, RepoRecord } from '../records';
import { batches } from './row-batches';
import { runOperation, type SqlRunner } from './sql';

export function readRepo(sql: SqlRunner, owner: string, name: string): Promise<RepoRecord | null> {
  return runOperation(sql, repositoryRows.findRepo(POSTGRES_DIALECT, owner, name));
}

export function ensureRepo(sql: SqlRunner, options: ImportOptions, nowMs: number): Promise<RepoRecord> {
  return runOperation(sql, repositoryRows.ensureRepo(POSTGRES_DIALECT, options, nowMs));
}

export function touchRepo(sql: SqlRunner, repoId: number, nowMs: number): Promise<void> {
  return runOperation(sql, repositoryRows.touchRepo(POSTGRES_DIALECT, repoId, nowMs));
}

export async function upsertUsers(sql: SqlRunner, users: readonly ImportedUser[]): Promise<void> {
  for (const batch of batches(users)) {
    await sql.query(
      `INSERT INTO users (login, id, name, type)
       SELECT * FROM unnest($1::citext[], $2::bigint[], $3::text[], $4::text[])
       ON CONFLICT (login) DO UPDATE SET id = excluded.id, name = COALESCE(excluded.name, users.name), type = excluded.type`,
      [
        batch.map((u) => cleanText(u.login)),
        batch.map((u) => userId(u)),
        batch.map((u) => u.name ?? null),
        batch.map((u) => u.type ?? (u.login.endsWith('[bot]') ? 'Bot' : 'User')),
      ],
    );
  }
}
