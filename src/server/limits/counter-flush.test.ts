// Saving rate-limit counters when the database cannot take them: one warning, no lost counts.
import { describe, expect, it } from 'vitest';
import { createCounterFlush } from './counter-flush';
import type { StoredCounter } from '../store/records';
import { StorageError } from '../store/store-error';

function harness() {
  const logs: string[] = [];
  const saved = new Map<string, StoredCounter>();
  let next: StoredCounter[] = [];
  let failure: Error | null = null;
  const flush = createCounterFlush({
    drain: () => {
      const out = next;
      next = [];
      return out;
    },
    save: (counters) => {
      if (failure) throw failure;
      for (const c of counters) saved.set(c.key, c);
    },
    log: (line) => logs.push(line),
    retryMs: 1000,
  });
  return {
    flush,
    logs,
    saved,
    change: (key: string, used: number) => next.push({ key, windowStartMs: 0, used }),
    fail: (err: Error | null) => {
      failure = err;
    },
  };
}

const diskFull = () => new StorageError('cannot write /srv/db: the disk is full', 'disk-full', 'SQLITE_FULL');

describe('saving rate-limit counters', () => {
  it('on a full disk warns once however often it retries, and saves every count once there is room', async () => {
    const h = harness();
    h.fail(diskFull());
    for (let i = 1; i <= 10; i++) {
      h.change('ip:1.2.3.4', i);
      h.change(`user:u${i}`, 1);
      await h.flush.flush();
    }
    expect(h.logs).toHaveLength(1);
    expect(h.logs[0]).toMatch(/^warning: cannot write \/srv\/db: the disk is full; rate limits are still enforced from memory/);
    expect(h.flush.pendingCount()).toBe(11);

    h.fail(null);
    await h.flush.flush();
    expect(h.saved.get('ip:1.2.3.4')?.used).toBe(10);
    expect(h.saved.size).toBe(11);
    expect(h.flush.pendingCount()).toBe(0);
    expect(h.logs).toEqual([h.logs[0], 'rate-limit counters are saved to the database again']);
  });

  it('after a read-only database was announced at start-up, does not warn again when saves fail', async () => {
    const h = harness();
    h.flush.announce(new StorageError('the database file /srv/db is read-only: reads are served normally', 'read-only', 'SQLITE_READONLY'));
    h.fail(new StorageError('cannot write /srv/db: the database file is read-only', 'read-only', 'SQLITE_READONLY'));
    for (let i = 0; i < 5; i++) {
      h.change('ip:1.2.3.4', i);
      await h.flush.flush();
    }
    expect(h.logs).toHaveLength(1);
    expect(h.logs[0]).toContain('/srv/db is read-only: reads are served normally');
  });

  it('warns again when the problem changes', async () => {
    const h = harness();
    h.change('ip:a', 1);
    h.fail(diskFull());
    await h.flush.flush();
    h.fail(new StorageError('cannot write /srv/db: the database file is read-only', 'read-only', 'SQLITE_READONLY'));
    await h.flush.flush();
    await h.flush.flush();
    expect(h.logs).toHaveLength(2);
    expect(h.logs[1]).toContain('read-only');
  });

  it('with nothing changed does not touch the database', async () => {
    const h = harness();
    h.fail(diskFull());
    await h.flush.flush();
    expect(h.logs).toEqual([]);
  });
});
