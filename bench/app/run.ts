/**
 * `npx tsx bench/app/run.ts [--quick]`: the browser benchmarks alone, for
 * working on the app; `npm run bench` runs them with the others.
 */
import { appBenchmarks } from './benchmarks';

const { rows, json } = await appBenchmarks({ quick: process.argv.includes('--quick') });
console.table(rows);
if (process.argv.includes('--json')) console.log(JSON.stringify(json, null, 2));
const errors = (json as { errors: Record<string, string> }).errors;
if (Object.keys(errors).length > 0) {
  for (const [name, error] of Object.entries(errors)) console.error(`${name}: ${error}`);
  process.exitCode = 1;
}
