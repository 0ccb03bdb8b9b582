import { describe, expect, it } from 'vitest';
import { FaultSpecError, isInForce, parseFaultSpec } from './parse-fault-spec';

describe('the fault SPEC', () => {
  it('reads the mixed example of the CLI docs', () => {
    expect(parseFaultSpec('503=10%,502=5%,delay=5%:2000ms,drop=1%,429=2%')).toEqual([
      { kind: '503', percent: 10, paramMs: null, fromMs: 0, untilMs: null },
      { kind: '502', percent: 5, paramMs: null, fromMs: 0, untilMs: null },
      { kind: 'delay', percent: 5, paramMs: 2000, fromMs: 0, untilMs: null },
      { kind: 'drop', percent: 1, paramMs: null, fromMs: 0, untilMs: null },
      { kind: '429', percent: 2, paramMs: 60_000, fromMs: 0, untilMs: null },
    ]);
  });

  it('takes a Retry-After for 503 and 429, in seconds or ms, and fractional percentages', () => {
    expect(parseFaultSpec('503=0.5%:5s, 429=1%:1500ms')).toEqual([
      { kind: '503', percent: 0.5, paramMs: 5000, fromMs: 0, untilMs: null },
      { kind: '429', percent: 1, paramMs: 1500, fromMs: 0, untilMs: null },
    ]);
  });

  it('reads time windows, open-ended ones too, and knows when a rule is in force', () => {
    const [storm, later] = parseFaultSpec('429=100%:3s@0-5s,503=100%@5s-');
    expect(storm).toMatchObject({ fromMs: 0, untilMs: 5000 });
    expect(later).toMatchObject({ fromMs: 5000, untilMs: null });
    expect(isInForce(storm!, 4999)).toBe(true);
    expect(isInForce(storm!, 5000)).toBe(false);
    expect(isInForce(later!, 5000)).toBe(true);
    expect(parseFaultSpec('drop=10%@250ms-1.5s')[0]).toMatchObject({ fromMs: 250, untilMs: 1500 });
  });

  it('is no faults when empty or "off"', () => {
    expect(parseFaultSpec('')).toEqual([]);
    expect(parseFaultSpec(' off ')).toEqual([]);
  });

  it.each([
    ['504=10%', /unknown kind '504'/],
    ['503=10', /'503=10' is not KIND=PERCENT%/],
    ['503=abc%', /'abc%' is not a percentage/],
    ['503=101%', /'101%' is not a percentage/],
    ['delay=5%', /delay needs its latency/],
    ['delay=5%:soon', /':soon' is not a duration/],
    ['drop=5%:1s', /drop takes no ':1s'/],
    ['429=5%@5-2s', /ends before it starts/],
    ['429=5%@later', /'@later' is not a window/],
    ['503=60%,502=50%', /exceed 100%/],
    ['503=10%,,502=5%', /'' is not KIND=PERCENT%/],
  ])('rejects %s, naming the bad part', (spec, message) => {
    expect(() => parseFaultSpec(spec)).toThrow(FaultSpecError);
    expect(() => parseFaultSpec(spec)).toThrow(message);
  });

  it('allows 100% in each of two windows that do not overlap, and refuses them where they do', () => {
    expect(parseFaultSpec('429=100%@0-5s,503=100%@5-10s')).toHaveLength(2);
    expect(() => parseFaultSpec('429=100%@0-6s,503=100%@5-10s')).toThrow(/exceed 100%/);
  });
});
