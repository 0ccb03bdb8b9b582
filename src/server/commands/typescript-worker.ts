/**
 * Starts a worker thread on one of our TypeScript modules. On Node 20 a worker does not get the
 * `--import tsx` loader its process was started with, so the worker begins as a line of
 * JavaScript that loads the module through tsx's API.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startTypeScriptWorker(
  module: URL,
  options: Omit<WorkerOptions, 'eval'> & {
    /** JavaScript run before the module loads (so it runs even when loading fails) */
    prelude?: string;
  } = {},
): Worker {
  const { prelude = '', ...workerOptions } = options;
  const tsx = import.meta.resolve('tsx/esm/api');
  const script = `${prelude}\nimport(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(import.meta.url)}));`;
  return new Worker(script, { ...workerOptions, eval: true });
}
