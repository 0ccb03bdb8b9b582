/**
 * What the import worker and the importing thread say to each other, and how rows travel:
 * each batch's documents are UTF-8 bytes in one ArrayBuffer, moved to the other thread
 * rather than copied, so the thread that inserts never holds the documents as strings
 * (and never converts them back to UTF-8 for SQLite). For PostgreSQL a batch of issues
 * travels as its COPY streams instead, moved the same way.
 */
import type { MessagePort } from 'node:worker_threads';
import type { LabelRecord } from '../store/build-documents';
import type { CommentRow, DocumentText, EventRow, ImportPlan, IssueRow } from '../store/import-rows';
import type { EncodedIssueBatch } from '../store/postgres/import-encoding';

export type RowFields<R> = Omit<R, 'doc'>;

export interface RowBatch<R> {
  rows: Array<RowFields<R>>;
  /** documents back to back */
  docs: ArrayBuffer;
  /** where each row's document ends in `docs` */
  ends: Uint32Array;
}

/** How the worker's failure is told to the command, so it reads as it would have in one thread. */
export type FailureKind = 'command' | 'store' | 'unexpected';

export type WorkerMessage =
  | { kind: 'plan'; plan: ImportPlan }
  | { kind: 'issues'; batch: RowBatch<IssueRow> }
  | { kind: 'encoded-issues'; batch: EncodedIssueBatch }
  | { kind: 'issues-end' }
  | { kind: 'comments'; batch: RowBatch<CommentRow> }
  | { kind: 'comments-end' }
  | { kind: 'events'; batch: RowBatch<EventRow> }
  | { kind: 'events-end' }
  | { kind: 'failed'; failure: FailureKind; message: string; stack?: string };

/** What the importing thread sends once the repository and its labels are stored. */
export interface BuildRequest {
  repoId: number;
  labels: Array<[string, LabelRecord]>;
  /**
   * Set by an import into PostgreSQL: the issues come encoded for its statements (the numbers
   * already stored go in as updates), so the importing thread only hands the bytes over.
   */
  encodeFor: { stored: number[] } | null;
}

/** A batch is sent when it has this many rows or this many bytes of documents. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

const encoder = new TextEncoder();

class BatchPacker<R extends { doc: DocumentText }> {
  private rows: Array<RowFields<R>> = [];
  private ends: number[] = [];
  private bytes = new Uint8Array(BATCH_BYTES);
  private used = 0;

  add(row: R): void {
    const { doc, ...fields } = row;
    if (typeof doc === 'string') {
      // UTF-8 takes at most three bytes for each UTF-16 unit.
      this.reserve(doc.length * 3);
      this.used += encoder.encodeInto(doc, this.bytes.subarray(this.used)).written;
    } else {
      this.reserve(doc.length);
      this.bytes.set(doc, this.used);
      this.used += doc.length;
    }
    this.rows.push(fields);
    this.ends.push(this.used);
  }

  get full(): boolean {
    return this.rows.length >= BATCH_ROWS || this.used >= BATCH_BYTES;
  }

  get empty(): boolean {
    return this.rows.length === 0;
  }

  /** The batch so far (its buffer is handed over, to be transferred), and a fresh one begun. */
  take(): RowBatch<R> {
    const batch = { rows: this.rows, docs: this.bytes.buffer as ArrayBuffer, ends: Uint32Array.from(this.ends) };
    this.rows = [];
    this.ends = [];
    this.bytes = new Uint8Array(BATCH_BYTES);
    this.used = 0;
    return batch;
  }

  private reserve(extra: number): void {
    if (this.used + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + extra));
    grown.set(this.bytes.subarray(0, this.used));
    this.bytes = grown;
  }
}

/** `items`' rows, built one by one as the batches are taken. */
export function* inBatches<T, R extends { doc: DocumentText }>(items: Iterable<T>, rowOf: (item: T) => R): Generator<RowBatch<R>> {
  const packer = new BatchPacker<R>();
  for (const item of items) {
    packer.add(rowOf(item));
    if (packer.full) yield packer.take();
  }
  if (!packer.empty) yield packer.take();
}

/** The rows of a batch again, each document a view of the batch's bytes. */
export function* unpack<R>(batch: RowBatch<R>): Generator<RowFields<R> & { doc: Buffer }> {
  let start = 0;
  for (const [i, fields] of batch.rows.entries()) {
    const end = batch.ends[i] ?? start;
    yield { ...fields, doc: Buffer.from(batch.docs, start, end - start) };
    start = end;
  }
}

/** What the worker is started with. */
export interface ImportWorkerData {
  issuesFile: string;
  commentsFile: string | null;
  eventsFile: string | null;
  localAvatars: boolean;
  /** the worker's end of the channel: batches go out, the one BuildRequest comes in */
  port: MessagePort;
  counters: Int32Array;
}

/** Batches built ahead of the inserts: enough that the inserting thread never waits for one that is ready. */
export const BATCHES_AHEAD = 8;
