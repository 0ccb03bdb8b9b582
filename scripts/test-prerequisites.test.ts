// npm test names a missing Chromium or PostgreSQL in one line instead of failing each of their tests.
import { afterEach, describe, expect, it } from 'vitest';
import { missingPrerequisites } from './test-prerequisites';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('the prerequisites npm test checks first', () => {
  it('names a Chromium path that does not exist, and a PostgreSQL bin directory without a server, in one line each', () => {
    process.env.PLAYWRIGHT_CHROMIUM_PATH = '/nowhere/chromium';
    process.env.PG_BIN_DIR = '/nowhere/bin';
    const missing = missingPrerequisites();
    expect(missing.browser).toMatch(/^no Chromium at PLAYWRIGHT_CHROMIUM_PATH=\/nowhere\/chromium: /);
    expect(missing.postgres).toMatch(/^\/nowhere\/bin has no initdb and postgres: .*apt-get install postgresql/);
    expect(`${missing.browser}${missing.postgres}`).not.toContain('\n');
  });
});
