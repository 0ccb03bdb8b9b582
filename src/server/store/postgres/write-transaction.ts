/**
 * How the PostgreSQL storage runs its statements: on the pool, or on the one
 * connection of an `atomically` transaction, whose writes become savepoints.
 *
 * Each write says whether it changes what readers see. Only such a write
 * bumps `store_version` in its own transaction, whose notification makes
 * every instance drop what it derived from the data (change-listener.ts);
 * bookkeeping that no reader sees (a mirror's progress) leaves every
 * instance's caches alone.
 */
import pg from 'pg';
import type { ChangeSource } from './change-listener';
import { sqlOf, type SqlRunner } from './sql';

/** What a write changes: something readers see (issues, repositories, tokens …), or only the writer's own bookkeeping. */
export type WriteEffect = 'seen-by-readers' | 'bookkeeping';

/** The writes of one `atomically` transaction so far: whether any of them is seen by readers. */
interface AtomicWrites {
  seenByReaders: boolean;
}

export class WriteTransactions {
  /** the pool's, or the transaction's, statements */
  readonly sql: SqlRunner;

  constructor(
    private readonly pool: pg.Pool,
    readonly changes: ChangeSource,
    /** the transaction of `atomically`, when this is its view */
    private readonly transaction: { client: pg.PoolClient; writes: AtomicWrites } | null = null,
  ) {
    this.sql = sqlOf(transaction?.client ?? pool);
  }

  /** the pool's statements, outside any transaction */
  get poolSql(): SqlRunner {
    return sqlOf(this.pool);
  }

  get inTransaction(): boolean {
    return this.transaction !== null;
  }

  /** Runs `work` as one write transaction, or, inside `atomically`, as a savepoint of its transaction. */
  async write<T>(effect: WriteEffect, work: (sql: SqlRunner) => Promise<T>): Promise<T> {
    if (!this.transaction) return this.transactionOf('BEGIN', () => effect === 'seen-by-readers', (client) => work(sqlOf(client)));
    const sql = this.sql;
    await sql.query('SAVEPOINT write');
    try {
      const result = await work(sql);
      await sql.query('RELEASE SAVEPOINT write');
      // A write rolled back to its savepoint changed nothing; one kept counts at the outer commit.
      if (effect === 'seen-by-readers') this.transaction.writes.seenByReaders = true;
      return result;
    } catch (err) {
      await sql.query('ROLLBACK TO SAVEPOINT write');
      throw err;
    }
  }

  /** Runs `work` in one transaction on one connection; it moves the store version only if one of its writes is seen by readers. */
  atomically<T>(work: (view: WriteTransactions) => Promise<T>): Promise<T> {
    if (this.transaction) return work(this);
    const writes: AtomicWrites = { seenByReaders: false };
    return this.transactionOf(
      'BEGIN',
      () => writes.seenByReaders,
      (client) => work(new WriteTransactions(this.pool, this.changes, { client, writes })),
    );
  }

  /** Runs `read` in one read-only snapshot (inside `atomically`, in its transaction). */
  inSnapshot<T>(read: (sql: SqlRunner) => Promise<T>): Promise<T> {
    if (this.transaction) return read(this.sql);
    return this.transactionOf('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', () => false, (client) => read(sqlOf(client)));
  }

  /**
   * Runs `work` on one pooled connection inside `BEGIN` (with `begin`'s options) … `COMMIT`,
   * rolled back if it fails. When `seenByReaders()` says so once the work is done, the store
   * version moves in the same transaction, which notifies every instance at commit.
   */
  private async transactionOf<T>(begin: string, seenByReaders: () => boolean, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const sql = sqlOf(client);
    let bumped = false;
    try {
      await sql.query(begin);
      const result = await work(client);
      if (seenByReaders()) {
        bumped = true;
        await sql.query('UPDATE store_version SET version = version + 1 WHERE id = 1');
      }
      await sql.query('COMMIT');
      return result;
    } catch (err) {
      await sql.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
      // Also when the commit's outcome is unknown: forgetting too much costs only a re-read.
      if (bumped) this.changes.bump();
    }
  }
}
