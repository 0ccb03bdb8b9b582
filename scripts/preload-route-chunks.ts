/**
 * A Vite plugin that adds `<link rel="modulepreload">` to index.html for the
 * chunks of the routes a visitor most often lands on (the issue list). Those
 * routes are lazy (`lazy` in src/app/app-router.tsx), so without this the
 * browser would learn of their chunk only after the entry has run: a second
 * round trip before the first paint. With it, the entry and the route's chunks
 * download in parallel; the dynamic `import()` then finds them loaded.
 *
 * The same list of routes defines "first paint" for the bundle budget
 * (scripts/check-bundle-budget.ts).
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Route modules whose chunks are preloaded with the entry and counted in the first-paint budget. */
export const FIRST_PAINT_ROUTES: readonly string[] = ['src/app/routes/issue-list-page.tsx'];

function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}

/** The chunk built from `source` (a path relative to the project root) and every chunk it imports statically. */
export function staticChunkClosure(bundle: OutputBundle, root: string, source: string): OutputChunk[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const wanted = toPosix(path.resolve(root, source));
  const start = chunks.find((chunk) => chunk.facadeModuleId !== null && toPosix(chunk.facadeModuleId) === wanted);
  if (start === undefined) throw new Error(`preload-route-chunks: no chunk is built from ${source}; is it still imported lazily by the router?`);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk): void => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next !== undefined) visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

export function preloadRouteChunks(routes: readonly string[] = FIRST_PAINT_ROUTES): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'issuescope:preload-route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      // After Vite has added the entry's own script and preloads, so those are not repeated.
      order: 'post',
      handler(html, ctx) {
        if (ctx.bundle === undefined) return undefined;
        const bundle = ctx.bundle;
        const files = new Set<string>();
        const css = new Set<string>();
        for (const route of routes) {
          for (const chunk of staticChunkClosure(bundle, root, route)) {
            files.add(chunk.fileName);
            for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          }
        }
        const notYetInHtml = (file: string) => !html.includes(`${base}${file}`);
        return [
          ...[...css].filter(notYetInHtml).map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
          ...[...files].filter(notYetInHtml).map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
