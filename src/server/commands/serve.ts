/**
 * `serve` (and the end of `start`): starts the service, says where it listens
 * and which demo tokens its database holds, and closes it on SIGINT or SIGTERM.
 */
import { startService, type ServiceConfig } from '../main';
import { describeDatabase, openCommandStorage } from '../store/open-storage';
import { printDemoTokens } from './print-demo-tokens';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export async function serve(config: ServiceConfig): Promise<void> {
  // Listened for before the service takes its first request: a signal nobody listens for ends
  // the process at once, and the credits spent since the last counter flush (main.ts) were lost,
  // so a stop right after start gave them back (issue 45). Repeats while stopping are ignored,
  // so a second Ctrl-C or SIGTERM cannot cut the counters' last save short either.
  let askStop: () => void = () => {};
  const stopAsked = new Promise<void>((resolve) => (askStop = resolve));
  const onSignal = () => askStop();
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  const running = await startService(config).catch((err: unknown) => {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    throw err;
  });
  void stopAsked.then(() => running.close()).then(() => process.exit(0));

  console.log(`Issuescope is serving on ${running.origin}  (API: ${running.origin}/api, database: ${describeDatabase(config.db)})`);
  const store = await openCommandStorage(config.db);
  try {
    const { demoTokensIn } = await import('./load-demo');
    printDemoTokens(await demoTokensIn(store));
  } catch {
    // A database without the demo module available simply has no demo tokens to show.
  }
  await store.close();
}
