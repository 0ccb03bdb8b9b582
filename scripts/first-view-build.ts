/**
 * The build's half of the list's first view rendered by the service (issue
 * 48; the contract is src/shared/first-view.ts). After the browser app is
 * written, the same `vite build` writes, under its own outDir:
 * - `server/first-view.html`, the rendered page's template: the built
 *   index.html with the four markers the service fills, and its scripts asked
 *   for after the first paint;
 * - `server/first-view.js`, the renderer (src/app/entry-first-view.tsx) as one
 *   self-contained ES module, which runs from any folder (a bench build in
 *   /tmp has no node_modules beside it).
 * So every `vite build` (npm run build, `start`, npm test, the benches, with
 * or without --outDir) builds both, and the shell (index.html) is unchanged.
 *
 * Why the scripts wait: Lighthouse's simulation counts every request started
 * before the largest paint, so scripts asked for from the head share the
 * simulated phone's bandwidth with the page and hold its largest paint back to
 * where the skeleton's was, though the rendered rows need no script to paint
 * (docs/ssr-spike.md, variant Hp). A small external loader (the CSP is
 * `script-src 'self'`: no inline script) adds the entry and its module
 * preloads once the browser reports the first contentful paint, that is after
 * the rows are on screen.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type InlineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { FIRST_VIEW_MARKERS, FIRST_VIEW_RENDERER_FILE, FIRST_VIEW_TEMPLATE_FILE } from '../src/shared/first-view.js';

/**
 * The loader, a classic script run with `defer` once the page is parsed. It
 * starts the app once the browser reports the page's first contentful paint
 * (Paint Timing, which gives the moment the frame was presented), so no script
 * is asked for before the rows are on screen. Two animation frames were not
 * enough: on a loaded host a frame can be presented after the next has begun,
 * and in one Lighthouse run in five the scripts were asked for before the
 * paint, which its simulation then counts against it (docs/performance-log.md).
 * A browser without Paint Timing waits two frames. In a tab not shown (opened
 * in the background, or hidden before it painted) no frame is drawn, so it
 * starts at once: waiting for a paint there would only leave the page inert
 * until shown.
 */
export const START_AFTER_PAINT_SCRIPT = `(function () {
  var me = document.currentScript;
  var started = false;
  function add(element) { element.crossOrigin = ''; document.head.appendChild(element); }
  function start() {
    if (started) return;
    started = true;
    (me.getAttribute('data-preload') || '').split(',').forEach(function (href) {
      if (href === '') return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      add(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.src = me.getAttribute('data-entry');
    add(entry);
  }
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
  var observes = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (!observes) return requestAnimationFrame(function () { requestAnimationFrame(start); });
  var painted = new PerformanceObserver(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    painted.disconnect();
    start();
  });
  painted.observe({ type: 'paint', buffered: true });
})();
`;

const ENTRY_SCRIPT = /[ \t]*<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>\n?/g;
/**
 * src/shared/first-answers.ts's FIRST_ANSWERS_META_NAME (not imported: the config loader takes this
 * file, and that module's imports, as they are; first-view-build.test.ts holds the two together).
 */
export const FIRST_ANSWERS_META = 'issuescope-first-answers';
/** The meta (and the comment above it) by which the page asks the service to preload its first answers: a rendered page carries them. */
const TAKES_FIRST_ANSWERS = new RegExp(`[ \\t]*(?:<!--[^>]*-->\\s*)?<meta name="${FIRST_ANSWERS_META}"[^>]*>\\n?`);
/** `#root`, which index.html closes just before the body ends (its skeleton, kept in the shell, is the part replaced). */
const ROOT = /(<div id="root">)[\s\S]*(<\/div>)(\s*<\/body>)/;

/**
 * The rendered page's template from the built index.html: its entry script
 * and module preloads replaced by the loader at `loaderHref`, no preload of
 * first answers, and the markers in the head, in `#root` and after it.
 */
export function firstViewTemplate(indexHtml: string, loaderHref: string): string {
  const entries = [...indexHtml.matchAll(ENTRY_SCRIPT)];
  if (entries.length !== 1) throw new Error(`the built index.html has ${entries.length} module scripts; the first view's template needs its one entry`);
  if (!ROOT.test(indexHtml)) throw new Error('the built index.html has no <div id="root"> closing just before </body>');
  if (!/<title>[^<]*<\/title>/.test(indexHtml)) throw new Error('the built index.html has no <title>, which the rendered page\'s own replaces');
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const loader = `<script src="${loaderHref}" data-entry="${entries[0]![1]}" data-preload="${preloads.join(',')}" defer></script>`;
  return indexHtml
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(TAKES_FIRST_ANSWERS, '')
    .replace(/<title>[^<]*<\/title>/, FIRST_VIEW_MARKERS.title)
    .replace('</head>', `  ${loader}\n    ${FIRST_VIEW_MARKERS.head}\n  </head>`)
    .replace(ROOT, (_whole, open: string, close: string, end: string) => `${open}${FIRST_VIEW_MARKERS.root}${close}\n    ${FIRST_VIEW_MARKERS.data}${end}`);
}

/**
 * The plugin of the browser app's build. `renderer(outDir)` is the renderer's
 * build, written into `outDir/server/`; it runs with a config of its own, so
 * this plugin is not in it.
 */
export function firstViewBuild(renderer: (serverDir: string, config: ResolvedConfig) => InlineConfig): Plugin {
  let config: ResolvedConfig;
  let loaderRef = '';
  return {
    name: 'issuescope:first-view-build',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      loaderRef = this.emitFile({ type: 'asset', name: 'start-after-paint.js', source: START_AFTER_PAINT_SCRIPT });
    },
    async writeBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index === undefined || index.type !== 'asset') throw new Error('the build wrote no index.html to make the first view\'s template from');
      const outDir = path.resolve(config.root, config.build.outDir);
      const template = path.join(outDir, FIRST_VIEW_TEMPLATE_FILE);
      const page = firstViewTemplate(String(index.source), `${config.base}${this.getFileName(loaderRef)}`);
      // The renderer's build empties its folder first (no stale renderer stays): the template goes in after.
      await build(renderer(path.dirname(path.join(outDir, FIRST_VIEW_RENDERER_FILE)), config));
      mkdirSync(path.dirname(template), { recursive: true });
      writeFileSync(template, page);
    },
  };
}
