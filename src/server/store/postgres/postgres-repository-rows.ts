/**
 * The repository and user rows an import, a mirror page or a token writes on PostgreSQL: read a
 * repository by name, create it on first use (its privacy only ever tightens), move its data
 * version, and upsert the users an import names.
 */
import { toIsoSeconds } from '../../../shared/iso-seconds';
import { userId } from '../build-documents';
import { cleanText } from '../issue-document';
import type { ImportedUser } from '../import-schema';
import type { ImportOptions, RepoRecord } from '../records';
import { toRepo, type RepoRow } from '../repo-row';
import { batches } from './row-batches';
import { hasNul, type SqlRunner } from './sql';

export async function readRepo(sql: SqlRunner, owner: string, name: string): Promise<RepoRecord | null> {
  if (hasNul(owner, name)) return null;
  const [row] = await sql.query<RepoRow & Record<string, unknown>>('SELECT * FROM repos WHERE owner = $1 AND name = $2', [owner, name]);
  return row ? toRepo(row) : null;
}

/** The repository an import or mirror writes to, created on first use; its privacy only ever tightens. */
export async function ensureRepo(sql: SqlRunner, options: ImportOptions, nowMs: number): Promise<RepoRecord> {
  const existing = await readRepo(sql, options.owner, options.name);
  if (existing) {
    if (options.makePrivate && !existing.isPrivate) await sql.query('UPDATE repos SET private = 1 WHERE id = $1', [existing.id]);
    if (options.description !== undefined) await sql.query('UPDATE repos SET description = $1 WHERE id = $2', [options.description, existing.id]);
    return existing;
  }
  // The name now belongs to a real repository, so it no longer redirects.
  await sql.query('DELETE FROM repo_redirects WHERE owner = $1 AND name = $2', [options.owner, options.name]);
  await sql.query('INSERT INTO repos (owner, name, private, description, created_at, modified_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    options.owner, options.name, options.makePrivate ? 1 : 0, options.description ?? null, toIsoSeconds(nowMs), Math.floor(nowMs / 1000),
  ]);
  const created = await readRepo(sql, options.owner, options.name);
  if (!created) throw new Error('repository row vanished after insert');
  return created;
}

/** Moves the repository's data version (part of every ETag) and its Last-Modified. */
export async function touchRepo(sql: SqlRunner, repoId: number, nowMs: number): Promise<void> {
  await sql.query('UPDATE repos SET data_version = data_version + 1, modified_at = $1 WHERE id = $2', [Math.floor(nowMs / 1000), repoId]);
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
