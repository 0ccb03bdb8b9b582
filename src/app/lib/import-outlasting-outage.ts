/**
 * The import of a lazy chunk behind `React.lazy`, made to outlast an outage.
 * `React.lazy` keeps a failed import for good and throws it to the nearest
 * error boundary: a dialog or menu opened while the service is down, before
 * its chunk was fetched, would take the page (for the shortcuts dialog, the
 * whole app) down to an error screen. Here a download that failed because
 * nothing answered is asked for again every CHUNK_RETRY_MS, the component
 * staying in its Suspense fallback meanwhile (the outage bar says why); a
 * chunk the server answers for but cannot serve (gone after a redeploy)
 * fails at once, as before.
 *
 * A browser may also keep a failed import for good: Chromium (150 at least)
 * answers a second `import()` of a module whose download failed with the same
 * failure, without asking the server again. So when the import fails while
 * the server does serve the chunk, the chunk is imported once more by a URL
 * of its own (a query the server ignores), which the browser has not seen fail.
 */

/** How long after a download that nothing answered the chunk is asked for again. */
export const CHUNK_RETRY_MS = 2_000;

/** Imports a module by its URL, bypassing the bundler (the chunk is already built). */
export type ImportByUrl = (url: string) => Promise<unknown>;

/** `fresh`: `load` already asks by a URL of its own, made once the chunk was served (the function's own retry). */
export function importOutlastingOutage<T>(load: () => Promise<T>, importUrl: ImportByUrl = (url) => import(/* @vite-ignore */ url), fresh = false): Promise<T> {
  return load().catch(async (error: unknown) => {
    // The module the failure names (Chromium and Firefox name it; Safari does not, and fails as React.lazy would).
    const url = /http\S+?\.js\b/.exec(String(error))?.[0];
    // Whether the server serves it (true), answers that it cannot (false), or nothing answers (null).
    const served = url && (await fetch(url, { method: 'HEAD', cache: 'no-store' }).then((response) => response.ok, () => null));
    if (served === null) await new Promise((resolve) => setTimeout(resolve, CHUNK_RETRY_MS));
    // Gone after a redeploy, or still failing by a URL of its own: final.
    else if (!served || fresh) throw error;
    // Served now, yet the import failed: the browser kept an earlier failure, so ask by a URL it has not seen fail.
    return importOutlastingOutage(served ? () => importUrl(`${url}?${Date.now()}`) as Promise<T> : load, importUrl, !!served);
  });
}
