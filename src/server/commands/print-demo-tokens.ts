/** The demo tokens a database holds, printed by `serve`, `start` and `demo` so they can be pasted into Settings. */
import type { DemoToken } from './load-demo';

export function printDemoTokens(tokens: readonly DemoToken[]): void {
  if (tokens.length === 0) return;
  console.log('Demo tokens (paste one into Settings, or send it as "Authorization: Bearer <token>"):');
  for (const t of tokens) console.log(`  ${t.token}  ${t.what}`);
}
