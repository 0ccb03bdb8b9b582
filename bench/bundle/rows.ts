/**
 * The bundle figures of `npm run bench`: the gzip size of the JavaScript and CSS the list's
 * first paint needs, against issue 6's budgets, and of every lazy chunk. The sizes and the
 * verdicts are the report `npm test` checks (scripts/check-bundle-budget.ts), read from the
 * build the browser figures measure, so the table and the test can never disagree about a build.
 */
import path from 'node:path';
import type { BudgetCheck, BundleReport, SizedFile } from '../../scripts/check-bundle-budget';
import type { BenchRow } from '../lib/bench-row';

/** The issue view's Markdown renderer: issue 6 asks for it to be a lazy chunk of its own. */
export const MARKDOWN_VIEW_SOURCE = 'src/app/features/issue-view/markdown/markdown-body.tsx';
/** Lowlight's grammars are a chunk each (three dozen): one row for them all. */
const GRAMMAR_SOURCE = /^node_modules\/highlight\.js\/es\/languages\//;

/** Two decimals always (a string, so the table does not round 134.94 to 135 as it does other figures of 100 or more). */
const kB = (bytes: number): string => (bytes / 1000).toFixed(2);

/** `assets/markdown-body-CkP5QBqy.js` → `markdown-body`: the name without Vite's content hash. */
export function chunkName(file: string): string {
  return path.basename(file).replace(/-[A-Za-z0-9_-]{7,8}\.(?:js|css)$/, '');
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

/** A budget of `npm test`, with its verdict. */
function checkRow(check: BudgetCheck): BenchRow {
  if (check.kind === 'compile-hint') {
    return { figure: `Bundle: ${check.name}`, value: check.ok ? 'all' : `not ${check.missing.join(', ')}`, target: 'all', met: check.ok };
  }
  return { figure: `Bundle: ${check.name}, kB`, value: kB(check.gzipBytes), target: `≤ ${kB(check.budgetBytes)}`, met: check.ok };
}

export function bundleRows(report: BundleReport): BenchRow[] {
  const { firstPaint, lazy } = report;
  const grammars = lazy.js.filter((f) => f.source !== null && GRAMMAR_SOURCE.test(f.source));
  const others = lazy.js.filter((f) => !grammars.includes(f)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const markdownLazy = lazy.js.some((f) => f.source === MARKDOWN_VIEW_SOURCE);
  return [
    ...report.checks.map(checkRow),
    { figure: 'Bundle: first-paint JavaScript file by file (kB gzip)', value: firstPaint.js.map((f) => `${chunkName(f.file)} ${kB(f.gzipBytes)}`).join(' · ') },
    { figure: 'Bundle: the Markdown view is a lazy chunk', value: markdownLazy ? 'yes' : 'no', target: 'yes', met: markdownLazy },
    ...others.map(lazyRow),
    ...grammarsRow(grammars),
    ...lazy.css.map(lazyRow),
  ];
}
