import { describe, expect, it } from 'vitest';
import { EAGER_COMPILE_HINT, eagerCompileHint, hasEagerCompileHint } from './eager-compile-hint';

function chunk(fileName: string, name: string, isEntry: boolean, code: string) {
  return { type: 'chunk', fileName, name, isEntry, code, map: null } as const;
}

function asset(fileName: string, source: string) {
  return { type: 'asset', fileName, source } as const;
}

/** Runs the plugin's generateBundle over a bundle as Vite hands it over (the source maps as assets beside their chunks). */
function generate(bundle: Record<string, ReturnType<typeof chunk> | ReturnType<typeof asset>>): void {
  const hook = eagerCompileHint().generateBundle;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  // The hook reads nothing but the bundle; a plugin context and output options are not needed here.
  (handler as unknown as (options: unknown, bundle: object) => void)({}, bundle);
}

describe("V8's compile hint", () => {
  it("is the first line of the entry, the framework, the runtime and the issue view's chunks, and their source maps move down a line", () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', 'index', true, 'const __vite__mapDeps=1;run()'),
      'assets/index.js.map': asset('assets/index.js.map', JSON.stringify({ version: 3, mappings: 'AAAA,CAAC' })),
      'assets/framework.js': chunk('assets/framework.js', 'framework', false, 'react()'),
      'assets/rolldown-runtime.js': chunk('assets/rolldown-runtime.js', 'rolldown-runtime', false, 'helpers()'),
      'assets/issue-view-page.js': chunk('assets/issue-view-page.js', 'issue-view-page', false, 'issue()'),
      'assets/markdown-body.js': chunk('assets/markdown-body.js', 'markdown-body', false, 'render()'),
      'assets/settings-page.js': chunk('assets/settings-page.js', 'settings-page', false, 'lazy()'),
    };
    generate(bundle);
    expect(bundle['assets/index.js'].code).toBe(`${EAGER_COMPILE_HINT}\nconst __vite__mapDeps=1;run()`);
    expect(JSON.parse(String(bundle['assets/index.js.map'].source)).mappings).toBe(';AAAA,CAAC');
    expect(hasEagerCompileHint(bundle['assets/framework.js'].code)).toBe(true);
    expect(hasEagerCompileHint(bundle['assets/rolldown-runtime.js'].code)).toBe(true);
    expect(hasEagerCompileHint(bundle['assets/issue-view-page.js'].code)).toBe(true);
    expect(hasEagerCompileHint(bundle['assets/markdown-body.js'].code)).toBe(true);
    expect(bundle['assets/settings-page.js'].code).toBe('lazy()');
  });

  it('is written once, however often the hook runs', () => {
    const bundle = { 'assets/index.js': chunk('assets/index.js', 'index', true, 'run()') };
    generate(bundle);
    generate(bundle);
    expect(bundle['assets/index.js'].code).toBe(`${EAGER_COMPILE_HINT}\nrun()`);
  });

  it('counts only as the very first line', () => {
    expect(hasEagerCompileHint(`${EAGER_COMPILE_HINT}\nx()`)).toBe(true);
    expect(hasEagerCompileHint(`const a=1;\n${EAGER_COMPILE_HINT}\nx()`)).toBe(false);
  });
});
