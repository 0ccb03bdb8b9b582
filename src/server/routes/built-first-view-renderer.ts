/**
 * The list's first-view renderer as the build wrote it (issue 48):
 * `dist/server/first-view.js`, loaded with a dynamic `import()` of its file
 * URL. A build artefact, never a source import: the server does not import
 * the browser app's sources (the layers rule, .dependency-cruiser.cjs), and the
 * renderer is the app's own routes and components as that build has them.
 *
 * Loaded again when the file changes (its modification time or size), so a
 * rebuild is served at once, as index.html is read per request. Node keeps
 * every module it has imported, so each rebuild the service sees keeps one
 * more copy in memory until a restart: a rebuild is an operator's step, rare
 * beside requests.
 */
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FirstViewRenderer } from '../../shared/first-view';

export class RendererLoadError extends Error {}

interface Loaded {
  version: string;
  renderer: Promise<FirstViewRenderer>;
}

function isRenderer(module: unknown): module is FirstViewRenderer {
  return typeof module === 'object' && module !== null && typeof (module as { renderFirstView?: unknown }).renderFirstView === 'function';
}

async function importRenderer(file: string, version: string): Promise<FirstViewRenderer> {
  // The query names the file's version: `import()` caches by URL, and a new URL is a fresh evaluation.
  const url = `${pathToFileURL(file).href}?v=${encodeURIComponent(version)}`;
  let module: unknown;
  try {
    module = (await import(/* @vite-ignore */ url)) as unknown;
  } catch (err) {
    throw new RendererLoadError(`the renderer ${file} could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isRenderer(module)) throw new RendererLoadError(`the renderer ${file} does not export a renderFirstView function`);
  return module;
}

export class BuiltFirstViewRenderer {
  private loaded: Loaded | null = null;

  constructor(private readonly file: string) {}

  /** The renderer of the file as it is now, or null when there is none; rejects with RendererLoadError when it does not load. */
  current(): Promise<FirstViewRenderer> | null {
    let version: string;
    try {
      const stats = statSync(this.file);
      if (!stats.isFile()) return null;
      version = `${stats.mtimeMs}-${stats.size}`;
    } catch {
      return null;
    }
    if (this.loaded?.version !== version) {
      const renderer = importRenderer(this.file, version);
      // Its failure is the caller's to report, when it asks; a version no request awaited must not be an unhandled rejection.
      renderer.catch(() => undefined);
      this.loaded = { version, renderer };
    }
    return this.loaded.renderer;
  }
}
