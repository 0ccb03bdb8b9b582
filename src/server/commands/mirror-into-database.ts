/**
 * `mirror`: copies a repository from a GitHub-shaped API into a database
 * (mirror.ts), progress on stderr and a summary on stdout. SIGINT or SIGTERM
 * stops it after the page under way is saved.
 */
import { MirrorError } from '../mirror/source-client';
import { openCommandStorage } from '../store/open-storage';
import { CommandError } from './command-error';
import { runMirror, type MirrorCommand } from './mirror';

export async function mirrorIntoDatabase(db: string, command: MirrorCommand): Promise<void> {
  const store = await openCommandStorage(db, { bulkWrites: true });
  const stop = new AbortController();
  const interrupt = () => stop.abort(new MirrorError('interrupted'));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const { summary } = await runMirror(store, command, { progress: (line) => console.error(line), signal: stop.signal });
    console.log(summary);
  } catch (err) {
    if (stop.signal.aborted) {
      // Every finished page is saved with its place in the walk.
      throw new CommandError('interrupted; run the same command again to resume where it stopped');
    }
    if (err instanceof MirrorError) throw new CommandError(err.message);
    throw err;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await store.close();
  }
}
