/**
 * What a mirror remembers between runs (`MirrorStateStore`), written once for both engines: the
 * source a local repository is copied from, and how far each of its walks (issues, comments,
 * events) has come. Opening a mirror may create or change its repository, which readers see; a
 * walk's progress, the source's privacy and the time a mirror completed are the mirror's own
 * bookkeeping, which no request reads (the engines' write transactions say which is which).
 * A mirrored page is an import, which each engine writes its own way.
 */
import type { ImportOptions, MirrorRecord, MirrorWalk, MirrorWalkName, RepoRecord } from '../records';
import { execute, prepareQuery, rowsOf, type Operation } from './prepared-query';
import { ensureRepo, findRepo } from './repository-rows';
import type { StoreDialect } from './store-dialect';

const MIRROR_OF_REPO = prepareQuery((db, a: { repoId: number }) =>
  db.selectFrom('mirrors').select(['source', 'source_private', 'completed_at']).where('repo_id', '=', a.repoId),
);

const WALKS_OF_REPO = prepareQuery((db, a: { repoId: number }) => db.selectFrom('mirror_walks').selectAll().where('repo_id', '=', a.repoId));

const DELETE_MIRROR = prepareQuery((db, a: { repoId: number }) => db.deleteFrom('mirrors').where('repo_id', '=', a.repoId));

const INSERT_MIRROR = prepareQuery((db, a: { repoId: number; source: string }) => db.insertInto('mirrors').values({ repo_id: a.repoId, source: a.source }));

const SAVE_WALK = prepareQuery(
  (db, a: { repoId: number; walk: MirrorWalkName; firstUrl: string | null; etag: string | null; since: string | null; nextUrl: string | null; runNewest: string | null }) =>
    db
      .insertInto('mirror_walks')
      .values({ repo_id: a.repoId, walk: a.walk, first_url: a.firstUrl, etag: a.etag, since: a.since, next_url: a.nextUrl, run_newest: a.runNewest })
      .onConflict((oc) =>
        oc.columns(['repo_id', 'walk']).doUpdateSet((eb) => ({
          first_url: eb.ref('excluded.first_url'),
          etag: eb.ref('excluded.etag'),
          since: eb.ref('excluded.since'),
          next_url: eb.ref('excluded.next_url'),
          run_newest: eb.ref('excluded.run_newest'),
        })),
      ),
);

const SET_SOURCE_PRIVATE = prepareQuery((db, a: { repoId: number; sourcePrivate: number }) =>
  db.updateTable('mirrors').set({ source_private: a.sourcePrivate }).where('repo_id', '=', a.repoId),
);

const SET_COMPLETED = prepareQuery((db, a: { repoId: number; completedAt: number }) =>
  db.updateTable('mirrors').set({ completed_at: a.completedAt }).where('repo_id', '=', a.repoId),
);

function* readMirror(dialect: StoreDialect, repo: RepoRecord): Operation<MirrorRecord | null> {
  const [row] = yield* rowsOf(MIRROR_OF_REPO, dialect, { repoId: repo.id });
  if (!row) return null;
  const walks = yield* rowsOf(WALKS_OF_REPO, dialect, { repoId: repo.id });
  const walkOf = (name: MirrorWalkName): MirrorWalk => {
    const w = walks.find((r) => r.walk === name);
    return { firstUrl: w?.first_url ?? null, etag: w?.etag ?? null, since: w?.since ?? null, nextUrl: w?.next_url ?? null, runNewest: w?.run_newest ?? null };
  };
  return {
    repo,
    source: row.source,
    sourcePrivate: row.source_private === null ? null : row.source_private === 1,
    completedAt: row.completed_at,
    walks: { issues: walkOf('issues'), comments: walkOf('comments'), events: walkOf('events') },
  };
}

/** The mirror of `owner/name`, if it is copied from `source`. */
export function* findMirror(dialect: StoreDialect, owner: string, name: string, source: string): Operation<MirrorRecord | null> {
  const repo = yield* findRepo(dialect, owner, name);
  const record = repo ? yield* readMirror(dialect, repo) : null;
  return record !== null && record.source === source ? record : null;
}

/** The mirror of the repository from `source`, created (with the repository) on first use; another source starts it afresh. */
export function* openMirror(dialect: StoreDialect, options: ImportOptions, source: string, nowMs: number): Operation<MirrorRecord> {
  const repo = yield* ensureRepo(dialect, options, nowMs);
  const existing = yield* readMirror(dialect, repo);
  if (existing !== null && existing.source === source) return existing;
  yield DELETE_MIRROR.bind(dialect, { repoId: repo.id });
  yield INSERT_MIRROR.bind(dialect, { repoId: repo.id, source });
  const created = yield* readMirror(dialect, (yield* findRepo(dialect, repo.owner, repo.name)) ?? repo);
  if (!created) throw new Error('mirror row vanished after insert');
  return created;
}

export function saveMirrorWalk(dialect: StoreDialect, repoId: number, walk: MirrorWalkName, state: MirrorWalk): Operation<void> {
  return execute(
    SAVE_WALK.bind(dialect, { repoId, walk, firstUrl: state.firstUrl, etag: state.etag, since: state.since, nextUrl: state.nextUrl, runNewest: state.runNewest }),
  );
}

export function setMirrorSourcePrivate(dialect: StoreDialect, repoId: number, isPrivate: boolean): Operation<void> {
  return execute(SET_SOURCE_PRIVATE.bind(dialect, { repoId, sourcePrivate: isPrivate ? 1 : 0 }));
}

export function completeMirror(dialect: StoreDialect, repoId: number, nowMs: number): Operation<void> {
  return execute(SET_COMPLETED.bind(dialect, { repoId, completedAt: Math.floor(nowMs / 1000) }));
}
