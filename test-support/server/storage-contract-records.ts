/**
 * The storage contract on what the service keeps besides issues: tokens, rate-limit counters,
 * mirror walks, and units of work stored whole or not at all.
 */
import { describe, expect } from 'vitest';
import { StoreRefusal } from '../../src/server/store/store-error';
import { attempt } from './storage-contract-answers';
import { listParams } from './storage-contract-queries';
import { NOW, PUBLIC, type WithStorage } from './storage-under-test';
import { makeIssues } from './test-service';

export function describeRecordContract(engine: string, withStorage: WithStorage): void {
  describe(`${engine} storage: tokens, counters, mirrors and transactions`, () => {
    withStorage('creates, finds and revokes tokens with their private repositories', async (s) => {
      const secret = (await s.importIssues({ owner: 'octo', name: 'secret', makePrivate: true }, makeIssues(1), [], NOW)).repo;
      await s.createToken({ hash: 'h1', login: 'mona', name: 'laptop', expiresAt: null, repos: ['octo/secret'] }, NOW);
      const token = await s.findToken('h1');
      expect(token).toMatchObject({ hash: 'h1', login: 'mona', name: 'laptop', expiresAt: null, createdAt: NOW / 1000 });
      expect([...(token?.privateRepoIds ?? [])]).toEqual([secret.id]);
      expect(await s.findUser('mona')).toMatchObject({ login: 'mona' });
      await expect(attempt(() => s.createToken({ hash: 'h2', login: 'mona', name: 'x', expiresAt: null, repos: ['octo/none'] }, NOW))).rejects.toBeInstanceOf(StoreRefusal);
      expect(await s.findToken('h2')).toBeNull();
      expect(await s.revokeToken('h1')).toBe(true);
      expect(await s.revokeToken('h1')).toBe(false);
      expect(await s.findToken('h1')).toBeNull();
    });

    withStorage('saves rate-limit counters and loads the newest of each', async (s) => {
      await s.saveCounters([{ key: 'ip:1.2.3.4', windowStartMs: NOW, used: 3 }, { key: 'search:user:mona', windowStartMs: NOW, used: 1 }]);
      await s.saveCounters([{ key: 'ip:1.2.3.4', windowStartMs: NOW, used: 4 }]);
      const loaded = await s.loadCounters();
      expect(loaded.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: 'ip:1.2.3.4', windowStartMs: NOW, used: 4 },
        { key: 'search:user:mona', windowStartMs: NOW, used: 1 },
      ]);
    });

    withStorage('saves a counter named twice in one save as its last word, and more counters than one statement may bind', async (s) => {
      await s.saveCounters([
        { key: 'ip:1.2.3.4', windowStartMs: NOW, used: 1 },
        { key: 'ip:1.2.3.4', windowStartMs: NOW + 1, used: 2 },
      ]);
      // 22,000 counters are 66,000 values: more than PostgreSQL (65,535) or SQLite (32,766) binds in one statement.
      const many = Array.from({ length: 22_000 }, (_, i) => ({ key: `ip:10.${Math.floor(i / 65536)}.${Math.floor(i / 256) % 256}.${i % 256}`, windowStartMs: NOW, used: i }));
      await s.saveCounters(many);
      const loaded = await s.loadCounters();
      expect(loaded.find((c) => c.key === 'ip:1.2.3.4')).toEqual({ key: 'ip:1.2.3.4', windowStartMs: NOW + 1, used: 2 });
      expect(loaded).toHaveLength(22_001);
      expect(loaded.find((c) => c.key === 'ip:10.0.85.239')).toEqual({ key: 'ip:10.0.85.239', windowStartMs: NOW, used: 21_999 });
    });

    withStorage('remembers a mirror walk, and starts afresh for another source', async (s) => {
      const source = 'https://api.github.com/repos/octo/hello';
      const opened = await s.openMirror(PUBLIC, source, NOW);
      expect(opened.walks.issues).toEqual({ firstUrl: null, etag: null, since: null, nextUrl: null, runNewest: null });
      const walk = { firstUrl: `${source}/issues`, etag: 'W/"1"', since: null, nextUrl: `${source}/issues?page=2`, runNewest: '2026-01-01T00:00:00Z' };
      await s.saveMirrorPage(PUBLIC, 'issues', walk, { issues: makeIssues(2) }, NOW);
      await s.setMirrorSourcePrivate(opened.repo.id, false);
      await s.completeMirror(opened.repo.id, NOW);
      const found = await s.findMirror('octo', 'hello', source);
      expect(found?.walks.issues).toEqual(walk);
      expect(found).toMatchObject({ sourcePrivate: false, completedAt: NOW / 1000 });
      expect((await s.listIssues(opened.repo.id, listParams('?state=all'))).total).toBe(2);
      expect(await s.findMirror('octo', 'hello', 'https://elsewhere.example/repos/octo/hello')).toBeNull();
      const other = await s.openMirror(PUBLIC, 'https://elsewhere.example/repos/octo/hello', NOW);
      expect(other.walks.issues.nextUrl).toBeNull();
    });

    withStorage('stores all of an atomic unit of work, or none of it', async (s) => {
      await expect(
        s.atomically(async (tx) => {
          await tx.importIssues(PUBLIC, makeIssues(2), [], NOW);
          await tx.createToken({ hash: 'h1', login: 'mona', name: 'x', expiresAt: null, repos: [] }, NOW);
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await s.findRepo('octo', 'hello')).toBeNull();
      expect(await s.findToken('h1')).toBeNull();
      const done = await s.atomically(async (tx) => (await tx.importIssues(PUBLIC, makeIssues(2), [], NOW)).issues);
      expect(done).toBe(2);
      expect(await s.findRepo('octo', 'hello')).not.toBeNull();
    });
  });
}
