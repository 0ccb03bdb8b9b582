/**
 * `npm run bench`: runs the benchmarks, prints a table and writes it as JSON
 * under bench/results/. Never part of `npm test`: timings on a shared
 * 2-core machine are for reading as medians and ratios, not for asserting.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageDepthBenchmark } from './page-depth';

const count = Number(process.env.BENCH_ENTRIES ?? 100_000);
const results = { page_depth: await pageDepthBenchmark(count) };
console.table(results.page_depth);
const dir = path.resolve('bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
console.log(`written to ${path.relative(process.cwd(), file)}`);
