/**
 * The headless Chromium every browser benchmark uses: Debian's build unless
 * PLAYWRIGHT_CHROMIUM_PATH names another, with the same flags as
 * playwright.config.ts (no sandbox in containers, nothing phoning home).
 */
import { chromium, type Browser } from '@playwright/test';

export const CHROMIUM_PATH = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
}
