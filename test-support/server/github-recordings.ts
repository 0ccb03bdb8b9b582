/**
 * Real exchanges with api.github.com, recorded by Octokit's maintainers
 * (`@octokit/fixtures`): what GitHub actually answered, headers included, for
 * tests that compare our wire habits with GitHub's rather than with our memory
 * of them. Recorded in 2022–2024; tokens, ids and dates are normalised by the
 * recorder, header names and orders are GitHub's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const SCENARIOS = path.join(path.dirname(require.resolve('@octokit/fixtures/package.json')), 'scenarios', 'api.github.com');

export interface RecordedExchange {
  method: string;
  /** path and query as sent */
  path: string;
  status: number;
  /** request headers sent */
  requestHeaders: Record<string, string>;
  /** response headers as received, in order, repeated names kept */
  rawHeaders: Array<[name: string, value: string]>;
  body: unknown;
}

interface RawFixture {
  method: string;
  path: string;
  status: number;
  reqheaders?: Record<string, string>;
  rawHeaders?: string[];
  response: unknown;
}

/** The exchanges of one recorded scenario (e.g. `paginate-issues`), in order. */
export function recordedScenario(name: string): RecordedExchange[] {
  const raw = JSON.parse(readFileSync(path.join(SCENARIOS, name, 'raw-fixture.json'), 'utf8')) as RawFixture[];
  return raw.map((r) => {
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i + 1 < (r.rawHeaders ?? []).length; i += 2) pairs.push([r.rawHeaders![i]!, r.rawHeaders![i + 1]!]);
    return { method: r.method.toUpperCase(), path: r.path, status: r.status, requestHeaders: r.reqheaders ?? {}, rawHeaders: pairs, body: r.response };
  });
}

/** One header as a client reads it: repeated lines joined with ", " (as fetch's Headers.get does). */
export function recordedHeader(exchange: RecordedExchange, name: string): string | null {
  const values = exchange.rawHeaders.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
  return values.length === 0 ? null : values.join(', ');
}
