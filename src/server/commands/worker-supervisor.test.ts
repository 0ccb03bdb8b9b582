// A thread blocked waiting on a worker (the import's transaction) learns that the worker has
// stopped, and why, however it stopped: even when it ran out of memory, which runs none of the
// worker's own JavaScript.
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockingReceiver, ChannelClosedError, newChannelCounters } from './blocking-channel';
import { startSupervisedWorker, type SupervisedWorker } from './worker-supervisor';

const fixture = (name: string) => new URL(`../../../test-support/server/${name}`, import.meta.url);
const started: Array<{ close(): void } | SupervisedWorker> = [];
afterEach(() => {
  for (const s of started.splice(0)) {
    if ('stop' in s) s.stop();
    else s.close();
  }
});

function supervise(module: string, workerData: Record<string, unknown> = {}, resourceLimits?: { maxOldGenerationSizeMb: number }) {
  const { port1, port2 } = new MessageChannel();
  const counters = newChannelCounters();
  const worker = startSupervisedWorker(fixture(module), {
    workerData: { ...workerData, port: port1, counters },
    transferList: [port1],
    counters,
    ...(resourceLimits ? { resourceLimits } : {}),
  });
  started.push(port2, worker);
  // A supervisor that failed to close the channel would leave receive() waiting: give up at 10 s.
  return { receiver: new BlockingReceiver(port2, counters, 10_000), worker };
}

describe('a supervised worker', () => {
  it('hands over all it sent, then the channel says it has stopped, with no failure', () => {
    const { receiver, worker } = supervise('channel-sender-worker.ts', { count: 3, maxAhead: 8 });
    const numbers = [receiver.receive(), receiver.receive(), receiver.receive()].map((m) => (m as { i: number }).i);
    expect(numbers).toEqual([0, 1, 2]);
    expect(() => receiver.receive()).toThrow(ChannelClosedError);
    expect(worker.failure()).toBeNull();
  });

  it('wakes the waiting thread when the module fails to load, and says why', () => {
    const { receiver, worker } = supervise('load-failure-worker.ts');
    expect(() => receiver.receive()).toThrow(ChannelClosedError);
    expect(worker.failure()).toContain('this module fails as it loads');
  });

  it('wakes the waiting thread when the worker runs out of memory, and says so', () => {
    const { receiver, worker } = supervise('memory-hog-worker.ts', {}, { maxOldGenerationSizeMb: 24 });
    expect(() => receiver.receive()).toThrow(ChannelClosedError);
    expect(worker.failure()).toMatch(/memory/i);
  }, 30_000);
});
