/**
 * Starts a worker thread on one of our TypeScript modules. On Node 20 a worker does not get the
 * `--import tsx` loader its process was started with, so the worker begins as a line of
 * JavaScript that loads the module through tsx's API.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The JavaScript a worker (`eval: true`) starts with to run `module`. */
export function typescriptWorkerScript(module: URL): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(import.meta.url)}));`;
}

export function startTypeScriptWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  return new Worker(typescriptWorkerScript(module), { ...options, eval: true });
}
