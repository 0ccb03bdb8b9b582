/**
 * The rendered page's template and its loader (first-view-build.ts, issue 48): the service finds
 * each marker once, the page holds no inline script (the CSP is `script-src 'self'`), and the
 * scripts the shell asks for from its head are asked for by the loader after the first paint.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_MARKERS } from '../src/shared/first-view';
import { FIRST_ANSWERS_META_NAME } from '../src/shared/first-answers';
import { FIRST_ANSWERS_META, firstViewTemplate, START_AFTER_PAINT_SCRIPT } from './first-view-build';

const LOADER = '/assets/start-after-paint-Dot0tbA.js';
const ENTRY = '/assets/index-6oT3uw3.js';
const PRELOADS = ['/assets/rolldown-runtime-XKyaHtl.js', '/assets/framework-DNCNGsC.js'];

/** The repository's index.html as `vite build` writes it (first-paint-order.ts's order): the stylesheet, then the entry and its preloads, in the head. */
function builtIndexHtml(): string {
  const source = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  const tags = [
    '<link rel="stylesheet" crossorigin href="/assets/index-DwlWzTa.css">',
    `<script fetchpriority="low" type="module" crossorigin src="${ENTRY}"></script>`,
    ...PRELOADS.map((href) => `<link fetchpriority="low" rel="modulepreload" crossorigin href="${href}">`),
  ];
  return source.replace(/\s*<script type="module" src="\/src\/app\/main.tsx"><\/script>/, '').replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe("the rendered page's template", () => {
  const shell = builtIndexHtml();
  const template = firstViewTemplate(shell, LOADER);

  it('has each marker exactly once, where the contract puts it', () => {
    for (const marker of Object.values(FIRST_VIEW_MARKERS)) expect(count(template, marker)).toBe(1);
    expect(template.indexOf(FIRST_VIEW_MARKERS.head)).toBeLessThan(template.indexOf('</head>'));
    expect(template).toContain(`<div id="root">${FIRST_VIEW_MARKERS.root}</div>`);
    expect(template.indexOf(FIRST_VIEW_MARKERS.data)).toBeGreaterThan(template.indexOf(`${FIRST_VIEW_MARKERS.root}</div>`));
    expect(template.indexOf(FIRST_VIEW_MARKERS.data)).toBeLessThan(template.indexOf('</body>'));
  });

  it('holds no inline script and asks for no script from its head: one external loader names the entry and its preloads', () => {
    const scripts = [...template.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toEqual([`<script src="${LOADER}" data-entry="${ENTRY}" data-preload="${PRELOADS.join(',')}" defer>`]);
    expect(template).not.toContain('modulepreload');
    expect(template).not.toMatch(/<script\b[^>]*>[^<]/);
  });

  it("keeps the shell's head (stylesheet, icon) but not its title, the skeleton nor the first answers' preload request", () => {
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/index-DwlWzTa.css">');
    expect(template).toContain('<link rel="icon"');
    // The rendered page's own title goes where the shell's was: one title per document.
    expect(template).not.toContain('<title>');
    expect(template).toContain(`<link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n    ${FIRST_VIEW_MARKERS.title}`);
    expect(template).not.toContain('aria-busy');
    // A rendered page carries its first answers: the service preloads them for the shell only (src/shared/first-answers.ts).
    expect(FIRST_ANSWERS_META).toBe(FIRST_ANSWERS_META_NAME);
    expect(shell).toContain(`<meta name="${FIRST_ANSWERS_META_NAME}"`);
    expect(template).not.toContain(FIRST_ANSWERS_META_NAME);
  });

  it('is refused for an index.html without its one entry or its #root', () => {
    expect(() => firstViewTemplate(shell.replace(/<script[^>]*><\/script>/, ''), LOADER)).toThrow(/0 module scripts/);
    expect(() => firstViewTemplate(shell.replace('<div id="root">', '<div id="app">'), LOADER)).toThrow(/no <div id="root">/);
  });
});

describe('the loader', () => {
  type PaintEntries = { getEntriesByName: (name: string) => unknown[] };
  /**
   * Runs the loader as a page's deferred script, in a document of plain objects: `frame()` draws the
   * next frame, `paint(name)` reports a paint entry to its observer (none where `paintTiming` is false),
   * `hide()` hides the tab.
   */
  function runLoader(visibilityState: 'visible' | 'hidden', paintTiming = true) {
    const added: { tag: string; rel?: string; type?: string; href?: string; src?: string; crossOrigin?: string }[] = [];
    let frames: (() => void)[] = [];
    const observers: { callback: (list: PaintEntries) => void; observed: unknown; connected: boolean }[] = [];
    const listeners: (() => void)[] = [];
    const attributes: Record<string, string> = { 'data-entry': ENTRY, 'data-preload': PRELOADS.join(',') };
    const document = {
      visibilityState,
      currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: (typeof added)[number]) => added.push(element) },
      addEventListener: (type: string, listener: () => void) => type === 'visibilitychange' && listeners.push(listener),
    };
    const requestAnimationFrame = (callback: () => void) => frames.push(callback);
    class PerformanceObserver {
      static supportedEntryTypes = paintTiming ? ['navigation', 'paint', 'resource'] : ['navigation', 'resource'];
      private readonly own: (typeof observers)[number];
      constructor(callback: (list: PaintEntries) => void) {
        this.own = { callback, observed: null, connected: false };
        observers.push(this.own);
      }
      observe(options: unknown) {
        this.own.observed = options;
        this.own.connected = true;
      }
      disconnect() {
        this.own.connected = false;
      }
    }
    new Function('document', 'requestAnimationFrame', 'PerformanceObserver', START_AFTER_PAINT_SCRIPT)(document, requestAnimationFrame, PerformanceObserver);
    const frame = () => {
      const now = frames;
      frames = [];
      for (const callback of now) callback();
    };
    const paint = (name: string) => {
      for (const o of observers.filter((each) => each.connected)) o.callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) });
    };
    const hide = () => {
      document.visibilityState = 'hidden';
      for (const listener of listeners) listener();
    };
    return { added, frame, paint, hide, observers };
  }

  const asked = [
    ...PRELOADS.map((href) => ({ tag: 'link', rel: 'modulepreload', href, crossOrigin: '' })),
    { tag: 'script', type: 'module', src: ENTRY, crossOrigin: '' },
  ];

  it('asks for the entry and its preloads once the browser reports the first contentful paint, however many frames came first', () => {
    const { added, frame, paint, observers } = runLoader('visible');
    // Buffered: a paint reported before the loader ran counts too.
    expect(observers.map((o) => o.observed)).toEqual([{ type: 'paint', buffered: true }]);
    frame();
    frame();
    frame();
    paint('first-paint');
    expect(added).toEqual([]);
    paint('first-contentful-paint');
    expect(added).toEqual(asked);
    expect(observers[0]!.connected).toBe(false);
  });

  it('in a browser without Paint Timing, two frames after it runs', () => {
    const { added, frame } = runLoader('visible', false);
    expect(added).toEqual([]);
    frame();
    expect(added).toEqual([]);
    frame();
    expect(added).toEqual(asked);
  });

  it('in a tab not shown (no frame is drawn there), at once, and once only', () => {
    const { added, paint } = runLoader('hidden');
    expect(added).toEqual(asked);
    paint('first-contentful-paint');
    expect(added).toEqual(asked);
  });

  it('in a tab hidden before it painted, when it is hidden, and once only', () => {
    const { added, hide, paint } = runLoader('visible');
    hide();
    expect(added).toEqual(asked);
    paint('first-contentful-paint');
    expect(added).toEqual(asked);
  });
});
