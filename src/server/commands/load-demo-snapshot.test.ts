/**
 * The demo is imported from the committed snapshot, validated whole first
 * (issue 49): the snapshot in the repository loads, and a broken one fails
 * naming the file and the problem without writing anything.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SNAPSHOT_FILE, readDemoSnapshot } from '../demo-snapshot/read-demo-snapshot';
import type { DemoSnapshotInput } from '../demo-snapshot/demo-snapshot-schema';
import { openSqliteStorage, type SqliteStorage } from '../store/sqlite/sqlite-storage';
import { demoTokensIn, hasDemoData, loadDemo } from './load-demo';

const dir = mkdtempSync(path.join(tmpdir(), 'demo-snapshot-'));
const NOW_MS = Date.UTC(2026, 10, 29, 12);
let storage: SqliteStorage;
let dbCount = 0;

beforeEach(() => {
  storage = openSqliteStorage(path.join(dir, `demo-${++dbCount}.db`));
});
afterEach(() => {
  storage.close();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function repository(owner: string, name: string, issueNumber: unknown): DemoSnapshotInput['repositories'][number] {
  const issue = {
    number: issueNumber,
    title: 'Launch checklist',
    user: { login: 'mona' },
    state: 'open',
    created_at: '2026-01-02T03:04:05Z',
    updated_at: '2026-01-02T03:04:05Z',
  };
  // The broken cases need a value of the wrong type where the schema's type says otherwise.
  return { owner, name, private: false, description: '', issues: [issue as DemoSnapshotInput['repositories'][number]['issues'][number]], comments: [], events: [] };
}

function snapshotFile(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

const gzipJson = (value: unknown) => gzipSync(Buffer.from(JSON.stringify(value), 'utf8'));

async function expectNothingLoaded(): Promise<void> {
  expect(await hasDemoData(storage)).toBe(false);
  expect(storage.findRepo('acme', 'first')).toBeNull();
  expect(await demoTokensIn(storage)).toEqual([]);
}

describe('the demo snapshot', () => {
  it('the committed snapshot passes validation: the five repositories and the rename the demo promises', () => {
    const snapshot = readDemoSnapshot();
    expect(snapshot.repositories.map((r) => `${r.owner}/${r.name}`).sort()).toEqual(['acme/launch-pad', 'acme/rocket', 'acme/secret-plans', 'acme/widgets', 'nebula/docs']);
    expect(snapshot.renames).toEqual([{ from: 'acme/launch-pad', to: 'acme/launchpad' }]);
    expect(snapshot.repositories.find((r) => r.name === 'secret-plans')?.private).toBe(true);
  });

  it('a small valid snapshot loads, with its rename and the demo tokens', async () => {
    const repositories = [repository('acme', 'rocket', 1), { ...repository('acme', 'secret-plans', 1), private: true }, repository('acme', 'launch-pad', 1)];
    const file = snapshotFile('valid.json.gz', gzipJson({ users: [], repositories, renames: [{ from: 'acme/launch-pad', to: 'acme/launchpad' }] }));
    expect(await loadDemo(storage, NOW_MS, file)).toEqual({ repositories: 3, issues: 3, comments: 0 });
    expect(await hasDemoData(storage)).toBe(true);
    expect(storage.findRenamed('acme', 'launch-pad')?.name).toBe('launchpad');
    expect((await demoTokensIn(storage)).map((t) => t.user)).toEqual(['mona', 'hubot', 'mona']);
  });

  it('a truncated snapshot fails naming the file and loads nothing', async () => {
    const whole = readFileSync(DEMO_SNAPSHOT_FILE);
    const file = snapshotFile('truncated.json.gz', whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(loadDemo(storage, NOW_MS, file)).rejects.toThrow(/the demo snapshot .*truncated\.json\.gz cannot be read: unexpected end of file; regenerate it with `npm run demo:snapshot`/);
    await expectNothingLoaded();
  });

  it('a snapshot whose JSON is cut off fails saying it is not JSON', async () => {
    const file = snapshotFile('cut.json.gz', gzipSync(Buffer.from('{"users": [], "repositories": [{"owner": "acme"', 'utf8')));
    await expect(loadDemo(storage, NOW_MS, file)).rejects.toThrow(/the demo snapshot .*cut\.json\.gz is not JSON: /);
    await expectNothingLoaded();
  });

  it('a missing snapshot fails naming the file', async () => {
    await expect(loadDemo(storage, NOW_MS, path.join(dir, 'absent.json.gz'))).rejects.toThrow(/the demo snapshot .*absent\.json\.gz cannot be read: ENOENT/);
  });

  it('an issue of the wrong shape in the second repository fails naming where, and the first repository is not loaded either', async () => {
    const file = snapshotFile(
      'bad-issue.json.gz',
      gzipJson({ users: [], repositories: [repository('acme', 'first', 1), repository('acme', 'rocket', 'two')], renames: [] }),
    );
    await expect(loadDemo(storage, NOW_MS, file)).rejects.toThrow(/bad-issue\.json\.gz does not have the expected shape, at repositories\.1\.issues\.0\.number: /);
    await expectNothingLoaded();
  });

  it('a key the loader does not know fails rather than being dropped', async () => {
    const file = snapshotFile('extra-key.json.gz', gzipJson({ users: [], repositories: [{ ...repository('acme', 'rocket', 1), labels: [] }], renames: [] }));
    await expect(loadDemo(storage, NOW_MS, file)).rejects.toThrow(/extra-key\.json\.gz does not have the expected shape, at repositories\.0: Unrecognized key: "labels"/);
    await expectNothingLoaded();
  });

  it('a rename that is not owner/name fails naming it', async () => {
    const file = snapshotFile('bad-rename.json.gz', gzipJson({ users: [], repositories: [repository('acme', 'rocket', 1)], renames: [{ from: 'acme/launch-pad', to: 'launchpad' }] }));
    await expect(loadDemo(storage, NOW_MS, file)).rejects.toThrow(/at renames\.0\.to: must be 'owner\/name'/);
    await expectNothingLoaded();
  });
});
