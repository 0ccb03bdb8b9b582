/**
 * How the PostgreSQL engine's modules run SQL: `query(text, args)` on a pool
 * or on one client (inside a transaction), rows as plain objects, with BIGINT
 * read as a JavaScript number as SQLite gives it (ids, issue numbers, Unix
 * seconds and milliseconds all stay far below 2^53).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import type { Operation } from '../core/prepared-query';

export type Row = Record<string, unknown>;

/** One connection's or the pool's way to run a statement; `$1, $2 …` placeholders. */
export interface SqlRunner {
  /**
   * With `name`, the statement is prepared once per connection under that name and only
   * bound and run after that: for a statement run on every request (the rate limit's take).
   */
  query<R extends Row = Row>(text: string, args?: readonly unknown[], name?: string): Promise<R[]>;
  /** Runs `COPY … FROM STDIN` with `data` as what it reads (pg-copy-streams: pg has no COPY of its own). */
  copyFrom(statement: string, data: Buffer): Promise<void>;
}

const INT8_OID = 20;

/** The type parsers every connection of the engine uses (pg's `types` option). */
export const ENGINE_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export function sqlOf(runner: pg.Pool | pg.ClientBase): SqlRunner {
  return {
    async query<R extends Row = Row>(text: string, args: readonly unknown[] = [], name?: string): Promise<R[]> {
      const result = await runner.query<R>({ text, values: [...args], types: ENGINE_TYPES, ...(name === undefined ? {} : { name }) });
      return result.rows;
    },
    async copyFrom(statement: string, data: Buffer): Promise<void> {
      if (!(runner instanceof pg.Pool)) return pipeline(Readable.from([data]), runner.query(copyFromStdin(statement)));
      const client = await runner.connect();
      try {
        await pipeline(Readable.from([data]), client.query(copyFromStdin(statement)));
        client.release();
      } catch (err) {
        // A connection whose COPY failed half way is not given to the next caller.
        client.release(true);
        throw err;
      }
    },
  };
}

/** Runs one of the shared core's operations (core/): each statement it yields, in order, on `sql`. */
export async function runOperation<T>(sql: SqlRunner, operation: Operation<T>): Promise<T> {
  let step = operation.next();
  while (!step.done) {
    const rows = await sql.query(step.value.sql, step.value.parameters);
    step = operation.next(step.value.firstColumn ? rows.map((row) => Object.values(row)[0]) : rows);
  }
  return step.value;
}

/**
 * PostgreSQL's text cannot hold U+0000, where SQLite's can; nothing stored ever
 * holds it (imports drop control characters), so a name or login a request
 * gives with one names nothing, and the lookup answers so without asking.
 */
export function hasNul(...values: ReadonlyArray<string | null | undefined>): boolean {
  return values.some((v) => v != null && v.includes('\u0000'));
}

/** The first row's first column as a number (`SELECT COUNT(*) AS n …`). */
export async function countOf(sql: SqlRunner, text: string, args: readonly unknown[] = []): Promise<number> {
  const rows = await sql.query(text, args);
  const first = rows[0];
  return first === undefined ? 0 : Number(Object.values(first)[0]);
}

/**
 * Placeholders for SQL assembled in pieces: `next(value)` returns `$n` for
 * the value and keeps it, so fragments never count parameters by hand.
 */
export class Params {
  readonly values: unknown[] = [];

  next(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
