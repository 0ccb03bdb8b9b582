/**
 * A worker watched by a small supervising thread of its own. The thread that waits on the worker
 * (the import's synchronous transaction, blocked in `BlockingReceiver.receive`) cannot see the
 * worker's `exit` or `error` events: its event loop is not turning. The supervisor's is. When the
 * worker ends, however it ends (an error it did not catch, a module that would not load, or the
 * heap limit, which stops it without running any more of its JavaScript), the supervisor closes
 * the channel the blocked thread waits on, having first left the worker's error where that thread
 * can read it without its event loop (`failure()`).
 */
import { MessageChannel, receiveMessageOnPort, Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';
import { closeChannelScript } from './blocking-channel';
import { typescriptWorkerScript } from './typescript-worker';

const SUPERVISOR = `
const { Worker, workerData: d } = require('node:worker_threads');
const child = new Worker(d.script, { eval: true, workerData: d.childData, transferList: d.transfer, resourceLimits: d.resourceLimits });
child.on('error', (err) => d.report.postMessage(err instanceof Error ? err.message : String(err)));
child.on('exit', () => ${closeChannelScript('d.counters')});
`;

export interface SupervisedWorker {
  /** why the worker stopped, once it has stopped on an error; null otherwise */
  failure(): string | null;
  /** stops the worker (and its supervisor), finished or not */
  stop(): void;
}

export function startSupervisedWorker(
  module: URL,
  options: {
    workerData: object;
    transferList: TransferListItem[];
    /** the counters of the channel the worker sends on (blocking-channel.ts) */
    counters: Int32Array;
    resourceLimits?: ResourceLimits;
  },
): SupervisedWorker {
  const { port1: reports, port2: report } = new MessageChannel();
  const supervisor = new Worker(SUPERVISOR, {
    eval: true,
    workerData: {
      script: typescriptWorkerScript(module),
      childData: options.workerData,
      transfer: options.transferList,
      counters: options.counters,
      resourceLimits: options.resourceLimits ?? {},
      report,
    },
    transferList: [...options.transferList, report],
  });
  return {
    failure() {
      const got = receiveMessageOnPort(reports);
      return got ? String(got.message) : null;
    },
    stop() {
      reports.close();
      void supervisor.terminate();
    },
  };
}
