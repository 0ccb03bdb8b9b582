/**
 * Messages from a worker thread that the receiving thread waits for without returning to its
 * event loop: the store's import is one synchronous SQLite transaction, and it takes its rows
 * from the worker as they are built. A MessagePort carries the messages; a few shared
 * counters say when one has been sent, hold the sender back when the receiver is behind
 * (so the rows built ahead stay a few batches, not the whole import), and tell each side
 * that the other has given up.
 */
import { receiveMessageOnPort, type MessagePort, type TransferListItem } from 'node:worker_threads';

const SENT = 0;
const RECEIVED = 1;
/** set by the sender when it stops, by the receiver when it no longer wants messages */
const CLOSED = 2;
const SLOTS = 3;
/** how often a waiting side looks again whether the other has closed, in case a wake-up was lost */
const RECHECK_MS = 1000;

export class ChannelClosedError extends Error {}

/**
 * JavaScript that closes a channel as `BlockingSender.close` does, for a supervising thread to run
 * when the sender's thread has ended (worker-supervisor.ts). `counters` is an expression for the
 * channel's counters there.
 */
export function closeChannelScript(counters: string): string {
  return `{ const c = ${counters}; Atomics.store(c, ${CLOSED}, 1); Atomics.add(c, ${SENT}, 1); Atomics.notify(c, ${SENT}); }`;
}

export function newChannelCounters(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT));
}

export class BlockingSender {
  constructor(
    private readonly port: MessagePort,
    private readonly counters: Int32Array,
    /** how many sent messages may wait unread before `send` waits */
    private readonly maxAhead: number,
  ) {}

  /** Sends, first waiting while `maxAhead` messages are unread; throws once the receiver has closed. */
  send(message: unknown, transfer: readonly TransferListItem[] = []): void {
    for (;;) {
      if (Atomics.load(this.counters, CLOSED) !== 0) throw new ChannelClosedError('the receiver stopped listening');
      const received = Atomics.load(this.counters, RECEIVED);
      if (Atomics.load(this.counters, SENT) - received < this.maxAhead) break;
      Atomics.wait(this.counters, RECEIVED, received, RECHECK_MS);
    }
    this.port.postMessage(message, transfer);
    Atomics.add(this.counters, SENT, 1);
    Atomics.notify(this.counters, SENT);
  }

  /** Tells a waiting receiver that nothing more will come (after the last message, or on a crash). */
  close(): void {
    Atomics.store(this.counters, CLOSED, 1);
    // Moved as well, so a receiver between its look at CLOSED and its wait does not sleep out the recheck.
    Atomics.add(this.counters, SENT, 1);
    Atomics.notify(this.counters, SENT);
  }
}

export class BlockingReceiver {
  constructor(
    private readonly port: MessagePort,
    private readonly counters: Int32Array,
    /** gives up on a message after this long (tests, so a broken sender fails them rather than hangs them) */
    private readonly maxWaitMs = Number.POSITIVE_INFINITY,
  ) {}

  /** The next message, waiting for it; throws if the sender closed without sending one. */
  receive(): unknown {
    const deadline = performance.now() + this.maxWaitMs;
    for (;;) {
      const sent = Atomics.load(this.counters, SENT);
      const got = receiveMessageOnPort(this.port);
      if (got) {
        Atomics.add(this.counters, RECEIVED, 1);
        Atomics.notify(this.counters, RECEIVED);
        return got.message;
      }
      // A message posted after the look above also moved SENT, so this wait returns at once.
      if (Atomics.load(this.counters, CLOSED) !== 0 && Atomics.load(this.counters, SENT) === sent) {
        throw new ChannelClosedError('the sender stopped without a message');
      }
      if (performance.now() > deadline) throw new Error(`no message within ${this.maxWaitMs} ms, and the sender has not closed`);
      Atomics.wait(this.counters, SENT, sent, RECHECK_MS);
    }
  }

  /** Releases a sender waiting for room: the receiver wants nothing more. */
  close(): void {
    Atomics.store(this.counters, CLOSED, 1);
    Atomics.add(this.counters, RECEIVED, 1);
    Atomics.notify(this.counters, RECEIVED);
  }
}
