/**
 * What the answers of one rate-limit window must show when many requests of
 * one caller race (spec 8): ordered by `x-ratelimit-used`, the 200s count
 * 1, 2, … limit with no gap or repeat, `x-ratelimit-remaining` never repeats
 * and never goes up, and every answer says used + remaining = limit with one
 * reset time. Shared by the concurrency tests and `npm run stress`.
 */
import type { RawResponse } from './fuzz-wire';

const num = (res: RawResponse, h: string) => Number(res.headers.get(h));

/** The ways these answers break the rules above; empty when they hold. */
export function windowProblems(answers: RawResponse[], limit: number): string[] {
  const problems: string[] = [];
  const ok = answers.filter((r) => r.status === 200).sort((a, b) => num(a, 'x-ratelimit-used') - num(b, 'x-ratelimit-used'));
  if (ok.length !== limit) problems.push(`${ok.length} answers of 200, expected exactly ${limit}`);
  const used = ok.map((r) => num(r, 'x-ratelimit-used'));
  if (used.some((u, i) => u !== i + 1)) problems.push(`x-ratelimit-used of the 200s is not 1…${ok.length}: ${used.slice(0, 20).join(',')}…`);
  const remaining = ok.map((r) => num(r, 'x-ratelimit-remaining'));
  if (new Set(remaining).size !== remaining.length) problems.push('x-ratelimit-remaining repeats among the 200s');
  if (remaining.some((r, i) => i > 0 && r >= remaining[i - 1]!)) problems.push('x-ratelimit-remaining goes up as used grows');
  if (answers.some((r) => num(r, 'x-ratelimit-used') + num(r, 'x-ratelimit-remaining') !== limit)) problems.push('an answer where used + remaining ≠ limit');
  if (new Set(answers.map((r) => r.headers.get('x-ratelimit-reset'))).size !== 1) problems.push('answers of one window name different reset times');
  const refused = answers.filter((r) => r.status !== 200);
  if (refused.some((r) => r.status !== 403 || num(r, 'x-ratelimit-remaining') !== 0)) problems.push('a refusal that is not 403 with remaining 0');
  return problems;
}
