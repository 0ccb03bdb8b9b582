import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig, type InlineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { eagerCompileHint } from './scripts/eager-compile-hint.js';
import { firstPaintOrder } from './scripts/first-paint-order.js';
import { firstViewBuild } from './scripts/first-view-build.js';
import { FIRST_VIEW_RENDERER_FILE } from './src/shared/first-view.js';

/**
 * Lets Rolldown drop the parts of React Router the app never renders (its
 * `<Form>` with useSubmit and the form-submission helpers, which would
 * otherwise ride in the list's first paint). React Router 7 declares its
 * components as `React.forwardRef(...)` and its contexts as `React.createContext(...)`
 * without a `#__PURE__` annotation, and names them for React DevTools with
 * `Form.displayName = "Form"`: to a bundler both look like side effects, so
 * every component stays, used or not. This marks those calls pure (each only
 * builds an object) and drops the `displayName` writes (read by DevTools
 * alone), in production builds only; what the app uses is untouched.
 */
function reactRouterTreeShaking(): Plugin {
  const factoryCall = /(?<![\w$.])(React\d*\.(?:forwardRef|createContext)\()/g;
  const displayNameWrite = /^[ \t]*[\w$]+\.displayName = "[^"\n]*";[ \t]*$/gm;
  return {
    name: 'issuescope:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        return { code: code.replace(factoryCall, '/* @__PURE__ */ $1').replace(displayNameWrite, ''), map: null };
      },
    },
  };
}

/**
 * React Router 7 ships a production build beside its development one
 * (dist/production, the same code with its development warnings switched
 * off), but its package exports name only dist/development, so a bundler
 * always takes that one. Production builds use the production build: fewer
 * bytes on the list's first paint, and none of the checks that only print
 * warnings run on a user's device. Tests and the dev server keep the
 * warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = development.replace(/([\\/])development([\\/])index\.m?js$/, '$1production$2index.mjs');
  if (production === development || !existsSync(production)) {
    throw new Error(`react-router's layout changed: no production build (dist/production/index.mjs) beside ${development}`);
  }
  return {
    name: 'issuescope:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? production : null;
    },
  };
}

/**
 * The Markdown worker (src/app/features/issue-view/markdown/markdown-worker.ts)
 * has no `document`. micromark decodes entities with
 * decode-named-character-reference, whose "browser" build asks the DOM to do
 * it; its "worker" build (a table) is the one that works there. Vite builds a
 * worker with the browser's resolve conditions, so this points the worker at
 * the table.
 */
function workerEntityDecoder(): Plugin {
  const table = createRequire(import.meta.url).resolve('decode-named-character-reference');
  return {
    name: 'issuescope:worker-entity-decoder',
    enforce: 'pre',
    resolveId(source) {
      return source === 'decode-named-character-reference' ? table : null;
    },
  };
}

/** Build files' names, the same in the renderer's build: the icons' sprite it names in the markup must be the browser's. */
const ASSET_FILE_NAMES = 'assets/[name]-[hash:7][extname]';

/**
 * The list's first view's renderer (src/app/entry-first-view.tsx, issue 48), built after the app by
 * firstViewBuild into `<outDir>/server/`: one ES module with every dependency inside
 * (`ssr.noExternal`) and the lazy routes inlined, so the service loads it from any folder.
 * The app's own build plugins, for the same React Router and the same Markdown worker.
 */
export function rendererBuild(serverDir: string, client: Pick<ResolvedConfig, 'root' | 'mode' | 'logLevel' | 'envDir'>): InlineConfig {
  return {
    configFile: false,
    root: client.root,
    mode: client.mode,
    logLevel: client.logLevel,
    envDir: client.envDir,
    plugins: [react(), reactRouterProductionBuild(), reactRouterTreeShaking()],
    worker: { format: 'es', plugins: () => [workerEntityDecoder()] },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'src/app/entry-first-view.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      copyPublicDir: false,
      sourcemap: false,
      rolldownOptions: {
        output: { entryFileNames: path.basename(FIRST_VIEW_RENDERER_FILE), assetFileNames: ASSET_FILE_NAMES, codeSplitting: false },
      },
    },
  };
}

/** The chunks the entry itself imports statically (the codeSplitting group `framework` below, and Rolldown's runtime). */
const ALWAYS_LOADED_CHUNK = /(^|\/)(framework|rolldown-runtime)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [react(), tailwindcss(), reactRouterProductionBuild(), reactRouterTreeShaking(), firstPaintOrder(), eagerCompileHint(), firstViewBuild(rendererBuild)],
  worker: { format: 'es', plugins: () => [workerEntityDecoder(), eagerCompileHint()] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/check-bundle-budget.ts reads it to find what the list's first paint needs.
    manifest: true,
    // The lazily loaded Markdown chunk (parser, sanitiser, highlighter) is larger than Vite's default
    // warning size; it never blocks the list's first paint. The first paint's budget is checked by scripts/check-bundle-budget.ts.
    chunkSizeWarningLimit: 800,
    modulePreload: {
      // Every browser the build targets but Safari 16 preloads modules natively; the polyfill would be first-paint JavaScript.
      polyfill: false,
      // The entry imports the framework and Rolldown's runtime statically, so both are loaded before any lazy
      // chunk can be asked for: naming them again in each lazy import's preload list (which the entry carries)
      // is first-paint bytes for nothing.
      resolveDependencies: (_chunk, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !ALWAYS_LOADED_CHUNK.test(dep)) : deps),
    },
    rolldownOptions: {
      output: {
        // Seven characters of content hash, not eight: the entry names every lazy chunk in its preload list, and
        // 64^7 names are still far too many to collide among a build's few hundred files (Rolldown checks).
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: ASSET_FILE_NAMES,
        codeSplitting: {
          // Both groups take only modules the entry imports statically (`$initial`): the list's first paint.
          // - framework: the libraries, cached across app releases. Library code that only lazy chunks use
          //   (useMutation for Settings, useInfiniteQuery for the continuous list and comments) stays with them.
          // - app: every first-paint module of ours lands in the entry chunk itself, instead of the small
          //   common chunks Rolldown splits off for modules that lazy chunks share (icons, api-errors,
          //   connection-store...): one file compresses better and costs no extra request.
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
