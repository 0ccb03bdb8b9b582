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
 */

/** How long after a download that nothing answered the chunk is asked for again. */
export const CHUNK_RETRY_MS = 2_000;

export function importOutlastingOutage<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(async (error: unknown) => {
    if (!(await nothingAnswers(error))) throw error;
    await new Promise((resolve) => setTimeout(resolve, CHUNK_RETRY_MS));
    return importOutlastingOutage(load);
  });
}

/** Whether the module named in a failed import's message (Chromium and Firefox name it) cannot be reached at all. */
async function nothingAnswers(error: unknown): Promise<boolean> {
  const url = /https?:\/\/\S+?\.m?js\b/.exec(error instanceof Error ? error.message : '')?.[0];
  if (url === undefined) return false;
  try {
    await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return false;
  } catch {
    return true;
  }
}
