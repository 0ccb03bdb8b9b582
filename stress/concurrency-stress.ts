/**
 * Rate-limit exactness, round after round (spec 8): in each round a fresh
 * service with a limit of 100 gets, all at once, 200 requests from one user's
 * two tokens and 150 from each of two client addresses; every caller must get
 * exactly 100 through, with one consistent window of headers
 * (test-support/server/fuzz-rate-window.ts).
 */
import { windowProblems } from '../test-support/server/fuzz-rate-window';
import { sendRaw, type RawResponse } from '../test-support/server/fuzz-wire';
import { startTestService, TOKENS } from '../test-support/server/test-service';

const LIMIT = 100;
const TARGET = '/api/repos/octo/hello/issues?per_page=1';
const TIMEOUT_MS = 30_000;

export interface ConcurrencyFigures {
  rounds: number;
  exactRounds: number;
  requests: number;
  problems: string[];
}

export async function concurrencyStress(rounds: number): Promise<ConcurrencyFigures> {
  const problems: string[] = [];
  let exactRounds = 0;
  let requests = 0;
  for (let round = 1; round <= rounds; round++) {
    const svc = await startTestService({ limits: { unauthLimit: LIMIT, authLimit: LIMIT } });
    try {
      const send = (headers: Array<[string, string]>, localAddress: string) => sendRaw(svc.origin, { method: 'GET', target: TARGET, headers, localAddress }, TIMEOUT_MS);
      const jobs: Array<[string, Promise<RawResponse>]> = [];
      for (let i = 0; i < 2 * LIMIT; i++) jobs.push(['user alice', send([['Authorization', `Bearer ${i % 2 ? TOKENS.alice : TOKENS.aliceSecond}`]], '127.0.0.1')]);
      for (let i = 0; i < 1.5 * LIMIT; i++) {
        jobs.push(['ip 127.0.0.1', send([], '127.0.0.1')]);
        jobs.push(['ip 127.0.0.2', send([], '127.0.0.2')]);
      }
      const answers = await Promise.all(jobs.map(([, p]) => p));
      requests += answers.length;
      const roundProblems: string[] = [];
      for (const who of ['user alice', 'ip 127.0.0.1', 'ip 127.0.0.2']) {
        const mine = answers.filter((_, i) => jobs[i]![0] === who);
        for (const p of windowProblems(mine, LIMIT)) roundProblems.push(`round ${round}, ${who}: ${p}`);
      }
      if (roundProblems.length === 0) exactRounds += 1;
      problems.push(...roundProblems);
    } finally {
      await svc.close();
    }
  }
  return { rounds, exactRounds, requests, problems };
}
