import { describe, expect, it } from 'vitest';
import type { BundleReport, SizedFile } from '../../scripts/check-bundle-budget';
import { bundleRows, chunkName, MARKDOWN_VIEW_SOURCE } from './rows';

function file(name: string, gzipBytes: number, source: string | null = null): SizedFile {
  return { file: `assets/${name}`, bytes: gzipBytes * 3, gzipBytes, source };
}

/** A report as scripts/check-bundle-budget.ts makes it; `over` marks which budgets it failed. */
function report(options: { jsGzip: number[]; over?: Array<'js' | 'css'>; hintMissing?: string[]; lazy?: SizedFile[] }): BundleReport {
  const js = options.jsGzip.map((size, i) => file(`${['index', 'framework', 'rolldown-runtime'][i] ?? `part${i}`}-AbCdEf12.js`, size));
  const css = [file('index-C5LLPW0i.css', 7_680)];
  const sum = (files: SizedFile[]) => files.reduce((total, f) => total + f.gzipBytes, 0);
  const missing = options.hintMissing ?? [];
  return {
    firstPaint: { js, css, jsGzipBytes: sum(js), cssGzipBytes: sum(css) },
    lazy: {
      js: options.lazy ?? [
        file('markdown-body-CkP5QBqy.js', 14_590, MARKDOWN_VIEW_SOURCE),
        file('markdown-worker-Cl086_rE.js', 115_270),
        file('bash-BqpFWvKu.js', 1_590, 'node_modules/highlight.js/es/languages/bash.js'),
        file('arduino-qgQEoane.js', 4_460, 'node_modules/highlight.js/es/languages/arduino.js'),
        file('settings-page-08YVaR-X.js', 8_580, 'src/app/routes/settings-page.tsx'),
      ],
      css: [file('markdown-body-B_Z72DRa.css', 1_800)],
    },
    checks: [
      { kind: 'size', name: 'first-paint JavaScript (gzip)', gzipBytes: sum(js), budgetBytes: 135_000, ok: !options.over?.includes('js') },
      { kind: 'size', name: 'first-paint CSS (gzip)', gzipBytes: sum(css), budgetBytes: 15_000, ok: !options.over?.includes('css') },
      { kind: 'compile-hint', name: 'first-paint scripts start with //# allFunctionsCalledOnLoad', missing, ok: missing.length === 0 },
    ],
  };
}

const row = (rows: ReturnType<typeof bundleRows>, start: string) => rows.find((r) => r.figure.startsWith(start));

describe('bundle rows of npm run bench', () => {
  it('prints the first paint against the budgets npm test checks, and each of its files', () => {
    const rows = bundleRows(report({ jsGzip: [28_860, 105_630, 450] }));
    expect(row(rows, 'Bundle: first-paint JavaScript (gzip), kB')).toMatchObject({ value: '134.94', target: '≤ 135.00', met: true });
    expect(row(rows, 'Bundle: first-paint CSS (gzip), kB')).toMatchObject({ value: '7.68', target: '≤ 15.00', met: true });
    expect(row(rows, 'Bundle: first-paint scripts start with')).toMatchObject({ value: 'all', met: true });
    expect(row(rows, 'Bundle: first-paint JavaScript file by file')?.value).toBe('index 28.86 · framework 105.63 · rolldown-runtime 0.45');
  });

  it('marks a budget the report failed, or a script without the hint, as missed', () => {
    const rows = bundleRows(report({ jsGzip: [29_500, 105_630, 450], over: ['js', 'css'], hintMissing: ['assets/index-AbCdEf12.js'] }));
    expect(row(rows, 'Bundle: first-paint JavaScript (gzip), kB')).toMatchObject({ value: '135.58', met: false });
    expect(row(rows, 'Bundle: first-paint CSS (gzip), kB')).toMatchObject({ met: false });
    expect(row(rows, 'Bundle: first-paint scripts start with')).toMatchObject({ value: 'not assets/index-AbCdEf12.js', met: false });
  });

  it('gives each lazy chunk a row, largest first, and folds the grammars into one', () => {
    const rows = bundleRows(report({ jsGzip: [28_860, 105_630] }));
    const lazy = rows.filter((r) => r.figure.startsWith('Bundle: lazy')).map((r) => [r.figure, r.value]);
    expect(lazy).toEqual([
      ['Bundle: lazy markdown-worker (kB gzip)', '115.27'],
      [`Bundle: lazy markdown-body, from ${MARKDOWN_VIEW_SOURCE} (kB gzip)`, '14.59'],
      ['Bundle: lazy settings-page, from src/app/routes/settings-page.tsx (kB gzip)', '8.58'],
      ['Bundle: lazy highlight.js grammars, one chunk each, loaded when a code block names one (kB gzip)', '2 chunks, 1.59–4.46 each, 6.05 in all'],
      [`Bundle: lazy markdown-body CSS (kB gzip)`, '1.80'],
    ]);
  });

  it('says so when the Markdown view is not a lazy chunk of its own', () => {
    const lazy = [file('settings-page-08YVaR-X.js', 8_580, 'src/app/routes/settings-page.tsx')];
    expect(row(bundleRows(report({ jsGzip: [28_860], lazy })), 'Bundle: the Markdown view')).toMatchObject({ value: 'no', met: false });
    expect(row(bundleRows(report({ jsGzip: [28_860] })), 'Bundle: the Markdown view')).toMatchObject({ value: 'yes', met: true });
  });

  it('names a chunk without its content hash', () => {
    expect(chunkName('assets/markdown-body-CkP5QBqy.js')).toBe('markdown-body');
    expect(chunkName('assets/useInfiniteQuery-D2t-VkH1.js')).toBe('useInfiniteQuery');
    expect(chunkName('assets/index-C5LLPW0i.css')).toBe('index');
  });
});
