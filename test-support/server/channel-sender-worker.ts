/**
 * A worker for blocking-channel.test.ts: sends `count` numbered messages through a real
 * BlockingSender, each carrying how many sent messages were unread right after the send
 * before it returned, so the test sees whether the sender ever ran further ahead than allowed.
 */
import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { BlockingSender } from '../../src/server/commands/blocking-channel';

const { port, counters, count, maxAhead } = workerData as { port: MessagePort; counters: Int32Array; count: number; maxAhead: number };
const sender = new BlockingSender(port, counters, maxAhead);
// SENT and RECEIVED are the channel's first two counters.
const unread = (): number => Atomics.load(counters, 0) - Atomics.load(counters, 1);
let aheadAfterLastSend = 0;
for (let i = 0; i < count; i++) {
  sender.send({ i, aheadAfterLastSend });
  aheadAfterLastSend = unread();
}
sender.close();
port.close();
