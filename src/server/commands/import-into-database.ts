/** `import`: one repository's GitHub-shaped JSON files into a database, in one transaction (import-file.ts). */
import { openCommandStorage } from '../store/open-storage';
import { importFiles } from './import-file';

export interface ImportCommand {
  repo: string;
  makePrivate: boolean;
  issuesFile: string;
  commentsFile: string | undefined;
  eventsFile: string | undefined;
}

export async function importIntoDatabase(db: string, command: ImportCommand): Promise<void> {
  const store = await openCommandStorage(db, { bulkWrites: true, exclusiveWhenAlone: true });
  try {
    const result = await importFiles(store, { ...command, nowMs: Date.now() });
    const what =
      command.eventsFile === undefined ? `${result.issues} issues and ${result.comments} comments` : `${result.issues} issues, ${result.comments} comments and ${result.events} events`;
    console.log(`Imported ${what} into ${result.repo.owner}/${result.repo.name}${result.repo.isPrivate ? ' (private)' : ''}.`);
  } finally {
    await store.close();
  }
}
