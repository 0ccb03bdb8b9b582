/**
 * The bundle figures of `npm run bench`: the gzip size of the JavaScript and CSS the list's
 * first paint needs, against issue 6's budgets, and of every lazy chunk. The sizes come from
 * the same report `npm test` checks (scripts/check-bundle-budget.ts), read from the build the
 * browser figures measure, so the table and the test can never disagree about a build.
 */
import path from 'node:path';
import { FIRST_PAINT_CSS_BUDGET_BYTES, FIRST_PAINT_JS_BUDGET_BYTES, type BundleReport, type SizedFile } from '../scripts/check-bundle-budget';
import type { BenchRow } from './bench-row';

/** The issue view's Markdown renderer: issue 6 asks for it to be a lazy chunk of its own. */
export const MARKDOWN_VIEW_SOURCE = 'src/app/features/issue-view/markdown/markdown-body.tsx';
/** Lowlight's grammars are a chunk each (37 of them): one row, not 37. */
const GRAMMAR_SOURCE = /^node_modules\/highlight\.js\/es\/languages\//;

/** Two decimals always (a string, so the table does not round 134.94 to 135 as it does other figures of 100 or more). */
const kB = (bytes: number): string => (bytes / 1000).toFixed(2);

/** `assets/markdown-body-CkP5QBqy.js` → `markdown-body`: the name without Vite's content hash. */
export function chunkName(file: string): string {
  return path.basename(file).replace(/-[A-Za-z0-9_-]{8}\.(?:js|css)$/, '');
}

function lazyRow(file: SizedFile): BenchRow {
  const from = file.source ? `, from ${file.source}` : '';
  return { figure: `Bundle: lazy ${chunkName(file.file)}${file.file.endsWith('.css') ? ' CSS' : ''}${from} (kB gzip)`, value: kB(file.gzipBytes) };
}

function grammarsRow(grammars: SizedFile[]): BenchRow[] {
  if (grammars.length === 0) return [];
  const sizes = grammars.map((g) => g.gzipBytes);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return [
    {
      figure: `Bundle: lazy highlight.js grammars, one chunk each, loaded when a code block names one (kB gzip)`,
      value: `${grammars.length} chunks, ${kB(Math.min(...sizes))}–${kB(Math.max(...sizes))} each, ${kB(total)} in all`,
    },
  ];
}

export function bundleRows(report: BundleReport): BenchRow[] {
  const { firstPaint, lazy } = report;
  const parts = firstPaint.js.map((f) => `${chunkName(f.file)} ${kB(f.gzipBytes)}`).join(' · ');
  const hint = report.checks.find((c) => c.kind === 'compile-hint');
  const grammars = lazy.js.filter((f) => f.source !== null && GRAMMAR_SOURCE.test(f.source));
  const others = lazy.js.filter((f) => !grammars.includes(f)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const markdownLazy = lazy.js.some((f) => f.source === MARKDOWN_VIEW_SOURCE);
  return [
    {
      figure: `Bundle: first-paint JavaScript of the list (kB gzip: ${parts})`,
      value: kB(firstPaint.jsGzipBytes),
      target: `≤ ${kB(FIRST_PAINT_JS_BUDGET_BYTES)}`,
      met: firstPaint.jsGzipBytes <= FIRST_PAINT_JS_BUDGET_BYTES,
    },
    {
      figure: 'Bundle: first-paint CSS of the list (kB gzip)',
      value: kB(firstPaint.cssGzipBytes),
      target: `≤ ${kB(FIRST_PAINT_CSS_BUDGET_BYTES)}`,
      met: firstPaint.cssGzipBytes <= FIRST_PAINT_CSS_BUDGET_BYTES,
    },
    ...(hint && hint.kind === 'compile-hint'
      ? [{ figure: "Bundle: first-paint scripts carry V8's compile hint", value: hint.ok ? 'all' : `not ${hint.missing.join(', ')}`, target: 'all', met: hint.ok }]
      : []),
    { figure: 'Bundle: the Markdown view is a lazy chunk', value: markdownLazy ? 'yes' : 'no', target: 'yes', met: markdownLazy },
    ...others.map(lazyRow),
    ...grammarsRow(grammars),
    ...lazy.css.map(lazyRow),
  ];
}
