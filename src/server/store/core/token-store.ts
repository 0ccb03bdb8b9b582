/**
 * Personal access tokens (`TokenStore`), by hash: the token itself is never stored. Written once
 * for both engines; each runs these operations in its own write transaction.
 */
import type { NewToken, TokenRecord } from '../records';
import { StoreRefusal } from '../store-error';
import { prepareQuery, rowsOf, type Operation } from './prepared-query';
import { findRepo, upsertUserIfMissing } from './repository-rows';
import type { StoreDialect } from './store-dialect';

/** The token and each repository it is granted, one row per grant (one row with a null `repo_id` when it has none). */
const TOKEN_WITH_GRANTS = prepareQuery((db, a: { hash: string }) =>
  db
    .selectFrom('tokens as t')
    .leftJoin('token_repos as g', 'g.token_hash', 't.hash')
    .select(['t.hash', 't.login', 't.name', 't.expires_at', 't.created_at', 'g.repo_id'])
    .where('t.hash', '=', a.hash),
);

const INSERT_TOKEN = prepareQuery((db, a: { hash: string; login: string; name: string; expiresAt: number | null; createdAt: number }) =>
  db.insertInto('tokens').values({ hash: a.hash, login: a.login, name: a.name, expires_at: a.expiresAt, created_at: a.createdAt }),
);

const GRANT_REPO = prepareQuery((db, a: { hash: string; repoId: number }) =>
  db
    .insertInto('token_repos')
    .values({ token_hash: a.hash, repo_id: a.repoId })
    .onConflict((oc) => oc.doNothing()),
);

/** RETURNING: what was deleted is what the engines' runners answer alike (a row count is not). */
const DELETE_TOKEN = prepareQuery((db, a: { hash: string }) => db.deleteFrom('tokens').where('hash', '=', a.hash).returning('hash'));

export function* findToken(dialect: StoreDialect, hash: string): Operation<TokenRecord | null> {
  if (dialect.namesNothing(hash)) return null;
  const rows = yield* rowsOf(TOKEN_WITH_GRANTS, dialect, { hash });
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

/** A token for `token.login`, granted `token.repos`; a repository that does not exist refuses it whole. */
export function* createToken(dialect: StoreDialect, token: NewToken, nowMs: number): Operation<void> {
  const repoIds: number[] = [];
  for (const fullName of token.repos) {
    const [owner = '', name = ''] = fullName.split('/');
    const repo = yield* findRepo(dialect, owner, name);
    if (!repo) throw new StoreRefusal(`no repository ${fullName}`);
    repoIds.push(repo.id);
  }
  yield* upsertUserIfMissing(dialect, token.login);
  yield INSERT_TOKEN.bind(dialect, { hash: token.hash, login: token.login, name: token.name, expiresAt: token.expiresAt, createdAt: Math.floor(nowMs / 1000) });
  for (const repoId of repoIds) yield GRANT_REPO.bind(dialect, { hash: token.hash, repoId });
}

/** Whether there was such a token to revoke. */
export function* revokeToken(dialect: StoreDialect, hash: string): Operation<boolean> {
  return (yield* rowsOf(DELETE_TOKEN, dialect, { hash })).length > 0;
}
