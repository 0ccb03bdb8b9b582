// An operator installs with `npm install --omit=dev` and runs `npm start`: whatever that loads must be installed by it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runtimePackages } from './runtime-dependencies';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface PackageJson {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
interface PackageLock {
  packages: Record<string, { dev?: boolean } | undefined>;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
}

describe('the packages npm start loads', () => {
  it('are all installed by `npm install --omit=dev`: none is a devDependency or installed only for one', async () => {
    const pkg = readJson<PackageJson>('package.json');
    const lock = readJson<PackageLock>('package-lock.json');
    const reached = await runtimePackages(ROOT);
    const missing = [...reached]
      .map(([name, importer]) => {
        if (name in pkg.devDependencies) return `${name} (imported by ${importer}) is a devDependency: make it a dependency`;
        const installed = lock.packages[`node_modules/${name}`];
        if (installed === undefined) return `${name} (imported by ${importer}) is in no dependency's tree: add it to dependencies`;
        if (installed.dev === true) return `${name} (imported by ${importer}) is installed only for devDependencies: add it to dependencies`;
        return null;
      })
      .filter((problem) => problem !== null);
    expect(missing).toEqual([]);
    // The walk reaches the service, the app build with its plugins, the app, and the worker's loader.
    for (const name of ['hono', 'better-sqlite3', 'vite', '@vitejs/plugin-react', '@tailwindcss/vite', 'tailwindcss', 'react', 'tsx']) {
      expect(reached.has(name), name).toBe(true);
    }
  });

  it('include those imported through a relative import, a worker URL, a CSS @import and import.meta.resolve, but not type-only imports', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'runtime-deps-'));
    try {
      mkdirSync(path.join(dir, 'lib'));
      writeFileSync(path.join(dir, 'entry.ts'), "import type { Plugin } from 'types-only';\nimport { b } from './lib/b';\nimport './style.css';\nexport const p: Plugin | null = b;\n");
      writeFileSync(path.join(dir, 'style.css'), '@import "css-framework";\n');
      writeFileSync(path.join(dir, 'lib', 'b.ts'), "import { config } from 'dev-tool/config';\nnew Worker(new URL('./worker.ts', import.meta.url));\nexport const b = config;\n");
      writeFileSync(path.join(dir, 'lib', 'worker.ts'), "import { x } from '@scope/in-worker/sub';\nconst loader = import.meta.resolve('loader/api');\nexport { x, loader };\n");
      const reached = await runtimePackages(dir, ['entry.ts']);
      expect(Object.fromEntries(reached)).toEqual({
        'css-framework': 'style.css',
        'dev-tool': path.join('lib', 'b.ts'),
        '@scope/in-worker': path.join('lib', 'worker.ts'),
        loader: path.join('lib', 'worker.ts'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
