/**
 * The headless Chromium every browser benchmark uses: Debian's build unless
 * PLAYWRIGHT_CHROMIUM_PATH names another, with the same flags as
 * playwright.config.ts (no sandbox in containers, nothing phoning home).
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../../e2e/support/chromium';

/** Lighthouse needs a path: Debian's build unless PLAYWRIGHT_CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = chromiumPath() ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] });
}
