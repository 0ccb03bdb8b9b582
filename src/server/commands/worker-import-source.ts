/**
 * The `import` command's rows, built on a worker thread (import-worker.ts) while this thread
 * inserts them. A 100,000-entry import was one thread doing everything in turn: parsing and
 * validating the JSON, building and serialising each document, then SQLite inserting it. Now
 * the worker builds batch n+1 while SQLite inserts batch n, and the store's transaction stays
 * synchronous: it takes each batch with a blocking receive (blocking-channel.ts).
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { LabelRecord } from '../store/build-documents';
import type { CommentRow, EventRow, ImportPlan, ImportSource, IssueRow, RowStream } from '../store/import-rows';
import { StoreError } from '../store/store-error';
import { BlockingReceiver, ChannelClosedError, newChannelCounters } from './blocking-channel';
import { CommandError } from './command-error';
import { unpack, type BuildRequest, type ImportWorkerData, type WorkerMessage } from './import-batches';
import { startSupervisedWorker, type SupervisedWorker } from './worker-supervisor';

const WORKER_MODULE = new URL('./import-worker.ts', import.meta.url);

type RowKind = 'issues' | 'comments' | 'events';

export interface ImportFilesToRead {
  issuesFile: string;
  commentsFile: string | null;
  eventsFile: string | null;
  localAvatars: boolean;
}

export class WorkerImportSource implements ImportSource {
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

  issueRows(repoId: number, labels: ReadonlyMap<string, LabelRecord>, wanted = { searchVectors: false }): RowStream<IssueRow> {
    const request: BuildRequest = { repoId, labels: [...labels], searchVectors: wanted.searchVectors };
    this.port.postMessage(request);
    return this.rows('issues', (m) => (m.kind === 'issues' ? unpack(m.batch) : null));
  }

  commentRows(): RowStream<CommentRow> {
    return this.rows('comments', (m) => (m.kind === 'comments' ? unpack(m.batch) : null));
  }

  eventRows(): RowStream<EventRow> {
    return this.rows('events', (m) => (m.kind === 'events' ? unpack(m.batch) : null));
  }

  /** Stops the worker, finished or not. */
  close(): void {
    this.receiver.close();
    this.port.close();
    this.worker.stop();
  }

  /** The rows of one kind's batches up to its end (`rowsOf` a batch's, null at the end), taken blocking or awaited, as the caller iterates. */
  private rows<R>(kind: RowKind, rowsOf: (m: WorkerMessage) => Iterable<R> | null): RowStream<R> {
    const end = `${kind}-end` as const;
    const next = () => rowsOf(this.expect(kind, end));
    const nextWhenSent = async () => rowsOf(await this.expectWhenSent(kind, end));
    return {
      *[Symbol.iterator]() {
        for (let rows = next(); rows !== null; rows = next()) yield* rows;
      },
      async *[Symbol.asyncIterator]() {
        for (let rows = await nextWhenSent(); rows !== null; rows = await nextWhenSent()) yield* rows;
      },
    };
  }

  private expect<K extends WorkerMessage['kind']>(...kinds: K[]): Extract<WorkerMessage, { kind: K }> {
    return this.received(() => this.receiver.receive(), kinds);
  }

  private async expectWhenSent<K extends WorkerMessage['kind']>(...kinds: K[]): Promise<Extract<WorkerMessage, { kind: K }>> {
    let message: unknown;
    try {
      message = await this.receiver.receiveWhenSent();
    } catch (err) {
      return this.received(() => {
        throw err;
      }, kinds);
    }
    return this.received(() => message, kinds);
  }

  /** What `receive` gave, checked: the worker's failure thrown as its own error, a message out of turn refused. */
  private received<K extends WorkerMessage['kind']>(receive: () => unknown, kinds: K[]): Extract<WorkerMessage, { kind: K }> {
    let message: WorkerMessage;
    try {
      message = receive() as WorkerMessage;
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
      if (message.failure === 'store') throw new StoreError(message.message);
      const error = new Error(message.message);
      if (message.stack !== undefined) error.stack = message.stack;
      throw error;
    }
    if (!(kinds as string[]).includes(message.kind)) throw new Error(`the import worker sent ${message.kind} where ${kinds.join(' or ')} was due`);
    return message as Extract<WorkerMessage, { kind: K }>;
  }
}
