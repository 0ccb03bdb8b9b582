/**
 * The table `npm run bench` prints for the search part (search/benchmark.ts):
 * each query repeated and uncached, the peers beside the word, and the
 * search targets; the uncached and cold figures are the median of their rounds.
 */
import type { BenchRow } from '../lib/bench-row';
import { formatNumber } from '../lib/bench-row';
import { pairedOverheads, timeSummary, type ImportTimes } from '../lib/import-timing';
import type { LoadResult } from '../lib/load';
import { SEARCH_WORD, searchCases } from '../lib/search-queries';

const WORD_RATIO_TARGET = 50;
const WORD_P99_TARGET_MS = 50;
const IMPORT_ADDED_TARGET = 0.5;

export function formatCount(value: number | string | undefined): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : `(${value ?? 'none'})`;
}

export function roundsOf(results: Record<string, LoadResult | null>, key: string, rounds: number): Array<LoadResult | null> {
  return Array.from({ length: rounds }, (_, i) => results[`${key}.round${i + 1}`] ?? null);
}

interface RowInput {
  results: Record<string, LoadResult | null>;
  rounds: number;
  counts: Record<string, number | string>;
  imports: ImportTimes;
  entries: number;
  oursReady: boolean;
}

const loadCell = (x: LoadResult | null | undefined) => (x ? `${formatNumber(x.requestsPerSecond)} (${formatNumber(x.p50Ms)} / ${formatNumber(x.p99Ms)})` : 'FAILED');

