/**
 * Repositories and users, written once for both engines: the reads a request starts with
 * (`RepositoryReader`), and the rows an import, a mirror or a token writes for them.
 */
import { toIsoSeconds } from '../../../shared/iso-seconds';
import { userId } from '../build-documents';
import { cleanText } from '../issue-document';
import type { ImportedUser } from '../import-schema';
import type { ImportOptions, RepoRecord, UserRecord } from '../records';
import { toRepo } from '../repo-row';
import { execute, prepareQuery, rowsOf, type Operation } from './prepared-query';
import type { StoreDialect } from './store-dialect';

const REPO_BY_NAME = prepareQuery((db, a: { owner: string; name: string }) =>
  db.selectFrom('repos').selectAll().where('owner', '=', a.owner).where('name', '=', a.name),
);

const RENAMED_REPO = prepareQuery((db, a: { owner: string; name: string }) =>
  db.selectFrom('repo_redirects as d').innerJoin('repos as r', 'r.id', 'd.repo_id').selectAll('r').where('d.owner', '=', a.owner).where('d.name', '=', a.name),
);

const USER_BY_LOGIN = prepareQuery((db, a: { login: string }) => db.selectFrom('users').select(['login', 'id', 'name', 'type']).where('login', '=', a.login));

const MAKE_PRIVATE = prepareQuery((db, a: { id: number }) => db.updateTable('repos').set({ private: 1 }).where('id', '=', a.id));

const SET_DESCRIPTION = prepareQuery((db, a: { id: number; description: string | null }) =>
  db.updateTable('repos').set({ description: a.description }).where('id', '=', a.id),
);

const DROP_REDIRECT = prepareQuery((db, a: { owner: string; name: string }) =>
  db.deleteFrom('repo_redirects').where('owner', '=', a.owner).where('name', '=', a.name),
);

const INSERT_REPO = prepareQuery(
  (db, a: { owner: string; name: string; private: number; description: string | null; createdAt: string; modifiedAt: number }) =>
    db.insertInto('repos').values({
      owner: a.owner,
      name: a.name,
      private: a.private,
      description: a.description,
      created_at: a.createdAt,
      modified_at: a.modifiedAt,
    }),
);

const UPSERT_USER = prepareQuery((db, a: { login: string; id: number; name: string | null; type: string }) =>
  db
    .insertInto('users')
    .values({ login: a.login, id: a.id, name: a.name, type: a.type })
    .onConflict((oc) =>
      oc.column('login').doUpdateSet((eb) => ({
        id: eb.ref('excluded.id'),
        name: eb.fn.coalesce('excluded.name', 'users.name'),
        type: eb.ref('excluded.type'),
      })),
    ),
);

const TOUCH_REPO = prepareQuery((db, a: { id: number; modifiedAt: number }) =>
  db
    .updateTable('repos')
    .set((eb) => ({ data_version: eb('data_version', '+', 1), modified_at: a.modifiedAt }))
    .where('id', '=', a.id),
);

export function* findRepo(dialect: StoreDialect, owner: string, name: string): Operation<RepoRecord | null> {
  if (dialect.namesNothing(owner, name)) return null;
  const [row] = yield* rowsOf(REPO_BY_NAME, dialect, { owner, name });
  return row ? toRepo(row) : null;
}

export function* findRenamed(dialect: StoreDialect, owner: string, name: string): Operation<RepoRecord | null> {
  if (dialect.namesNothing(owner, name)) return null;
  const [row] = yield* rowsOf(RENAMED_REPO, dialect, { owner, name });
  return row ? toRepo(row) : null;
}

export function* findUser(dialect: StoreDialect, login: string): Operation<UserRecord | null> {
  if (dialect.namesNothing(login)) return null;
  const [row] = yield* rowsOf(USER_BY_LOGIN, dialect, { login });
  // The column holds only what `upsertUser` writes: 'User', 'Bot' or 'Organization'.
  return row ? (row as UserRecord) : null;
}

/** The repository an import or mirror writes to, created on first use; its privacy only ever tightens. */
export function* ensureRepo(dialect: StoreDialect, options: ImportOptions, nowMs: number): Operation<RepoRecord> {
  const existing = yield* findRepo(dialect, options.owner, options.name);
  if (existing) {
    if (options.makePrivate && !existing.isPrivate) yield MAKE_PRIVATE.bind(dialect, { id: existing.id });
    if (options.description !== undefined) yield SET_DESCRIPTION.bind(dialect, { id: existing.id, description: options.description });
    return existing;
  }
  // The name now belongs to a real repository, so it no longer redirects.
  yield DROP_REDIRECT.bind(dialect, { owner: options.owner, name: options.name });
  yield INSERT_REPO.bind(dialect, {
    owner: options.owner,
    name: options.name,
    private: options.makePrivate ? 1 : 0,
    description: options.description ?? null,
    createdAt: toIsoSeconds(nowMs),
    modifiedAt: Math.floor(nowMs / 1000),
  });
  const created = yield* findRepo(dialect, options.owner, options.name);
  if (!created) throw new Error('repository row vanished after insert');
  return created;
}

/** Writes one user; `lastWordOnEachUser` first folds an import's many mentions of each into one. */
export function upsertUser(dialect: StoreDialect, user: ImportedUser): Operation<void> {
  return execute(
    UPSERT_USER.bind(dialect, {
      login: cleanText(user.login),
      id: userId(user),
      name: user.name ?? null,
      type: user.type ?? (user.login.endsWith('[bot]') ? 'Bot' : 'User'),
    }),
  );
}

export function* upsertUserIfMissing(dialect: StoreDialect, login: string): Operation<void> {
  if (!(yield* findUser(dialect, login))) yield* upsertUser(dialect, { login });
}

/** Moves the repository's data version (part of every ETag) and its Last-Modified. */
export function touchRepo(dialect: StoreDialect, repoId: number, nowMs: number): Operation<void> {
  return execute(TOUCH_REPO.bind(dialect, { id: repoId, modifiedAt: Math.floor(nowMs / 1000) }));
}
