/**
 * The table `npm run bench` prints for the service part (service/benchmark.ts): one row per
 * figure, each with the rounds it is the median of and its worst round beside it.
 */
import type { BenchRow } from '../lib/bench-row';
import { formatNumber } from '../lib/bench-row';
import { median } from '../lib/stats';
import type { LoadResult } from '../lib/load';
import { LOAD_ROUNDS } from '../lib/load-rounds';

const FULL_SIZE_ENTRIES = 100_000;
const IMPORT_TARGET_S = 20;
const RSS_TARGET_MB = 300;

function ratio(ours: number, peer: number): number {
  return peer > 0 ? ours / peer : Number.POSITIVE_INFINITY;
}

const times = (r: number) => `${formatNumber(r)}×`;
const percent = (r: number) => `${Math.round(r * 100)}%`;
const latency = (r: LoadResult) => `${formatNumber(r.p50Ms)} / ${formatNumber(r.p99Ms)}`;

export function roundsOf(results: Record<string, LoadResult | null>, key: string): Array<LoadResult | null> {
  return Array.from({ length: LOAD_ROUNDS }, (_, i) => results[`${key}.round${i + 1}`] ?? null);
}

export interface Measured {
  entries: number;
  deepPage: number;
  importS: number;
  importRuns: number[];
  results: Record<string, LoadResult | null>;
  growth: Array<{ entries: number; result: LoadResult | null }>;
  startups: Record<string, number>;
  /** the label of the filtered load */
  filterLabel: string;
}

