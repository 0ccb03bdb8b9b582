/**
 * Several Lighthouse runs of one page and preset, as one figure: each
 * category's median score, every run's scores, and the metrics and failing
 * audits of the run whose performance score is the median (a real run's,
 * not an average no run had).
 */

/** What a median of runs reads of a run (lighthouse/measure.ts `LighthouseRun` has it): scores by category, performance among them. */
interface ScoredRun {
  scores: Record<string, number | null>;
  runScores: Array<Record<string, number | null>>;
}

export function medianRun<Run extends ScoredRun>(repeats: Run[]): Run {
  const byPerformance = [...repeats].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
  if (middle === undefined) throw new Error('medianRun needs at least one run');
  const runScores = repeats.flatMap((run) => run.runScores);
  const scores: Record<string, number | null> = { ...middle.scores };
  for (const category of Object.keys(scores)) scores[category] = median(runScores.map((s) => s[category] ?? null));
  return { ...middle, scores: scores as Run['scores'], runScores };
}

/** The median of the scores there are (the lower middle of an even count, as for the run chosen above); null if none. */
function median(values: Array<number | null>): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}
