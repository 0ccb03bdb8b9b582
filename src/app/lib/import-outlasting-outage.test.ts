import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RETRY_MS, importOutlastingOutage } from './import-outlasting-outage';

const CHUNK = 'http://app.test/assets/dialog-AbC123.js';
const failedImport = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('importOutlastingOutage', () => {
  it('asks again, every few seconds, while nothing answers for the chunk, and gives the module once it arrives', async () => {
    vi.useFakeTimers();
    const head = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', head);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(failedImport()).mockRejectedValueOnce(failedImport()).mockResolvedValue('module');
    let result: string | undefined;
    void importOutlastingOutage(load).then((module) => (result = module));

    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(3);
    expect(result).toBe('module');
    expect(head).toHaveBeenCalledWith(CHUNK, { method: 'HEAD', cache: 'no-store' });
  });

  it('fails at once when the server answers for a chunk it cannot serve (gone after a redeploy)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(null, { status: 404 }))));
    const error = failedImport();
    const load = vi.fn(() => Promise.reject(error));
    await expect(importOutlastingOutage(load)).rejects.toBe(error);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails at once when the failure names no module to probe (as Safari words it), as React.lazy would', async () => {
    const head = vi.fn();
    vi.stubGlobal('fetch', head);
    const error = new TypeError('Importing a module script failed.');
    await expect(importOutlastingOutage(() => Promise.reject(error))).rejects.toBe(error);
    expect(head).not.toHaveBeenCalled();
  });
});

describe('importOutlastingOutage, when the browser keeps a failed download', () => {
  it('imports the chunk by a URL of its own once the server serves it again, and gives that module', async () => {
    vi.useFakeTimers();
    let serviceUp = false;
    vi.stubGlobal('fetch', vi.fn(() => (serviceUp ? Promise.resolve(new Response(null, { status: 200 })) : Promise.reject(new TypeError('Failed to fetch')))));
    // As Chromium does: the first failure is answered again to every later import of the same URL.
    const load = vi.fn(() => Promise.reject(failedImport()));
    const importUrl = vi.fn((url: string) => Promise.resolve(`module from ${url}`));
    let result: unknown;
    void importOutlastingOutage(load, importUrl).then((module) => (result = module));

    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(2);
    expect(importUrl).not.toHaveBeenCalled();
    serviceUp = true;
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_MS);
    expect(importUrl).toHaveBeenCalledTimes(1);
    expect(importUrl.mock.calls[0]?.[0]).toMatch(/^http:\/\/app\.test\/assets\/dialog-AbC123\.js\?\d+$/);
    expect(result).toMatch(/^module from http:\/\/app\.test\/assets\/dialog-AbC123\.js\?\d+$/);
  });

  it('gives up when the chunk is served but fails by its own URL too, rather than asking for ever', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(null, { status: 200 }))));
    const first = failedImport();
    const importUrl = vi.fn((url: string) => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`)));
    await expect(importOutlastingOutage(() => Promise.reject(first), importUrl)).rejects.toThrow(/dialog-AbC123\.js\?\d+/);
    expect(importUrl).toHaveBeenCalledTimes(1);
  });
});