/** The table rows: each query repeated and uncached, the peers beside the word, and the three targets. */
export function searchRows({ results, rounds, counts, imports, entries, oursReady }: RowInput): BenchRow[] {
  const rows: BenchRow[] = [];
  const r = (key: string) => results[key] ?? null;
  const done = (key: string) => roundsOf(results, key, rounds).filter((x): x is LoadResult => x !== null);
  const eachRound = (key: string, pick: (x: LoadResult) => number) => roundsOf(results, key, rounds).map((x) => (x ? formatNumber(pick(x)) : 'FAILED')).join(' · ');
  const none = oursReady ? 'FAILED' : 'no endpoint';

  const jsonServer = r('jsonServer.word');
  const likeScan = r('likeScan.word');
  for (const c of searchCases()) {
    const count = formatCount(counts[`ours.${c.key}`]);
    const uncached = r(`ours.${c.key}.uncached`);
    rows.push({
      figure: `search ${c.label} (${count} results), uncached, median of ${rounds} rounds: req/s (p50 / p99 ms)`,
      value: uncached ? loadCell(uncached) : none,
      ...(c.key === 'word' ? { peer: `json-server ${loadCell(jsonServer)} · LIKE scan ${loadCell(likeScan)}` } : {}),
    });
    const repeated = r(`ours.${c.key}.repeated`);
    rows.push({ figure: `search ${c.label}, one URL repeated: req/s (p50 / p99 ms)`, value: repeated ? loadCell(repeated) : none });
  }

  const word = r('ours.word.uncached');
  const wordRatio = word && jsonServer && jsonServer.requestsPerSecond > 0 ? word.requestsPerSecond / jsonServer.requestsPerSecond : null;
  rows.push({
    figure: `search word ${SEARCH_WORD}, uncached, req/s beside json-server ?q= (${formatCount(counts.jsonServer)} results), median rounds`,
    value: word ? word.requestsPerSecond : none,
    peer: `json-server ${jsonServer ? formatNumber(jsonServer.requestsPerSecond) : 'FAILED'}`,
    ...(wordRatio !== null ? { ratio: `${formatNumber(wordRatio)}×` } : {}),
    target: `≥ ${WORD_RATIO_TARGET}× json-server`,
    met: wordRatio !== null && wordRatio >= WORD_RATIO_TARGET,
  });
  rows.push({
    figure: `search word ${SEARCH_WORD}, uncached, req/s beside LIKE '%${SEARCH_WORD}%' (${formatCount(counts.likeScan)} results), median rounds`,
    value: word ? word.requestsPerSecond : none,
    peer: `LIKE scan ${likeScan ? formatNumber(likeScan.requestsPerSecond) : 'FAILED'}`,
    ...(word && likeScan && likeScan.requestsPerSecond > 0 ? { ratio: `${formatNumber(word.requestsPerSecond / likeScan.requestsPerSecond)}×` } : {}),
  });
  const cold = r('ours.word.cold');
  const coldP99s = timeSummary(done('ours.word.cold').map((x) => x.p99Ms));
  rows.push({
    figure: `search word ${SEARCH_WORD}, a new query each request (nothing remembered), median of ${rounds} rounds: req/s (p50 / p99 ms); p99 of each round ${eachRound('ours.word.cold', (x) => x.p99Ms)}`,
    value: cold ? loadCell(cold) : none,
    peer: `json-server ${jsonServer ? formatNumber(jsonServer.requestsPerSecond) : 'FAILED'}`,
    ...(cold && jsonServer && jsonServer.requestsPerSecond > 0 ? { ratio: `${formatNumber(cold.requestsPerSecond / jsonServer.requestsPerSecond)}×` } : {}),
    ...(coldP99s ? { target: `p99 ≤ ${WORD_P99_TARGET_MS} ms (shown, not judged)` } : {}),
  });
  rows.push({
    figure: `search word, each round: req/s (worst ${worstRps(done('ours.word.uncached'))})`,
    value: eachRound('ours.word.uncached', (x) => x.requestsPerSecond),
    peer: `json-server ${eachRound('jsonServer.word', (x) => x.requestsPerSecond)} · LIKE scan ${eachRound('likeScan.word', (x) => x.requestsPerSecond)}`,
  });

  // Each load's p99 swings widely from one short load to the next here: the target reads the median of the rounds' p99s.
  const p99s = timeSummary(done('ours.word.uncached').map((x) => x.p99Ms));
  rows.push({
    figure: `search word ${SEARCH_WORD}, uncached, p99 at ${word?.connections ?? jsonServer?.connections ?? '?'} connections (ms, median of rounds' p99s: ${eachRound('ours.word.uncached', (x) => x.p99Ms)}; worst ${p99s ? formatNumber(p99s.worst) : '-'})`,
    value: p99s ? p99s.median : none,
    target: `≤ ${WORD_P99_TARGET_MS} ms`,
    met: p99s !== null && p99s.median <= WORD_P99_TARGET_MS,
  });

  const searchRss = Object.entries(results).filter(([k, v]) => k.startsWith('ours.') && v).map(([, v]) => (v as LoadResult).peakRssMb);
  if (searchRss.length > 0) rows.push({ figure: 'search: our server peak RSS under the search loads (MB)', value: Math.max(...searchRss) });

  const ours = timeSummary(imports.ours);
  const base = imports.baseline ? timeSummary(imports.baseline) : null;
  const added = ours && base ? ours.median / base.median - 1 : null;
  const runsOf = (xs: readonly number[]) => xs.map((x) => formatNumber(x)).join(' · ');
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${Math.round(x * 100)}%`;
  const pairs = imports.baseline ? pairedOverheads(imports.ours, imports.baseline).map(signed).join(' · ') : '';
  const fullSize = entries >= 100_000;
  rows.push({
    figure: `import ${entries.toLocaleString('en-US')} entries with the search index vs without (s, median; worst; runs ${runsOf(imports.ours)}${imports.baseline ? ` vs ${runsOf(imports.baseline)}; each pair ${pairs}` : ''})`,
    value: ours ? `${formatNumber(ours.median)}; ${formatNumber(ours.worst)}` : 'FAILED',
    peer: base ? `${imports.baselineCommit?.slice(0, 7)} ${formatNumber(base.median)}; ${formatNumber(base.worst)}` : 'no baseline',
    ...(added !== null ? { ratio: signed(added) } : {}),
    target: `≤ +${IMPORT_ADDED_TARGET * 100}%${fullSize ? '' : ' at 100,000'}`,
    // Without a baseline (BENCH_SEARCH_BASE=none) there is nothing to judge.
    ...(fullSize && added !== null ? { met: added <= IMPORT_ADDED_TARGET } : {}),
  });
  return rows;
}

function worstRps(rounds: LoadResult[]): string {
  return rounds.length > 0 ? formatNumber(Math.min(...rounds.map((x) => x.requestsPerSecond))) : '-';
}
