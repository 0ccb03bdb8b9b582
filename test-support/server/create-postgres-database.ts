/**
 * Databases beside a test server's own: each test (or test file) gets one of its own, empty or
 * a copy of a loaded template, so tests never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_DATABASE } from './postgres-test-role';

/**
 * A new database beside the one `serverUrl` names, as a URL: empty, or a copy of `template`;
 * without a name, a random one (test files in several processes share one server).
 */
export async function createDatabase(
  serverUrl: string,
  name = `${TEST_DATABASE}_${randomBytes(6).toString('hex')}`,
  options: { template?: string } = {},
): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const template = options.template ? ` TEMPLATE ${options.template}` : '';
    // A template's last connections may still be closing (pg's pool.end resolves first):
    // PostgreSQL refuses to copy it until they are gone (55006), so a few tries.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name}${template}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await sleep(100);
      }
    }
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
