/**
 * Personal access tokens on SQLite (`TokenStore`), by hash: the token itself is never stored.
 */
import type { NewToken, TokenRecord } from '../records';
import type { TokenStore } from '../storage';
import { StoreRefusal } from '../store-error';
import type { SqliteConnection } from './connection';
import type { DerivedCaches } from './derived-caches';
import { findRepo, upsertUserIfMissing } from '../core/repository-rows';
import { SQLITE_DIALECT } from '../core/store-dialect';

export class SqliteTokenStore implements TokenStore {
  constructor(
    private readonly connection: SqliteConnection,
    private readonly caches: DerivedCaches,
  ) {}

  private stmt(sql: string) {
    return this.connection.stmt(sql);
  }

  findToken(hash: string): TokenRecord | null {
    const row = this.stmt('SELECT hash, login, name, expires_at, created_at FROM tokens WHERE hash = ?').get(hash) as
      | { hash: string; login: string; name: string; expires_at: number | null; created_at: number }
      | undefined;
    if (!row) return null;
    const repos = this.stmt('SELECT repo_id FROM token_repos WHERE token_hash = ?').all(hash) as Array<{ repo_id: number }>;
    return {
      hash: row.hash,
      login: row.login,
      name: row.name,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      privateRepoIds: new Set(repos.map((r) => r.repo_id)),
    };
  }

  createToken(token: NewToken, nowMs: number): void {
    this.connection.db.transaction(() => {
      const repoIds = token.repos.map((fullName) => {
        const [owner = '', name = ''] = fullName.split('/');
        const repo = this.connection.run(findRepo(SQLITE_DIALECT, owner, name));
        if (!repo) throw new StoreRefusal(`no repository ${fullName}`);
        return repo.id;
      });
      this.connection.run(upsertUserIfMissing(SQLITE_DIALECT, token.login));
      this.stmt('INSERT INTO tokens (hash, login, name, expires_at, created_at) VALUES (?, ?, ?, ?, ?)').run(
        token.hash, token.login, token.name, token.expiresAt, Math.floor(nowMs / 1000),
      );
      for (const id of repoIds) this.stmt('INSERT OR IGNORE INTO token_repos (token_hash, repo_id) VALUES (?, ?)').run(token.hash, id);
    }).immediate();
  }

  revokeToken(hash: string): boolean {
    const revoked = this.stmt('DELETE FROM tokens WHERE hash = ?').run(hash).changes > 0;
    this.caches.forgetDerived();
    return revoked;
  }
}
