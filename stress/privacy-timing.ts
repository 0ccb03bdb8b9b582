/**
 * Can a stranger tell a private repository from a missing one by how long
 * the 404 takes? Alternating requests for each (so drift in machine load hits
 * both alike) against the service in its own process, over one keep-alive
 * connection, timed on the client; then medians, p90 and two two-sample tests.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { kolmogorovSmirnov, mannWhitney, summary, type KolmogorovSmirnov, type MannWhitney } from './stats';

export interface TimingFigures {
  caller: string;
  samples: number;
  privateMs: { median: number; p90: number; p99: number };
  missingMs: { median: number; p90: number; p99: number };
  mannWhitney: MannWhitney;
  ks: KolmogorovSmirnov;
  /** both tests agree at α = 0.01 */
  differs: boolean;
}

const WARM_UP_REQUESTS = 200;

function timedGet(agent: Agent, url: URL, headers: Record<string, string>): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function privacyTiming(api: string, caller: string, headers: Record<string, string>, samples: number, privatePath: string, missingPath: string): Promise<TimingFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const hidden = new URL(`${api}${privatePath}`);
  const missing = new URL(`${api}${missingPath}`);
  try {
    for (let i = 0; i < WARM_UP_REQUESTS; i++) await timedGet(agent, i % 2 ? hidden : missing, headers);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < samples; i++) {
      // Alternate which goes first, so neither always follows the other.
      const order = i % 2 === 0 ? [hidden, missing] : [missing, hidden];
      for (const url of order) {
        const r = await timedGet(agent, url, headers);
        if (r.status !== 404) throw new Error(`${url.pathname} answered ${r.status} to ${caller}, not 404`);
        (url === hidden ? a : b).push(r.ms);
      }
    }
    const mw = mannWhitney(a, b);
    const ks = kolmogorovSmirnov(a, b);
    return { caller, samples, privateMs: summary(a), missingMs: summary(b), mannWhitney: mw, ks, differs: mw.p < 0.01 && ks.d > ks.critical01 };
  } finally {
    agent.destroy();
  }
}
