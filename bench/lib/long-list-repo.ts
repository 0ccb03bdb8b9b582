/**
 * A generated repository long enough to need a virtualised list: every entry
 * an open issue (the list's default filter is `state=open`, so all of them
 * show), newest first, with a few labels and short bodies. Deterministic, so
 * two runs scroll the same rows.
 */
import type { ImportedIssue } from '../../src/server/store/import-schema';
import type { SqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';

export const LONG_LIST_REPO = { owner: 'bench', name: 'long-list' } as const;

const LABELS = [
  { name: 'bug', color: 'd73a4a' },
  { name: 'enhancement', color: 'a2eeef' },
  { name: 'documentation', color: '0075ca' },
  { name: 'performance', color: 'fbca04' },
];
const MINUTE_MS = 60_000;

function generateLongList(count: number): ImportedIssue[] {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const base = Date.UTC(2022, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const created = base + n * MINUTE_MS;
    return {
      number: n,
      title: `Generated issue ${n}: ${rand() < 0.5 ? 'scrolling a long list stays smooth' : 'rows keep their height while loading'}`,
      user: { login: `user${n % 20}` },
      labels: LABELS.filter(() => rand() < 0.25),
      state: 'open',
      locked: false,
      assignees: [],
      comments: Math.floor(rand() * 5),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created + Math.floor(rand() * 1e8)).toISOString(),
      closed_at: null,
      body: `Issue ${n} of a generated list, for the long-list scroll benchmark.`,
    };
  });
}

/** Imports `count` generated issues through the store's real import path. */
export function importLongList(store: SqliteStorage, count: number, nowMs: number): void {
  store.importIssues({ ...LONG_LIST_REPO, makePrivate: false, localAvatars: true }, generateLongList(count), [], nowMs);
}
