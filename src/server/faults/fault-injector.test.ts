import { describe, expect, it } from 'vitest';
import { createFaultInjector } from './fault-injector';

const ok = () => new Response('{"ok":true}', { status: 200, headers: { 'x-ratelimit-remaining': '59', 'Content-Type': 'application/json' } });

async function statuses(injector: ReturnType<typeof createFaultInjector>, count: number, path = '/api/repos/o/r/issues'): Promise<number[]> {
  const handler = injector.wrap(ok);
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) out.push((await handler(new Request(`http://127.0.0.1${path}`))).status);
  return out;
}

describe('the fault injector', () => {
  it('gives the same faults for the same seed, and other faults for another seed', async () => {
    const spec = '503=30%,502=20%';
    const a = await statuses(createFaultInjector({ spec, seed: 7 }), 200);
    const b = await statuses(createFaultInjector({ spec, seed: 7 }), 200);
    const c = await statuses(createFaultInjector({ spec, seed: 8 }), 200);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(new Set(a)).toEqual(new Set([200, 502, 503]));
  });

  it('never touches the app outside /api/', async () => {
    const injector = createFaultInjector({ spec: '502=100%', seed: 1 });
    expect(await statuses(injector, 5, '/acme/rocket/issues')).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(injector, 1, '/assets/index.js')).toEqual([200]);
    expect(injector.stats().requests).toBe(0);
  });

  it('switches a windowed rule on and off by the clock, counting from when the SPEC was set', async () => {
    let t = 1_000_000;
    const injector = createFaultInjector({ spec: '502=100%@2s-4s', seed: 1, now: () => t });
    expect(await statuses(injector, 1)).toEqual([200]);
    t += 2000;
    expect(await statuses(injector, 1)).toEqual([502]);
    t += 1999;
    expect(await statuses(injector, 1)).toEqual([502]);
    t += 1;
    expect(await statuses(injector, 1)).toEqual([200]);
    // set() restarts the windows from now.
    injector.set('502=100%@0-1s');
    expect(await statuses(injector, 1)).toEqual([502]);
    injector.clear();
    expect(await statuses(injector, 1)).toEqual([200]);
  });

  it('counts and records what it did to each request', async () => {
    const injector = createFaultInjector({ spec: '502=100%', seed: 3, now: () => 42 });
    await statuses(injector, 2);
    injector.clear();
    await statuses(injector, 1, '/api/rate_limit');
    expect(injector.stats()).toEqual({ requests: 3, passed: 1, faulted: { '503': 0, '502': 2, '429': 0, delay: 0, drop: 0 } });
    expect(injector.records().map((r) => [r.path, r.fault, r.at])).toEqual([
      ['/api/repos/o/r/issues', '502', 42],
      ['/api/repos/o/r/issues', '502', 42],
      ['/api/rate_limit', null, 42],
    ]);
    injector.resetStats();
    expect(injector.stats().requests).toBe(0);
    expect(injector.records()).toEqual([]);
  });

  it('refuses a bad SPEC at runtime and keeps the rules it had', async () => {
    const injector = createFaultInjector({ spec: '502=100%', seed: 1 });
    expect(() => injector.set('502=200%')).toThrow(/not a percentage/);
    expect(injector.spec).toBe('502=100%');
    expect(await statuses(injector, 1)).toEqual([502]);
  });
});
