/**
 * Personal access tokens on PostgreSQL, by hash. Creating or revoking one is
 * seen by readers: every instance must stop (or start) accepting it.
 */
import type { NewToken, TokenRecord } from '../records';
import type { TokenStore } from '../storage';
import { StoreRefusal } from '../store-error';
import { readRepo, upsertUsers } from './postgres-repository-rows';
import { hasNul } from './sql';
import type { WriteTransactions } from './write-transaction';

export class PostgresTokenStore implements TokenStore {
  constructor(private readonly tx: WriteTransactions) {}

  async findToken(hash: string): Promise<TokenRecord | null> {
    if (hasNul(hash)) return null;
    const rows = await this.tx.sql.query<{ hash: string; login: string; name: string; expires_at: number | null; created_at: number; repo_id: number | null }>(
      `SELECT t.hash, t.login::text, t.name, t.expires_at, t.created_at, g.repo_id
       FROM tokens t LEFT JOIN token_repos g ON g.token_hash = t.hash WHERE t.hash = $1`,
      [hash],
    );
    const [row] = rows;
    if (!row) return null;
    return {
      hash: row.hash,
      login: row.login,
      name: row.name,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      privateRepoIds: new Set(rows.flatMap((r) => (r.repo_id === null ? [] : [r.repo_id]))),
    };
  }

  createToken(token: NewToken, nowMs: number): Promise<void> {
    return this.tx.write('seen-by-readers', async (sql) => {
      const repoIds: number[] = [];
      for (const fullName of token.repos) {
        const [owner = '', name = ''] = fullName.split('/');
        const repo = await readRepo(sql, owner, name);
        if (!repo) throw new StoreRefusal(`no repository ${fullName}`);
        repoIds.push(repo.id);
      }
      const known = await sql.query('SELECT 1 FROM users WHERE login = $1', [token.login]);
      if (known.length === 0) await upsertUsers(sql, [{ login: token.login }]);
      await sql.query('INSERT INTO tokens (hash, login, name, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)', [
        token.hash, token.login, token.name, token.expiresAt, Math.floor(nowMs / 1000),
      ]);
      if (repoIds.length > 0) {
        await sql.query('INSERT INTO token_repos (token_hash, repo_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [token.hash, repoIds]);
      }
    });
  }

  revokeToken(hash: string): Promise<boolean> {
    return this.tx.write('seen-by-readers', async (sql) => (await sql.query('DELETE FROM tokens WHERE hash = $1 RETURNING hash', [hash])).length > 0);
  }
}
