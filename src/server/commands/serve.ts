/**
 * `serve` (and the end of `start`): starts the service, says where it listens
 * and which demo tokens its database holds, and closes it on SIGINT or SIGTERM.
 */
import { startService, type ServiceConfig } from '../main';
import { describeDatabase, openCommandStorage } from '../store/open-storage';
import { printDemoTokens } from './print-demo-tokens';

export async function serve(config: ServiceConfig): Promise<void> {
  const running = await startService(config);
  console.log(`Issuescope is serving on ${running.origin}  (API: ${running.origin}/api, database: ${describeDatabase(config.db)})`);
  const store = await openCommandStorage(config.db);
  try {
    const { demoTokensIn } = await import('./load-demo');
    printDemoTokens(await demoTokensIn(store));
  } catch {
    // A database without the demo module available simply has no demo tokens to show.
  }
  await store.close();
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
