/**
 * A small seeded pseudo-random generator for the demo dataset.
 *
 * sfc32 seeded through cyrb128: fast, good enough statistically, and the same
 * sequence on every machine and Node version. `fork(label)` derives an
 * independent stream from the seed and a label, not from how much of the
 * parent has been consumed, so adding an issue to one repository does not
 * reshuffle every other repository.
 */
export interface Prng {
  /** a float in [0, 1) */
  next(): number;
  /** an integer in [min, max], both ends included */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** entries are [value, weight]; weights need not sum to 1 */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  /** `count` distinct items in random order (fewer if the list is shorter) */
  sample<T>(items: readonly T[], count: number): T[];
  /** a standard normal deviate */
  normal(): number;
  /** lower-case hex digits, e.g. for commit SHAs */
  hex(length: number): string;
  fork(label: string): Prng;
}

const WARM_UP_ROUNDS = 15;

export function createPrng(seed: string): Prng {
  return new Sfc32Prng(seed);
}

/** a class rather than closures: the dataset forks tens of thousands of streams, and this keeps them cheap */
class Sfc32Prng implements Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(private readonly seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
    for (let i = 0; i < WARM_UP_ROUNDS; i++) this.next();
  }

  next(): number {
    // sfc32
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('prng.pick: empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('prng.weighted: empty list');
    return last[0];
  }

  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const taken: T[] = [];
    while (taken.length < count && pool.length > 0) {
      const index = Math.floor(this.next() * pool.length);
      taken.push(pool.splice(index, 1)[0] as T);
    }
    return taken;
  }

  normal(): number {
    // Box-Muller; 1 - next() keeps log() away from 0
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }

  fork(label: string): Prng {
    return new Sfc32Prng(`${this.seed}/${label}`);
  }
}

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
