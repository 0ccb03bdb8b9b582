/**
 * The packages `npm start` loads: everything src/server/cli.ts imports (its
 * commands, the service, the demo), and, because `start` builds the app when
 * dist/ is missing, vite.config.ts with its plugins and the app it builds.
 * An operator installs with `npm install --omit=dev`, so each of these must
 * come from `dependencies` (scripts/runtime-dependencies.test.ts).
 *
 * esbuild follows the static imports and the dynamic imports of a literal
 * path; every bare specifier is recorded and left unbundled, so only our own
 * files are read. Workers started from `new URL('./x.ts', import.meta.url)`,
 * and packages named to `import.meta.resolve` or `require.resolve`, are not
 * imports to esbuild: they are found in each file's text and followed too.
 */
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/** What `npm start` runs, and what it builds when dist/ is missing: the app and the list's first-view renderer (issue 48). */
export const RUNTIME_ENTRIES = ['src/server/cli.ts', 'vite.config.ts', 'src/app/main.tsx', 'src/app/entry-first-view.tsx'];

const WORKER_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;
const RESOLVED_PACKAGE = /(?:import\.meta\.resolve|\.resolve)\(\s*(['"])([^'"./][^'"]*)\1\s*\)/g;

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

function isBare(specifier: string): boolean {
  return !/^(\.{1,2}\/|\/|[a-z]+:)/i.test(specifier) && !isBuiltin(specifier);
}

/** Each package reached from `entries` (paths under `root`), with one of our files that imports it. */
export async function runtimePackages(root: string, entries: readonly string[] = RUNTIME_ENTRIES): Promise<Map<string, string>> {
  const packages = new Map<string, string>();
  const record = (specifier: string, importer: string) => {
    const name = packageName(specifier);
    if (!packages.has(name)) packages.set(name, path.relative(root, importer));
  };
  const recordBare: Plugin = {
    name: 'record-bare-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        // Vite's `?url`, `?raw`, `?worker` suffixes name an ordinary file.
        const specifier = args.path.replace(/\?.*$/, '');
        if (!isBare(specifier)) return specifier === args.path ? undefined : { path: path.resolve(args.resolveDir, specifier) };
        record(specifier, args.importer);
        return { path: args.path, external: true };
      });
    },
  };

  const seen = new Set<string>();
  let pending = entries.map((e) => path.resolve(root, e));
  while (pending.length > 0) {
    pending.forEach((p) => seen.add(p));
    const result = await build({
      absWorkingDir: root,
      entryPoints: pending,
      bundle: true,
      write: false,
      metafile: true,
      outdir: 'out',
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
      // Our files only: images, fonts and the like are no imports of code.
      loader: { '.svg': 'empty', '.png': 'empty', '.woff2': 'empty', '.json': 'json' },
      plugins: [recordBare],
    });
    const next = new Set<string>();
    for (const input of Object.keys(result.metafile.inputs)) {
      const file = path.resolve(root, input);
      if (!/\.[cm]?[jt]sx?$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const [, , relative] of text.matchAll(WORKER_URL)) {
        const worker = path.resolve(path.dirname(file), relative ?? '');
        if (/\.[cm]?[jt]sx?$/.test(worker) && !seen.has(worker)) next.add(worker);
      }
      for (const [, , specifier] of text.matchAll(RESOLVED_PACKAGE)) {
        if (specifier !== undefined && isBare(specifier)) record(specifier, file);
      }
    }
    pending = [...next];
  }
  return packages;
}
