/**
 * The `import` command's wall time, and the same command of a baseline build
 * beside it: what the search index adds to an import is read from runs of the
 * two taken in turn, not from minutes apart (the host's speed swings by a
 * quarter within minutes: lib/load-rounds.ts).
 *
 * The baseline is the tree of a commit extracted with `git archive` into the
 * bench's scratch folder, with the working tree's node_modules linked in: it
 * touches neither the repository's index and work tree nor its list of
 * worktrees, so a bench run leaves git as it found it.
 */
import { existsSync, mkdirSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { run } from './child-processes';
import { BENCH_REPO } from './generate-repository';

/**
 * The last commit before the search work (issue 27): its `import` writes no
 * text index. BENCH_SEARCH_BASE overrides it; `none` skips the baseline.
 */
export const SEARCH_BASELINE_COMMIT = 'c313b8285200b4d35a8596b60f4ec9e6ab942ba9';

export type ImportVariant = 'ours' | 'baseline';

export interface ImportStep {
  variant: ImportVariant;
  /** 0-based run of that variant */
  run: number;
}

/**
 * The order of the imports: ours and the baseline in turn, the pair's order
 * swapped every round so neither always goes first (the first import of a run
 * also pays for a cold page cache). Ours run 0 comes first: it is the file served.
 */
export function importPlan(runs: number, withBaseline: boolean): ImportStep[] {
  const steps: ImportStep[] = [];
  for (let run = 0; run < runs; run++) {
    const pair: ImportVariant[] = !withBaseline ? ['ours'] : run % 2 === 0 ? ['ours', 'baseline'] : ['baseline', 'ours'];
    for (const variant of pair) steps.push({ variant, run });
  }
  return steps;
}

/** The middle of a set of times and its slowest: the median is the figure, the worst says how far one run strayed. */
export function timeSummary(seconds: readonly number[]): { median: number; worst: number } | null {
  if (seconds.length === 0) return null;
  const sorted = [...seconds].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { median, worst: sorted[sorted.length - 1] as number };
}

/**
 * What the index adds in each round's pair (ours over the baseline, minus 1): on a host whose
 * speed swings within minutes, a pair taken back to back says more than medians minutes apart.
 */
export function pairedOverheads(ours: readonly number[], baseline: readonly number[]): number[] {
  return ours.slice(0, baseline.length).map((x, i) => x / (baseline[i] as number) - 1);
}

export async function importRepository(db: string, issuesFile: string, cwd?: string): Promise<number> {
  const { ms } = await run('npm', ['run', '--silent', 'service', '--', 'import', '--db', db, '--repo', `${BENCH_REPO.owner}/${BENCH_REPO.name}`, issuesFile], cwd ? { cwd } : {});
  return ms / 1000;
}

/** The commit to compare with, or null when BENCH_SEARCH_BASE=none. */
export function baselineCommit(env: NodeJS.ProcessEnv = process.env): string | null {
  const asked = env.BENCH_SEARCH_BASE;
  if (asked === 'none') return null;
  return asked && asked !== '' ? asked : SEARCH_BASELINE_COMMIT;
}

/** Extracts `commit`'s tree into `dir` with the working tree's node_modules linked in; returns `dir`. */
export async function prepareBaseline(commit: string, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const archive = path.join(dir, '..', `baseline-${commit.slice(0, 12)}.tar`);
  await run('git', ['archive', '--format=tar', `--output=${archive}`, commit]);
  await run('tar', ['-xf', archive, '-C', dir]);
  rmSync(archive, { force: true });
  const modules = path.resolve('node_modules');
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(modules, path.join(dir, 'node_modules'), 'dir');
  return dir;
}

export interface ImportTimes {
  ours: number[];
  /** null when there is no baseline in this run */
  baseline: number[] | null;
  baselineCommit: string | null;
}

/**
 * Imports `issuesFile` `runs` times with this tree (run 0 into `db`, the file
 * served afterwards; the others into scratch files removed at once) and, when
 * a baseline commit is set, as many times with the baseline, in turn.
 */
export async function timeImports(options: { db: string; issuesFile: string; work: string; runs: number; log: (line: string) => void }): Promise<ImportTimes> {
  const { db, issuesFile, work, runs, log } = options;
  const commit = baselineCommit();
  let baselineDir: string | null = null;
  if (commit) {
    try {
      baselineDir = await prepareBaseline(commit, path.join(work, 'baseline'));
    } catch (err) {
      log(`  the baseline ${commit} could not be extracted, so no import comparison: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const times: Record<ImportVariant, number[]> = { ours: [], baseline: [] };
  for (const step of importPlan(runs, baselineDir !== null)) {
    const served = step.variant === 'ours' && step.run === 0;
    const target = served ? db : path.join(work, `import-${step.variant}-${step.run}.db`);
    const seconds = await importRepository(target, issuesFile, step.variant === 'baseline' ? (baselineDir ?? undefined) : undefined);
    times[step.variant].push(seconds);
    log(`  ${step.variant === 'ours' ? 'this tree' : `baseline ${commit?.slice(0, 7)}`}: ${seconds.toFixed(1)} s`);
    if (!served) for (const file of [target, `${target}-wal`, `${target}-shm`]) rmSync(file, { force: true });
  }
  if (baselineDir) {
    // The link first, on its own: nothing may ever reach through it into the working tree's node_modules.
    unlinkSync(path.join(baselineDir, 'node_modules'));
    rmSync(baselineDir, { recursive: true, force: true });
  }
  return { ours: times.ours, baseline: baselineDir ? times.baseline : null, baselineCommit: baselineDir ? commit : null };
}
