/**
 * The `import` command's rows, built on a worker thread (import-worker.ts) while this thread
 * inserts them. A 100,000-entry import was one thread doing everything in turn: parsing and
 * validating the JSON, building and serialising each document, then SQLite inserting it. Now
 * the worker builds batch n+1 while SQLite inserts batch n, and the store's transaction stays
 * synchronous: it takes each batch with a blocking receive (blocking-channel.ts).
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { LabelRecord } from '../store/build-documents';
import type { CommentRow, EventRow, ImportPlan, IssueRow } from '../store/import-rows';
import type { EncodedIssueBatch, EncodingImportSource } from '../store/postgres/import-encoding';
import { StoreRefusal } from '../store/store-error';
import { BlockingReceiver, ChannelClosedError, newChannelCounters } from './blocking-channel';
import { CommandError } from './command-error';
import { unpack, type BuildRequest, type ImportWorkerData, type WorkerMessage } from './import-batches';
import { startSupervisedWorker, type SupervisedWorker } from './worker-supervisor';

const WORKER_MODULE = new URL('./import-worker.ts', import.meta.url);

export interface ImportFilesToRead {
  issuesFile: string;
  commentsFile: string | null;
  eventsFile: string | null;
  localAvatars: boolean;
}

/** A batch as it arrives: each stream a Uint8Array over the memory that moved, made a Buffer again. */
function asBuffers(batch: EncodedIssueBatch): EncodedIssueBatch {
  const buffer = (bytes: Uint8Array | null): Buffer | null => (bytes === null ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const { fresh, searchText, links } = batch.encoded;
  return {
    ...batch,
    encoded: {
      ...batch.encoded,
      fresh: buffer(fresh),
      searchText: buffer(searchText),
      links: { issue_labels: buffer(links.issue_labels), issue_assignees: buffer(links.issue_assignees), issue_references: buffer(links.issue_references) },
    },
  };
}

export class WorkerImportSource implements EncodingImportSource {
  private readonly worker: SupervisedWorker;
  private readonly port: MessagePort;
  private readonly receiver: BlockingReceiver;
  private planned: ImportPlan | null = null;

  /** Starts reading the files at once, on the worker. */
  constructor(files: ImportFilesToRead) {
    const { port1, port2 } = new MessageChannel();
    const counters = newChannelCounters();
    const workerData: ImportWorkerData = { ...files, port: port2, counters };
    this.worker = startSupervisedWorker(WORKER_MODULE, { workerData, transferList: [port2], counters });
    this.port = port1;
    this.receiver = new BlockingReceiver(port1, counters);
  }

  /** Waits for the worker to have read, validated and planned the files. */
  get plan(): ImportPlan {
    this.planned ??= this.expect('plan').plan;
    return this.planned;
  }

  *issueRows(repoId: number, labels: ReadonlyMap<string, LabelRecord>): Generator<IssueRow> {
    const request: BuildRequest = { repoId, labels: [...labels], encodeFor: null };
    this.port.postMessage(request);
    for (let m = this.expect('issues', 'issues-end'); m.kind === 'issues'; m = this.expect('issues', 'issues-end')) yield* unpack(m.batch);
  }

  *encodedIssueBatches(repoId: number, labels: ReadonlyMap<string, LabelRecord>, stored: ReadonlySet<number>): Generator<EncodedIssueBatch> {
    const request: BuildRequest = { repoId, labels: [...labels], encodeFor: { stored: [...stored] } };
    this.port.postMessage(request);
    for (let m = this.expect('encoded-issues', 'issues-end'); m.kind === 'encoded-issues'; m = this.expect('encoded-issues', 'issues-end')) {
      yield asBuffers(m.batch);
    }
  }

  *commentRows(): Generator<CommentRow> {
    for (let m = this.expect('comments', 'comments-end'); m.kind === 'comments'; m = this.expect('comments', 'comments-end')) yield* unpack(m.batch);
  }

  *eventRows(): Generator<EventRow> {
    for (let m = this.expect('events', 'events-end'); m.kind === 'events'; m = this.expect('events', 'events-end')) yield* unpack(m.batch);
  }

  /** Stops the worker, finished or not. */
  close(): void {
    this.receiver.close();
    this.port.close();
    this.worker.stop();
  }

  private expect<K extends WorkerMessage['kind']>(...kinds: K[]): Extract<WorkerMessage, { kind: K }> {
    let message: WorkerMessage;
    try {
      message = this.receiver.receive() as WorkerMessage;
    } catch (err) {
      if (err instanceof ChannelClosedError) {
        const why = this.worker.failure();
        throw new Error(`the import worker stopped before it had sent every row${why === null ? '' : `: ${why}`}`);
      }
      throw err;
    }
    if (message.kind === 'failed') {
      // The worker's error, as the command would have thrown it on one thread.
      if (message.failure === 'command') throw new CommandError(message.message);
      if (message.failure === 'store') throw new StoreRefusal(message.message);
      const error = new Error(message.message);
      if (message.stack !== undefined) error.stack = message.stack;
      throw error;
    }
    if (!(kinds as string[]).includes(message.kind)) throw new Error(`the import worker sent ${message.kind} where ${kinds.join(' or ')} was due`);
    return message as Extract<WorkerMessage, { kind: K }>;
  }
}
