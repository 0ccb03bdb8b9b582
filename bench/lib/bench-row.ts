/**
 * The one row shape every benchmark half returns, and the text table
 * `npm run bench` prints from them. Every row has a figure and our value;
 * the service's rows add the peer each was measured beside and the ratio,
 * the long list's rows its two peers (every row in the DOM, and the plainest
 * page of the same length), and rows with a target say whether it was met.
 */
export interface BenchRow {
  figure: string;
  /** ours */
  value: string | number;
  /** e.g. `json-server 1,234` */
  peer?: string;
  /** e.g. `41.2×` or `63%` */
  ratio?: string;
  target?: string;
  met?: boolean;
}

export interface BenchPart {
  rows: BenchRow[];
  json: unknown;
}

const COLUMNS = ['figure', 'ours', 'peer', 'ratio', 'target', 'met'] as const;

function cell(row: BenchRow, column: (typeof COLUMNS)[number]): string {
  switch (column) {
    case 'figure':
      return row.figure;
    case 'ours':
      return typeof row.value === 'number' ? formatNumber(row.value) : row.value;
    case 'peer':
      return row.peer ?? '';
    case 'ratio':
      return row.ratio ?? '';
    case 'target':
      return row.target ?? '';
    case 'met':
      return row.met === undefined ? '' : row.met ? 'met' : 'MISSED';
  }
}

/** Thousands separated, at most one decimal below 100 and two below 10. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** A plain-text table, one row per figure, readable in a terminal and pasteable into Markdown. */
export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((row) => COLUMNS.map((c) => cell(row, c)));
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (values: readonly string[]) => `| ${values.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(COLUMNS), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/** Rejects anything that is not a `BenchPart`, so a broken module fails with a message, not a crash in the printer. */
export function asBenchPart(value: unknown, from: string): BenchPart {
  const part = value as Partial<BenchPart> | null;
  if (
    !part ||
    !Array.isArray(part.rows) ||
    !part.rows.every((r: unknown) => {
      const row = r as Partial<BenchRow> | null;
      return !!row && typeof row.figure === 'string' && (typeof row.value === 'string' || typeof row.value === 'number');
    })
  ) {
    throw new Error(`${from} did not return { rows: Array<{ figure, value, target?, met? }>, json }`);
  }
  return { rows: part.rows, json: part.json };
}
