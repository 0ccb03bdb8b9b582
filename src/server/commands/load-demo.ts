/**
 * `demo`: imports the demo dataset (the snapshot committed in
 * src/server/demo-snapshot, which scripts/demo generates) through the same
 * import path as real data, applies its renames, and creates the demo tokens.
 *
 * The demo tokens are fixed strings so that they can be printed at every
 * start (only their hashes are stored, so a random token could not be shown
 * again). They exist only in a database made by `demo`; never use them for
 * real data.
 */
import { hashToken } from '../auth/tokens';
import { DEMO_SNAPSHOT_FILE, readDemoSnapshot } from '../demo-snapshot/read-demo-snapshot';
import type { RepositoryReader, Storage, TokenStore } from '../store/storage';

export interface DemoToken {
  token: string;
  user: string;
  name: string;
  repos: string[];
  expiresAt: number | null;
  what: string;
}

export const DEMO_TOKENS: readonly DemoToken[] = [
  {
    token: 'isc_pat_demo_mona_private_access_2026',
    user: 'mona',
    name: 'demo: private access',
    repos: ['acme/secret-plans'],
    expiresAt: null,
    what: 'user mona, can read the private acme/secret-plans',
  },
  {
    token: 'isc_pat_demo_hubot_public_only_2026',
    user: 'hubot',
    name: 'demo: public only',
    repos: [],
    expiresAt: null,
    what: 'user hubot, public repositories only',
  },
  {
    token: 'isc_pat_demo_expired_since_2025',
    user: 'mona',
    name: 'demo: expired',
    repos: ['acme/secret-plans'],
    expiresAt: Date.UTC(2025, 0, 1) / 1000,
    what: 'expired: answers 401 Bad credentials',
  },
];

export async function hasDemoData(store: Pick<RepositoryReader, 'findRepo'>): Promise<boolean> {
  return (await store.findRepo('acme', 'rocket')) !== null;
}

/** The demo tokens present in this database (hash lookups: nothing secret is read). */
export async function demoTokensIn(store: Pick<TokenStore, 'findToken'>): Promise<DemoToken[]> {
  const present: DemoToken[] = [];
  for (const t of DEMO_TOKENS) if ((await store.findToken(hashToken(t.token))) !== null) present.push(t);
  return present;
}

/** `snapshotFile` is for tests, which check that a broken snapshot loads nothing */
export async function loadDemo(
  storage: Storage,
  nowMs: number,
  snapshotFile: string = DEMO_SNAPSHOT_FILE,
): Promise<{ repositories: number; issues: number; comments: number }> {
  // Read and validated whole before the first write: a broken snapshot fails naming the problem
  // and leaves the database as it was.
  const dataset = readDemoSnapshot(snapshotFile);
  // One transaction: a demo killed part-way (or stopped by a full disk) is not half there,
  // which `start` would otherwise take for a loaded demo without its tokens.
  return storage.atomically(async (store) => {
    let issues = 0;
    let comments = 0;
    for (const repo of dataset.repositories) {
      // Loading again over an earlier demo: a repository already renamed is refreshed under
      // its new name (importing the old name would recreate it and the rename would collide).
      const current = (await store.findRenamed(repo.owner, repo.name)) ?? repo;
      const result = await store.importIssues(
        { owner: current.owner, name: current.name, makePrivate: repo.private, description: repo.description, localAvatars: true },
        repo.issues,
        repo.comments,
        nowMs,
        repo.events,
      );
      issues += result.issues;
      comments += result.comments;
    }
    for (const rename of dataset.renames) {
      const [fromOwner = '', fromName = ''] = rename.from.split('/');
      const [toOwner = '', toName = ''] = rename.to.split('/');
      if (await store.findRepo(fromOwner, fromName)) await store.renameRepo({ owner: fromOwner, name: fromName }, { owner: toOwner, name: toName }, nowMs);
    }
    for (const t of DEMO_TOKENS) {
      const hash = hashToken(t.token);
      if ((await store.findToken(hash)) === null) {
        await store.createToken({ hash, login: t.user, name: t.name, expiresAt: t.expiresAt, repos: t.repos }, nowMs);
      }
    }
    return { repositories: dataset.repositories.length, issues, comments };
  });
}
