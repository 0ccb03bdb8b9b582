/**
 * The bench table's Lighthouse rows: per view, preset and category, the
 * median of the runs with every run and the worst beside it, met only when
 * the median meets the target and no run falls under its floor (issue 30).
 */
import { LIGHTHOUSE_TARGETS, LIGHTHOUSE_WORST_FLOORS, type LighthouseResult } from './measure';
import type { BenchRow } from '../lib/bench-row';

export function lighthouseRows(r: LighthouseResult): BenchRow[] {
  if (!r.available) return [{ figure: 'Lighthouse', value: `n/a (${r.reason})` }];
  return r.runs.flatMap((run) =>
    (Object.keys(LIGHTHOUSE_TARGETS) as Array<keyof typeof LIGHTHOUSE_TARGETS>).map((category) => {
      const target = LIGHTHOUSE_TARGETS[category];
      const floor = LIGHTHOUSE_WORST_FLOORS[category];
      const score = run.scores[category];
      const each = run.runScores.map((scores) => scores[category]);
      const worst = each.some((s) => s === null) ? null : Math.min(...(each as number[]));
      return {
        figure: `Lighthouse ${run.preset}, ${run.page}: ${category} (median of ${each.length} run${each.length === 1 ? '' : 's'}: ${each.map((s) => s ?? 'n/a').join(' · ')}; worst ${worst ?? 'n/a'})`,
        value: score ?? 'n/a',
        target: target === floor ? (target === 100 ? '100 on every run' : `≥ ${target} on every run`) : `median ≥ ${target}, no run < ${floor}`,
        met: score !== null && worst !== null && score >= target && worst >= floor,
      };
    }),
  );
}
