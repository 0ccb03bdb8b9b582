/**
 * `import`: one repository's GitHub-shaped JSON files into a database, in one transaction. The
 * files are read, validated and turned into rows on a worker thread (worker-import-source.ts),
 * started before the database is opened, so reading the files (seconds for a large export)
 * overlaps opening and migrating it; the store inserts the rows as they are built, and a bad
 * file fails before the store writes anything.
 */
import { openCommandStorage } from '../store/open-storage';
import { parseFullName } from './full-name';
import { WorkerImportSource } from './worker-import-source';

export interface ImportCommand {
  repo: string;
  makePrivate: boolean;
  issuesFile: string;
  commentsFile: string | undefined;
  eventsFile: string | undefined;
}

export async function importIntoDatabase(db: string, command: ImportCommand): Promise<void> {
  const { owner, name } = parseFullName(command.repo);
  const source = new WorkerImportSource({
    issuesFile: command.issuesFile,
    commentsFile: command.commentsFile ?? null,
    eventsFile: command.eventsFile ?? null,
    localAvatars: false,
  });
  try {
    const store = await openCommandStorage(db, { bulkWrites: true, exclusiveWhenAlone: true });
    try {
      const result = await store.importFrom({ owner, name, makePrivate: command.makePrivate }, source, Date.now());
      const what =
        command.eventsFile === undefined ? `${result.issues} issues and ${result.comments} comments` : `${result.issues} issues, ${result.comments} comments and ${result.events} events`;
      console.log(`Imported ${what} into ${result.repo.owner}/${result.repo.name}${result.repo.isPrivate ? ' (private)' : ''}.`);
    } finally {
      await store.close();
    }
  } finally {
    source.close();
  }
}
