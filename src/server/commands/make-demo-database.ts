/** `demo`: loads the demo dataset (load-demo.ts) into a database, again over an earlier demo, and prints its tokens. */
import { describeDatabase, openCommandStorage } from '../store/open-storage';
import { printDemoTokens } from './print-demo-tokens';

export async function makeDemoDatabase(db: string): Promise<void> {
  const { demoTokensIn, loadDemo } = await import('./load-demo');
  // Not `bulkWrites`: the demo is one transaction of nested imports (savepoints), where an
  // in-memory statement journal made every row replaced by a second load cost milliseconds.
  const store = await openCommandStorage(db);
  try {
    const loaded = await loadDemo(store, Date.now());
    console.log(`Loaded ${loaded.issues} issues and pull requests and ${loaded.comments} comments in ${loaded.repositories} repositories into ${describeDatabase(db)}.`);
    printDemoTokens(await demoTokensIn(store));
  } finally {
    await store.close();
  }
}
