/**
 * What a mirror remembers between runs, on PostgreSQL. A mirrored page is an
 * import, and opening a mirror may create or change its repository: readers
 * see both. A walk's progress, the source's privacy and the time a mirror
 * completed are the mirror's own bookkeeping, which no request reads, so
 * those writes leave every instance's caches alone.
 */
import { importSourceOf } from '../import-rows';
import type { ImportedComment, ImportedEvent, ImportedIssue } from '../import-schema';
import type { ImportOptions, MirrorRecord, MirrorWalk, MirrorWalkName, RepoRecord, SubIssueOrder } from '../records';
import type { MirrorStateStore } from '../storage';
import { importRows } from './postgres-import';
import { writeSubIssueOrders } from './postgres-issue-links';
import { ensureRepo, readRepo } from './postgres-repository-rows';
import type { SqlRunner } from './sql';
import type { WriteTransactions } from './write-transaction';

interface MirrorWalkRow extends Record<string, unknown> {
  walk: MirrorWalkName;
  first_url: string | null;
  etag: string | null;
  since: string | null;
  next_url: string | null;
  run_newest: string | null;
}

export class PostgresMirrorState implements MirrorStateStore {
  constructor(private readonly tx: WriteTransactions) {}

  async findMirror(owner: string, name: string, source: string): Promise<MirrorRecord | null> {
    const repo = await readRepo(this.tx.sql, owner, name);
    const record = repo ? await readMirror(this.tx.sql, repo) : null;
    return record !== null && record.source === source ? record : null;
  }

  openMirror(options: ImportOptions, source: string, nowMs: number): Promise<MirrorRecord> {
    return this.tx.write('seen-by-readers', async (sql) => {
      const repo = await ensureRepo(sql, options, nowMs);
      const existing = await readMirror(sql, repo);
      if (existing !== null && existing.source === source) return existing;
      await sql.query('DELETE FROM mirrors WHERE repo_id = $1', [repo.id]);
      await sql.query('INSERT INTO mirrors (repo_id, source) VALUES ($1, $2)', [repo.id, source]);
      const created = await readMirror(sql, (await readRepo(sql, repo.owner, repo.name)) ?? repo);
      if (!created) throw new Error('mirror row vanished after insert');
      return created;
    });
  }

  saveMirrorPage(
    options: ImportOptions,
    walk: MirrorWalkName,
    state: MirrorWalk,
    page: { issues: ImportedIssue[]; comments?: ImportedComment[]; events?: ImportedEvent[]; subIssueOrders?: SubIssueOrder[] },
    nowMs: number,
  ): Promise<void> {
    return this.tx.write('seen-by-readers', async (sql) => {
      const source = importSourceOf(page.issues, page.comments ?? [], { localAvatars: options.localAvatars ?? false }, page.events ?? []);
      const { repo } = await importRows(sql, options, source, nowMs);
      await writeSubIssueOrders(sql, repo.id, page.subIssueOrders ?? []);
      await saveWalk(sql, repo.id, walk, state);
    });
  }

  saveMirrorWalk(repoId: number, walk: MirrorWalkName, state: MirrorWalk): Promise<void> {
    return this.tx.write('bookkeeping', (sql) => saveWalk(sql, repoId, walk, state));
  }

  async setMirrorSourcePrivate(repoId: number, isPrivate: boolean): Promise<void> {
    await this.tx.write('bookkeeping', (sql) => sql.query('UPDATE mirrors SET source_private = $1 WHERE repo_id = $2', [isPrivate ? 1 : 0, repoId]));
  }

  async completeMirror(repoId: number, nowMs: number): Promise<void> {
    await this.tx.write('bookkeeping', (sql) => sql.query('UPDATE mirrors SET completed_at = $1 WHERE repo_id = $2', [Math.floor(nowMs / 1000), repoId]));
  }
}

async function readMirror(sql: SqlRunner, repo: RepoRecord): Promise<MirrorRecord | null> {
  const [row] = await sql.query<{ source: string; source_private: number | null; completed_at: number | null }>(
    'SELECT source, source_private, completed_at FROM mirrors WHERE repo_id = $1',
    [repo.id],
  );
  if (!row) return null;
  const walks = await sql.query<MirrorWalkRow>('SELECT * FROM mirror_walks WHERE repo_id = $1', [repo.id]);
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

async function saveWalk(sql: SqlRunner, repoId: number, walk: MirrorWalkName, state: MirrorWalk): Promise<void> {
  await sql.query(
    `INSERT INTO mirror_walks (repo_id, walk, first_url, etag, since, next_url, run_newest) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (repo_id, walk) DO UPDATE SET first_url = excluded.first_url, etag = excluded.etag, since = excluded.since,
       next_url = excluded.next_url, run_newest = excluded.run_newest`,
    [repoId, walk, state.firstUrl, state.etag, state.since, state.nextUrl, state.runNewest],
  );
}
