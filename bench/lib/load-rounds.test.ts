import { describe, expect, it } from 'vitest';
import { medianRound, rotated } from './load-rounds';

describe('rotated', () => {
  it('starts each round one server further on, so every server leads one round', () => {
    const servers = ['ours', 'json-server', 'Prism', 'ceiling'];
    expect([0, 1, 2, 3].map((round) => rotated(servers, round)[0])).toEqual(servers);
    expect(rotated(servers, 2)).toEqual(['Prism', 'ceiling', 'ours', 'json-server']);
    expect(rotated(servers, 5)).toEqual(rotated(servers, 1));
  });

  it('keeps every server exactly once', () => {
    expect([...rotated(['a', 'b', 'c'], 1)].sort()).toEqual(['a', 'b', 'c']);
    expect(rotated([], 3)).toEqual([]);
  });
});

describe('medianRound', () => {
  const round = (requestsPerSecond: number, p99Ms: number) => ({ requestsPerSecond, p99Ms });

  it('is the middle round by throughput, with that round’s own latency', () => {
    expect(medianRound([round(6100, 5), round(4600, 9), round(5900, 6)])).toEqual(round(5900, 6));
  });

  it('takes the lower middle when a failed round leaves an even count', () => {
    expect(medianRound([round(6100, 5), null, round(4600, 9)])).toEqual(round(4600, 9));
  });

  it('is null when every round failed', () => {
    expect(medianRound([null, null])).toBeNull();
    expect(medianRound([])).toBeNull();
  });
});
