/** `import`: reads GitHub-shaped JSON files, validates them, imports in one transaction. */
import type { ImportResult } from '../store/records';
import type { IssueWriter } from '../store/storage';
import { CommandError } from './command-error';
import { WorkerImportSource } from './worker-import-source';

export function parseFullName(value: string): { owner: string; name: string } {
  const m = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/.exec(value);
  if (!m || m[2] === '.' || m[2] === '..') throw new CommandError(`'${value}' is not OWNER/NAME`);
  return { owner: m[1] ?? '', name: m[2] ?? '' };
}

/**
 * The files are read, validated and turned into rows on a worker thread while the store
 * inserts the rows already built (worker-import-source.ts); a bad file fails before the
 * store writes anything.
 */
export async function importFiles(
  store: IssueWriter,
  options: { repo: string; makePrivate: boolean; issuesFile: string; commentsFile?: string; eventsFile?: string; nowMs: number },
): Promise<ImportResult> {
  const { owner, name } = parseFullName(options.repo);
  const source = new WorkerImportSource({
    issuesFile: options.issuesFile,
    commentsFile: options.commentsFile ?? null,
    eventsFile: options.eventsFile ?? null,
    localAvatars: false,
  });
  try {
    return await store.importFrom({ owner, name, makePrivate: options.makePrivate }, source, options.nowMs);
  } finally {
    source.close();
  }
}
