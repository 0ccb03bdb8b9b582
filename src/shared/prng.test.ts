/**
 * The seeded PRNG the demo generator and fault injection share: the same
 * sequence for the same seed on every machine (the committed demo snapshot
 * and a `--faults-seed` run depend on it), and forks that depend on the seed
 * and the label only.
 */
import { describe, expect, it } from 'vitest';
import { createPrng } from './prng';

describe('createPrng', () => {
  it('gives the same sequence for a seed on every machine: these values, down to the last bit', () => {
    const prng = createPrng('issuescope-demo/v1');
    expect([prng.next(), prng.next(), prng.next()]).toEqual([0.8469119840301573, 0.6858447161503136, 0.6879154359921813]);
    expect(createPrng('issuescope-demo/v1').hex(12)).toBe('dab67b072bd0');
  });

  it('gives another sequence for another seed', () => {
    expect(createPrng('issuescope-demo/v2').next()).not.toBe(createPrng('issuescope-demo/v1').next());
  });

  it('forks a stream from the seed and the label, whatever the parent has drawn', () => {
    const fresh = createPrng('seed').fork('acme/rocket');
    const used = createPrng('seed');
    for (let i = 0; i < 100; i++) used.next();
    const forkedLater = used.fork('acme/rocket');
    expect([forkedLater.next(), forkedLater.next()]).toEqual([fresh.next(), fresh.next()]);
    expect(createPrng('seed').fork('acme/widgets').next()).not.toBe(createPrng('seed').fork('acme/rocket').next());
  });

  it('keeps int within both ends and sample to distinct items', () => {
    const prng = createPrng('bounds');
    const rolls = Array.from({ length: 2000 }, () => prng.int(1, 6));
    expect(new Set(rolls)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const sample = prng.sample(['a', 'b', 'c', 'd'], 3);
    expect(new Set(sample).size).toBe(3);
    expect(prng.sample(['a', 'b'], 5).sort()).toEqual(['a', 'b']);
  });

  it('refuses to pick from an empty list rather than return undefined', () => {
    expect(() => createPrng('empty').pick([])).toThrow('prng.pick: empty list');
  });
});
