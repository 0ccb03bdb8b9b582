import { describe, expect, it } from 'vitest';
import { AnswerCache, type RenderedAnswer } from './answer-cache';

function answer(bytes: number, tag = 'x'): RenderedAnswer {
  return { body: new Uint8Array(bytes), link: null, digest: tag.padEnd(40, '0') };
}

const v1 = { repoId: 1, dataVersion: 1 };

describe('the rendered-answer cache', () => {
  it('stays within its byte bound, letting the least recently used answers go first', () => {
    const cache = new AnswerCache(10_000);
    for (let i = 0; i < 10; i++) cache.set(v1, `/page/${i}`, answer(1_500));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(10);
    expect(cache.get(v1, '/page/0')).toBeUndefined();
    expect(cache.get(v1, '/page/9')).toBeDefined();

    // Reading an answer makes it recent: the next insertions evict others.
    const survivors = [...Array(10).keys()].filter((i) => cache.get(v1, `/page/${i}`) !== undefined);
    const kept = survivors[0]!;
    cache.get(v1, `/page/${kept}`);
    cache.set(v1, '/page/new-1', answer(1_500));
    cache.set(v1, '/page/new-2', answer(1_500));
    expect(cache.get(v1, `/page/${kept}`)).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
  });

  it('never keeps an answer larger than the whole bound, and keeps nothing when turned off', () => {
    const small = new AnswerCache(1_000);
    small.set(v1, '/big', answer(5_000));
    expect(small.get(v1, '/big')).toBeUndefined();
    expect(small.bytes).toBe(0);
    const off = new AnswerCache(0);
    off.set(v1, '/one', answer(1));
    expect(off.get(v1, '/one')).toBeUndefined();
  });

  it('answers only for the data version it was rendered from', () => {
    const cache = new AnswerCache(1_000_000);
    cache.set(v1, '/issues', answer(100, 'old'));
    expect(cache.get({ repoId: 1, dataVersion: 2 }, '/issues')).toBeUndefined();
    expect(cache.get({ repoId: 2, dataVersion: 1 }, '/issues')).toBeUndefined();
    expect(cache.get(v1, '/issues?page=2')).toBeUndefined();
    expect(cache.get(v1, '/issues')?.digest.startsWith('old')).toBe(true);
  });

  it('drops a repository\'s older answers once a newer version is stored, and refuses answers of replaced data', () => {
    const cache = new AnswerCache(1_000_000);
    cache.set(v1, '/a', answer(100));
    cache.set(v1, '/b', answer(100));
    cache.set({ repoId: 9, dataVersion: 1 }, '/a', answer(100));
    const before = cache.bytes;
    cache.set({ repoId: 1, dataVersion: 2 }, '/a', answer(100));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThan(before);
    expect(cache.get({ repoId: 9, dataVersion: 1 }, '/a')).toBeDefined();
    cache.set(v1, '/c', answer(100));
    expect(cache.get(v1, '/c')).toBeUndefined();
  });
});
