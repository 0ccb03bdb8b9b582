/**
 * `npm run stress`: the service's long proofs, never part of `npm test`.
 * 1. the request fuzz (fuzz-requests.ts) for 50,000 cases, with the status histogram;
 * 2. rate-limit exactness under concurrency, round after round;
 * 3. whether a stranger can time a private repository apart from a missing one;
 * 4. a soak under steady mixed load, watching the server's memory.
 * Prints one summary table; exits 1 when a promise broke.
 *
 * STRESS_QUICK=1: a smoke run (5,000 cases, 3 rounds, 500 timing pairs, 30 s soak).
 * STRESS_SOAK_S: soak seconds (default 600). STRESS_FUZZ_CASES: fuzz cases (default 50,000).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_TOKENS } from '../src/server/commands/load-demo';
import { runCli, startChildService } from '../test-support/server/fuzz-child-service';
import { concurrencyStress } from './concurrency-stress';
import { fuzzStress } from './fuzz-stress';
import { privacyTiming, type TimingFigures } from './privacy-timing';
import { RSS_TOLERANCE_MB, soak } from './soak';

const quick = process.env.STRESS_QUICK === '1';
const FUZZ_CASES = Number(process.env.STRESS_FUZZ_CASES ?? (quick ? 5_000 : 50_000));
const CONCURRENCY_ROUNDS = quick ? 3 : 20;
const TIMING_PAIRS = quick ? 500 : 2_000;
const SOAK_S = Number(process.env.STRESS_SOAK_S ?? (quick ? 30 : 600));
const WARM_UP_S = quick ? 10 : 30;

const rows: Array<{ check: string; figures: string; verdict: string }> = [];
let failed = false;
const row = (check: string, figures: string, ok: boolean | null) => {
  rows.push({ check, figures, verdict: ok === null ? 'reported' : ok ? 'ok' : 'FAILED' });
  if (ok === false) failed = true;
};
/** milliseconds shown as microseconds */
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
const histogram = (h: Map<string, number>) =>
  [...h].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}: ${v}`).join(', ');

const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-stress-'));
try {
  console.log(`stress (${quick ? 'quick' : 'full'}): ${FUZZ_CASES} fuzz cases, ${CONCURRENCY_ROUNDS} concurrency rounds, ${TIMING_PAIRS} timing pairs, ${SOAK_S} s soak`);

  console.log('1/4 fuzzing the issue endpoints…');
  const fuzz = await fuzzStress(FUZZ_CASES);
  if (fuzz.failure) console.log(fuzz.failure);
  row('fuzz cases (raw HTTP)', `${fuzz.cases} cases in ${fuzz.seconds.toFixed(0)} s`, fuzz.failure === null && fuzz.cases >= FUZZ_CASES);
  row('fuzz statuses seen', histogram(fuzz.histogram), [...fuzz.histogram.keys()].every((k) => !k.startsWith('5')));

  console.log('2/4 rate limits under concurrency…');
  const conc = await concurrencyStress(CONCURRENCY_ROUNDS);
  for (const p of conc.problems.slice(0, 20)) console.log(`  ${p}`);
  row('rate limits exact under concurrency', `${conc.exactRounds}/${conc.rounds} rounds exact (${conc.requests} requests; limit 100 vs 200 from one user's 2 tokens and 150 from each of 2 IPs)`, conc.exactRounds === conc.rounds);

  console.log('3/4 privacy timing (building the demo database)…');
  const demoDb = path.join(dir, 'demo.db');
  const built = await runCli(['demo', '--db', demoDb]);
  if (built.code !== 0) throw new Error(`demo failed: ${built.stderr}`);
  const timingSvc = await startChildService(demoDb, ['--unauth-limit', '10000000', '--auth-limit', '10000000', '--burst-limit', '10000000']);
  const timings: TimingFigures[] = [];
  try {
    const hubot = DEMO_TOKENS.find((t) => t.user === 'hubot')!.token;
    timings.push(await privacyTiming(timingSvc.api, 'anonymous', {}, TIMING_PAIRS, '/repos/acme/secret-plans/issues', '/repos/acme/no-such-repo/issues'));
    timings.push(await privacyTiming(timingSvc.api, 'hubot (token without access)', { Authorization: `Bearer ${hubot}` }, TIMING_PAIRS, '/repos/acme/secret-plans/issues/1', '/repos/acme/no-such-repo/issues/1'));
  } finally {
    await timingSvc.stop();
  }
  for (const t of timings) {
    row(
      `404 timing, private vs missing: ${t.caller}`,
      `${t.samples} pairs; median ${us(t.privateMs.median)} vs ${us(t.missingMs.median)}, p90 ${us(t.privateMs.p90)} vs ${us(t.missingMs.p90)}; ` +
        `Mann-Whitney z=${t.mannWhitney.z.toFixed(2)} p=${t.mannWhitney.p.toPrecision(2)} P(private slower)=${t.mannWhitney.commonLanguageEffect.toFixed(3)}; KS D=${t.ks.d.toFixed(3)} (1% critical ${t.ks.critical01.toFixed(3)}) → ${t.differs ? 'DIFFER beyond noise' : 'no difference beyond noise'}`,
      null,
    );
  }

  console.log(`4/4 soak for ${SOAK_S} s (after ${WARM_UP_S} s warm-up)…`);
  const soakDb = path.join(dir, 'soak.db');
  copyFileSync(demoDb, soakDb);
  const s = await soak(soakDb, SOAK_S, WARM_UP_S);
  for (const p of s.problems) console.log(`  ${p}`);
  row('soak statuses', `${s.requests} requests in ${s.seconds} s: ${histogram(s.statuses)}; errors ${s.errors}, timeouts ${s.timeouts}`, s.problems.filter((p) => !p.startsWith('RSS')).length === 0);
  row(
    'soak server RSS',
    `start ${s.rssStartMb.toFixed(1)} MB, end ${s.rssEndMb.toFixed(1)} MB, peak ${s.rssPeakMb.toFixed(1)} MB; by tenths: ${s.rssTrailMb.map((m) => m.toFixed(0)).join(' ')} MB; ` +
      `growth (median of last tenth − first tenth) ${s.rssGrowthMb.toFixed(1)} MB, tolerance ${RSS_TOLERANCE_MB} MB`,
    s.rssGrowthMb <= RSS_TOLERANCE_MB,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log('\nSummary');
for (const r of rows) console.log(`${r.verdict.padEnd(8)} ${r.check}\n         ${r.figures}`);
console.log(failed ? '\nstress: FAILED' : '\nstress: all promises held');
process.exit(failed ? 1 : 0);
