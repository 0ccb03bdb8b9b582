/** nginx in front of `serve` instances, with the repository's own config (deploy/nginx/issuescope.conf), for the benches that load several. */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nginxConfig } from '../../scripts/scale-out';
import { freePort, start, waitForHttp } from './child-processes';
import type { RunningServer } from './peer-servers';

const NGINX_START_TIMEOUT_MS = 120_000;

/** nginx with the repository's config, its upstream the given instances, in a prefix folder of its own. */
export async function startNginx(name: string, prefixDir: string, instancePorts: readonly number[]): Promise<RunningServer> {
  mkdirSync(path.join(prefixDir, 'tmp'), { recursive: true });
  // As root, nginx's workers run as `nobody`: they must be able to reach the temp folders it
  // buffers large answers in, which a 0700 folder from mkdtemp would forbid.
  chmodSync(prefixDir, 0o755);
  chmodSync(path.dirname(prefixDir), 0o755);
  const port = await freePort();
  const config = path.join(prefixDir, 'issuescope.conf');
  writeFileSync(config, nginxConfig(readFileSync(path.resolve('deploy', 'nginx', 'issuescope.conf'), 'utf8'), port, instancePorts));
  const t0 = performance.now();
  const proc = start('nginx', ['-p', prefixDir, '-c', config, '-g', 'daemon off;']);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${base}/api/rate_limit`, NGINX_START_TIMEOUT_MS);
  return { name, base, process: proc, startupS: (performance.now() - t0) / 1000 };
}
