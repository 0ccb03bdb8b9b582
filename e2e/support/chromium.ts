/**
 * Which Chromium the end-to-end tests and the browser benchmarks launch, and
 * with which flags: PLAYWRIGHT_CHROMIUM_PATH if set, else Debian's
 * /usr/bin/chromium when present, else Playwright's own browser (other
 * machines). No sandbox (containers), nothing phoning home.
 */
import { existsSync } from 'node:fs';

export function chromiumPath(): string | undefined {
  if (process.env.PLAYWRIGHT_CHROMIUM_PATH) return process.env.PLAYWRIGHT_CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
