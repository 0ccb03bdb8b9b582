/**
 * Issue 47's credits figure alone, several times: `node --import tsx bench/credits/session.ts [runs]`.
 * Builds the app if needed, serves it from a fresh demo database per run
 * (every run starts with nothing cached and full budgets), and prints each
 * run's spent / minimum and what was bought twice, then the median and the worst.
 */
import { ensureBuiltApp } from '../lib/app-build';
import { launchChromium } from '../lib/chromium';
import { measureSessionCredits, type CreditsResult } from './measure';
import { startBenchService } from '../lib/bench-service';

const runs = Number(process.argv[2] ?? '5');
if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a whole number of at least 1, got ${process.argv[2]}`);

const { distDir } = ensureBuiltApp();
const results: CreditsResult[] = [];
for (let run = 1; run <= runs; run++) {
  const service = await startBenchService({ distDir, longListEntries: 0 });
  try {
    const browser = await launchChromium();
    try {
      const result = await measureSessionCredits(browser, service.origin);
      results.push(result);
      const kinds = Object.entries(result.distinct).map(([kind, urls]) => `${urls.length} ${kind}`).join(', ');
      console.log(`run ${run}: spent ${result.spent} / minimum ${result.minimum} = ${result.ratio.toFixed(2)} (${kinds}); bought twice within max-age: ${result.repeatedWithinMaxAge.length}`);
      for (const repeat of result.repeated) console.log(`  200 again: ${repeat.url} (${repeat.steps.join('; ')})`);
    } finally {
      await browser.close();
    }
  } finally {
    await service.close();
  }
}
const ratios = results.map((r) => r.ratio).sort((a, b) => a - b);
const median = ratios[Math.floor((ratios.length - 1) / 2)]!;
console.log(`ratio spent / minimum over ${runs} runs: median ${median.toFixed(2)}, worst ${ratios.at(-1)!.toFixed(2)} (target ≤ 1.20); runs that bought something twice within its max-age: ${results.filter((r) => r.repeatedWithinMaxAge.length > 0).length}`);
