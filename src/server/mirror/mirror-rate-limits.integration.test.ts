// `mirror`, instance to instance on loopback: a source that limits its rate, and the mirror that waits for it.
import { describe, expect, it } from 'vitest';
import { auth, TOKENS } from '../../../test-support/server/test-service';
import { HELLO_COUNT, mirror, mirrorFixture } from '../../../test-support/server/mirror-fixture';
import type { MirrorEvent } from './mirror-repository';

const { source, targetFile } = mirrorFixture();

describe('mirror: rate limits', () => {
  it('pauses until x-ratelimit-reset when the budget is spent, then finishes', async () => {
    const src = await source({ helloCount: 75, limits: { authLimit: 4, windowSeconds: 1 } });
    // Spend bob's whole budget first, so the mirror's first request meets a 403 with x-ratelimit-remaining: 0.
    let limited: Response | null = null;
    for (let i = 0; i < 5; i++) limited = await fetch(`${src.api}/repos/octo/hello/issues?per_page=1`, { headers: auth(TOKENS.bob) });
    expect(limited!.status).toBe(403);
    expect(limited!.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(limited!.headers.get('x-ratelimit-reset'));

    const { result, events } = await mirror(targetFile(), { from: src.api });
    const waits = events.filter((e): e is Extract<MirrorEvent, { kind: 'waiting' }> => e.kind === 'waiting');
    // One pause, until the reset the 403 named plus the second GitHub advises; then the four requests fit the new window.
    expect(waits).toHaveLength(1);
    expect(waits[0]!.reason).toBe('primary rate limit');
    expect(Math.abs(waits[0]!.untilMs - (reset * 1000 + 1000))).toBeLessThan(100);
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000);
    expect(result).toMatchObject({ issues: 75, comments: 3 });
  }, 20_000);

  it('obeys Retry-After on a secondary rate limit (429), then finishes', async () => {
    const src = await source({ limits: { burstLimit: 2, burstWindowSeconds: 1 } });
    const { result, events } = await mirror(targetFile(), { from: src.api });
    const waits = events.filter((e): e is Extract<MirrorEvent, { kind: 'waiting' }> => e.kind === 'waiting');
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.every((w) => w.reason === 'secondary rate limit' && w.seconds === 1)).toBe(true);
    expect(result).toMatchObject({ issues: HELLO_COUNT, comments: 3 });
  }, 20_000);
});
