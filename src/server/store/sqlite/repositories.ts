/**
 * Repositories and users on SQLite: the reads a request starts with (`RepositoryReader`), and
 * the rows an import, a mirror or a token writes for them.
 */
import { toIsoSeconds } from '../../../shared/iso-seconds';
import { userId } from '../build-documents';
import { cleanText } from '../issue-document';
import type { ImportedUser } from '../import-schema';
import type { ImportOptions, RepoRecord, UserRecord } from '../records';
import { toRepo, type RepoRow } from '../repo-row';
import type { RepositoryReader } from '../storage';
import type { SqliteConnection } from './connection';

export class SqliteRepositories implements RepositoryReader {
  constructor(private readonly connection: SqliteConnection) {}

  private stmt(sql: string) {
    return this.connection.stmt(sql);
  }

  findRepo(owner: string, name: string): RepoRecord | null {
    const row = this.stmt('SELECT * FROM repos WHERE owner = ? AND name = ?').get(owner, name) as RepoRow | undefined;
    return row ? toRepo(row) : null;
  }

  findRenamed(owner: string, name: string): RepoRecord | null {
    const row = this.stmt(
      'SELECT r.* FROM repo_redirects d JOIN repos r ON r.id = d.repo_id WHERE d.owner = ? AND d.name = ?',
    ).get(owner, name) as RepoRow | undefined;
    return row ? toRepo(row) : null;
  }

  findUser(login: string): UserRecord | null {
    const row = this.stmt('SELECT login, id, name, type FROM users WHERE login = ?').get(login) as UserRecord | undefined;
    return row ?? null;
  }

  ensureRepo(options: ImportOptions, nowMs: number): RepoRecord {
    const existing = this.findRepo(options.owner, options.name);
    if (existing) {
      if (options.makePrivate && !existing.isPrivate) this.stmt('UPDATE repos SET private = 1 WHERE id = ?').run(existing.id);
      if (options.description !== undefined) this.stmt('UPDATE repos SET description = ? WHERE id = ?').run(options.description, existing.id);
      return existing;
    }
    // The name now belongs to a real repository, so it no longer redirects.
    this.stmt('DELETE FROM repo_redirects WHERE owner = ? AND name = ?').run(options.owner, options.name);
    this.stmt('INSERT INTO repos (owner, name, private, description, created_at, modified_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      options.owner, options.name, options.makePrivate ? 1 : 0, options.description ?? null, toIsoSeconds(nowMs), Math.floor(nowMs / 1000),
    );
    const created = this.findRepo(options.owner, options.name);
    if (!created) throw new Error('repository row vanished after insert');
    return created;
  }

  /** Writes one user; `lastWordOnEachUser` first folds an import's many mentions of each into one. */
  upsertUser(user: ImportedUser): void {
    this.stmt(
      `INSERT INTO users (login, id, name, type) VALUES (?, ?, ?, ?)
       ON CONFLICT (login) DO UPDATE SET id = excluded.id, name = COALESCE(excluded.name, users.name), type = excluded.type`,
    ).run(cleanText(user.login), userId(user), user.name ?? null, user.type ?? (user.login.endsWith('[bot]') ? 'Bot' : 'User'));
  }

  upsertUserIfMissing(login: string): void {
    if (!this.findUser(login)) this.upsertUser({ login });
  }

  touch(repoId: number, nowMs: number): void {
    this.stmt('UPDATE repos SET data_version = data_version + 1, modified_at = ? WHERE id = ?').run(Math.floor(nowMs / 1000), repoId);
  }
}