export function buildRows({ entries, deepPage, importS, importRuns, results, growth, startups, filterLabel }: Measured): BenchRow[] {
  const rows: BenchRow[] = [];
  const r = (key: string) => results[key] ?? null;
  const rps = (x: LoadResult | null) => (x ? x.requestsPerSecond : 'FAILED');

  const fullSize = entries >= FULL_SIZE_ENTRIES;
  rows.push({
    figure: `import ${entries.toLocaleString('en-US')} entries (s, median of ${importRuns.length}: ${importRuns.map((x) => formatNumber(x)).join(' · ')})`,
    value: importS,
    target: fullSize ? `≤ ${IMPORT_TARGET_S} s` : `≤ ${IMPORT_TARGET_S} s at 100,000`,
    ...(fullSize ? { met: importS <= IMPORT_TARGET_S } : {}),
  });

  const versus = (figure: string, ours: LoadResult | null, peerName: string, peer: LoadResult | null, target?: { min: number; show: (x: number) => string; label: string }) => {
    const row: BenchRow = { figure, value: rps(ours), peer: `${peerName} ${peer ? formatNumber(peer.requestsPerSecond) : 'FAILED'}` };
    if (ours && peer) {
      const x = ratio(ours.requestsPerSecond, peer.requestsPerSecond);
      row.ratio = (target?.show ?? times)(x);
      if (target) {
        row.target = target.label;
        row.met = x >= target.min;
      }
    } else if (target) {
      row.target = target.label;
      row.met = false;
    }
    rows.push(row);
  };

  const page1 = r('ours.page1');
  const deep = r('ours.deep');
  const page1Figure = `page 1, per_page=100 (req/s, median of ${LOAD_ROUNDS} rounds)`;
  versus(page1Figure, page1, 'json-server', r('jsonServer.page1'), { min: 30, show: times, label: '≥ 30× json-server' });
  versus(page1Figure, page1, 'Prism', r('prism.page1'), { min: 100, show: times, label: '≥ 100× Prism' });
  versus(page1Figure, page1, 'ceiling', r('ceiling.page1'), { min: 0.5, show: percent, label: '≥ 50% of ceiling' });
  const eachRound = (key: string, pick: (x: LoadResult) => number = (x) => x.requestsPerSecond) =>
    roundsOf(results, key).map((x) => (x ? formatNumber(pick(x)) : 'FAILED')).join(' · ');
  rows.push({
    figure: 'page 1, per_page=100, each round (req/s, servers alternating)',
    value: eachRound('ours.page1'),
    peer: `json-server ${eachRound('jsonServer.page1')} · Prism ${eachRound('prism.page1')} · ceiling ${eachRound('ceiling.page1')}`,
  });
  rows.push(latencyRow('page 1, per_page=100 p50 / p99 (ms)', page1, [['json-server', r('jsonServer.page1')], ['Prism', r('prism.page1')], ['ceiling', r('ceiling.page1')]]));
  // What bounds the Prism ratio above: even the ceiling, sending the same bytes and doing nothing else, reaches only this.
  const ceilingPage1 = r('ceiling.page1');
  const prismPage1 = r('prism.page1');
  rows.push({
    figure: 'page 1, per_page=100: ceiling / Prism (what any server can reach here)',
    value: ceilingPage1 && prismPage1 ? times(ratio(ceilingPage1.requestsPerSecond, prismPage1.requestsPerSecond)) : 'FAILED',
  });

  const deepFigure = `deep page ${deepPage} (req/s, median of ${LOAD_ROUNDS} rounds)`;
  versus(deepFigure, deep, 'json-server', r('jsonServer.deep'));
  versus(deepFigure, deep, 'Prism', r('prism.deep'));
  versus(deepFigure, deep, 'ceiling', r('ceiling.deep'), { min: 0.5, show: percent, label: '≥ 50% of ceiling' });
  rows.push({ figure: `deep page ${deepPage}, each round (req/s)`, value: eachRound('ours.deep'), peer: `ceiling ${eachRound('ceiling.deep')}` });
  rows.push(latencyRow(`deep page ${deepPage} p50 / p99 (ms)`, deep, [['json-server', r('jsonServer.deep')], ['Prism', r('prism.deep')], ['ceiling', r('ceiling.deep')]]));
  // Each load's p99 swings widely from one short load to the next here: the medians of the rounds' p99s.
  const p99s = (key: string) => roundsOf(results, key).filter((x): x is LoadResult => x !== null).map((x) => x.p99Ms);
  const deepP99 = median(p99s('ours.deep'));
  const page1P99 = median(p99s('ours.page1'));
  const p99Ratio = deepP99 / page1P99;
  rows.push({
    figure: `deep page p99 / page 1 p99 (medians of ${LOAD_ROUNDS} rounds; ms: deep ${eachRound('ours.deep', (x) => x.p99Ms)}, page 1 ${eachRound('ours.page1', (x) => x.p99Ms)})`,
    value: Number.isFinite(p99Ratio) ? `${formatNumber(p99Ratio)}×` : 'FAILED',
    target: '≤ 1.5×',
    met: Number.isFinite(p99Ratio) && p99Ratio <= 1.5,
  });

  const filtered = r('ours.filtered');
  rows.push({ figure: `labels=${filterLabel}&since=(half) (req/s)`, value: rps(filtered) });
  rows.push(latencyRow(`labels=${filterLabel}&since=(half) p50 / p99 (ms)`, filtered, []));

  const notModified = r('ours.notModified');
  rows.push({
    figure: '304 revalidation, If-None-Match (req/s)',
    value: rps(notModified),
    peer: page1 ? `full page 1 ${formatNumber(page1.requestsPerSecond)}` : '',
    ...(notModified && page1 ? { ratio: times(ratio(notModified.requestsPerSecond, page1.requestsPerSecond)) } : {}),
    target: '≥ 2× full page',
    met: !!notModified && !!page1 && notModified.requestsPerSecond >= 2 * page1.requestsPerSecond,
  });
  rows.push(latencyRow('304 revalidation p50 / p99 (ms)', notModified, []));

  const perPage30 = r('ours.perPage30');
  rows.push({ figure: 'page 1, per_page=30 (req/s)', value: rps(perPage30) });
  rows.push(latencyRow('page 1, per_page=30 p50 / p99 (ms)', perPage30, []));

  const ourLoads = Object.entries(results).filter(([k, v]) => k.startsWith('ours.') && v) as Array<[string, LoadResult]>;
  const peakRss = Math.max(0, ...ourLoads.map(([, v]) => v.peakRssMb));
  const peerPeak = (prefix: string) => {
    const values = Object.entries(results).filter(([k, v]) => k.startsWith(prefix) && v).map(([, v]) => (v as LoadResult).peakRssMb);
    return values.length > 0 ? formatNumber(Math.max(...values)) : 'FAILED';
  };
  rows.push({
    figure: 'server peak RSS under load (MB)',
    value: peakRss,
    peer: `json-server ${peerPeak('jsonServer.')} · Prism ${peerPeak('prism.')} · ceiling ${peerPeak('ceiling.')}`,
    target: `≤ ${RSS_TARGET_MB} MB`,
    met: ourLoads.length > 0 && peakRss <= RSS_TARGET_MB,
  });

  const startup = (name: string) => (startups[name] === undefined ? 'FAILED' : formatNumber(startups[name]));
  rows.push({
    figure: `start to first answer, ${entries.toLocaleString('en-US')} entries (s)`,
    value: startups.Issuescope ?? 'FAILED',
    peer: `json-server ${startup('json-server')} · Prism ${startup('Prism')} · ceiling ${startup('ceiling')}`,
  });

  for (const g of growth) {
    rows.push({
      figure: `growth: ${g.entries.toLocaleString('en-US')} entries, page 1 (req/s · peak RSS MB)`,
      value: g.result ? `${formatNumber(g.result.requestsPerSecond)} · ${formatNumber(g.result.peakRssMb)}` : 'FAILED',
    });
  }
  return rows;
}

function latencyRow(figure: string, ours: LoadResult | null, peers: Array<[string, LoadResult | null]>): BenchRow {
  return {
    figure,
    value: ours ? latency(ours) : 'FAILED',
    peer: peers.map(([name, p]) => `${name} ${p ? latency(p) : 'FAILED'}`).join(' · '),
  };
}
