// The channel the import's worker sends rows on: messages arrive in order, a receiver waits
// for what is not there yet, and neither side waits forever once the other has stopped.
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockingReceiver, BlockingSender, ChannelClosedError, newChannelCounters } from './blocking-channel';
import { startTypeScriptWorker } from './typescript-worker';

const SENDER_WORKER = new URL('../../../test-support/server/channel-sender-worker.ts', import.meta.url);

const ports: Array<{ close(): void }> = [];
function channel(maxAhead: number) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const counters = newChannelCounters();
  return { sender: new BlockingSender(port1, counters, maxAhead), receiver: new BlockingReceiver(port2, counters) };
}
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

describe('blocking channel', () => {
  it('delivers messages in the order sent, without the event loop turning', () => {
    const { sender, receiver } = channel(4);
    sender.send({ n: 1 });
    sender.send({ n: 2 });
    expect(receiver.receive()).toEqual({ n: 1 });
    sender.send({ n: 3 });
    expect(receiver.receive()).toEqual({ n: 2 });
    expect(receiver.receive()).toEqual({ n: 3 });
  });

  it('moves a transferred buffer rather than copying it', () => {
    const { sender, receiver } = channel(1);
    const bytes = new Uint8Array([1, 2, 3]);
    sender.send({ bytes: bytes.buffer }, [bytes.buffer]);
    expect(bytes.buffer.byteLength).toBe(0);
    expect([...new Uint8Array((receiver.receive() as { bytes: ArrayBuffer }).bytes)]).toEqual([1, 2, 3]);
  });

  it('still hands over what was sent before the sender closed, then says it has stopped', () => {
    const { sender, receiver } = channel(2);
    sender.send('last');
    sender.close();
    expect(receiver.receive()).toBe('last');
    expect(() => receiver.receive()).toThrow(ChannelClosedError);
  });

  it('fails a send once the receiver has closed, even with the channel full', () => {
    const { sender, receiver } = channel(1);
    sender.send('unread');
    receiver.close();
    expect(() => sender.send('more')).toThrow(ChannelClosedError);
  });

  it('holds a sender on another thread to maxAhead unread messages, the receiver reading slowly', async () => {
    const { port1, port2 } = new MessageChannel();
    ports.push(port2);
    const counters = newChannelCounters();
    const receiver = new BlockingReceiver(port2, counters);
    const worker = startTypeScriptWorker(SENDER_WORKER, { workerData: { port: port1, counters, count: 30, maxAhead: 3 }, transferList: [port1] });
    const got: Array<{ i: number; aheadAfterLastSend: number }> = [];
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let i = 0; i < 30; i++) {
      got.push(receiver.receive() as { i: number; aheadAfterLastSend: number });
      Atomics.wait(pause, 0, 0, 5);
    }
    expect(() => receiver.receive()).toThrow(ChannelClosedError);
    await worker.terminate();
    expect(got.map((m) => m.i)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(Math.max(...got.map((m) => m.aheadAfterLastSend))).toBe(3);
  });
});
