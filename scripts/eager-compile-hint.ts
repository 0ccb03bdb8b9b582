/**
 * V8's explicit compile hint (Chrome 136 and later) for the scripts whose
 * functions nearly all run as soon as they load. V8 compiles a function when
 * it is first called, on the main thread, unless it was compiled eagerly while
 * the script streamed in, on a background thread. Nearly every function of the
 * first paint's scripts (React, React Router, React Query and the app's list
 * page) runs before the first rows show, and of the issue view's (its page,
 * the Markdown renderer and the Markdown worker) before the issue shows, so
 * compiling them one by one on first call, about a thousand lazy compilations
 * on a cold load of the list, was most of the main thread's compile time; the
 * hint moves nearly all of it off the main thread (docs/performance-log.md has
 * the figures). A script asks for it with this comment as its first line;
 * other engines read a comment. Other lazy chunks
 * (settings, dialogs, the continuous list, grammars) keep V8's own choice.
 */
import type { Plugin } from 'vite';

export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Besides entries (the app's, with its first-paint code, and the Markdown
 * worker's in the worker build): the first paint's codeSplitting group of the
 * libraries and Rolldown's runtime helpers, and the issue view's page and
 * Markdown renderer.
 */
const EAGER_CHUNK_NAMES: ReadonlySet<string> = new Set(['framework', 'rolldown-runtime', 'issue-view-page', 'markdown-body']);

export function wantsEagerCompile(chunk: { name: string; isEntry: boolean }): boolean {
  return chunk.isEntry || EAGER_CHUNK_NAMES.has(chunk.name);
}

/** V8 reads the hint only as a script's very first line. */
export function hasEagerCompileHint(code: string): boolean {
  return code.startsWith(`${EAGER_COMPILE_HINT}\n`);
}

/**
 * Writes the hint as the first line of those chunks, once the
 * bundle is final: after minification (which drops comments) and after Vite
 * puts its preload list (`__vite__mapDeps`) at the top of the entry. Their
 * source maps move down a line with them.
 */
export function eagerCompileHint(): Plugin {
  return {
    name: 'issuescope:eager-compile-hint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !wantsEagerCompile(chunk) || hasEagerCompileHint(chunk.code)) continue;
          chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`;
          // A leading ";" in a source map's mappings is an empty first line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === 'asset') {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapFile.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
