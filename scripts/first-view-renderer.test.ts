/**
 * The built renderer (vite.config.ts's rendererBuild, issue 48) is one ES module that runs from a
 * folder with no node_modules anywhere above it, as a bench build in /tmp does: the service loads
 * it from the build's folder, wherever that is.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstViewResult } from '../src/shared/first-view';
import { FIRST_VIEW_RENDERER_FILE } from '../src/shared/first-view';
import { rendererBuild } from '../vite.config';
import { makeIssue, makeRepository, rateLimitOverview } from '../test-support/app/fake-api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ORIGIN = 'http://issuescope.test';

let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-first-view-'));
  file = path.join(dir, FIRST_VIEW_RENDERER_FILE);
  await build(rendererBuild(path.dirname(file), { root: ROOT, mode: 'production', logLevel: 'warn', envDir: ROOT }));
}, 60_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** The service's answers as JSON, by path (anything else is a 404). */
const ANSWERS: Record<string, unknown> = {
  '/api/repos/acme/rocket': makeRepository('acme', 'rocket'),
  '/api/search/issues': { total_count: 1, incomplete_results: false, items: [makeIssue(12, { title: 'Rocket explodes on launch' })] },
  '/api/rate_limit': rateLimitOverview(),
};

/**
 * Renders `address` with the built renderer in a Node process of its own, started in the build's
 * folder: a test's own `import()` would resolve packages from this repository.
 */
function renderApart(address: string): FirstViewResult {
  const program = `
    const { renderFirstView } = await import(${JSON.stringify(pathToFileURL(file).href)});
    const answers = ${JSON.stringify(ANSWERS)};
    const headers = { 'content-type': 'application/json', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '1714568400' };
    const fetch = async (request) => {
      const body = answers[new URL(request.url).pathname];
      return body === undefined ? Response.json({ message: 'Not Found' }, { status: 404, headers }) : Response.json(body, { headers });
    };
    const result = await renderFirstView({ url: ${JSON.stringify(ORIGIN)} + ${JSON.stringify(address)}, apiBaseUrl: ${JSON.stringify(`${ORIGIN}/api`)}, fetch, now: Date.parse('2024-05-01T12:00:00Z') });
    process.stdout.write(JSON.stringify(result));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', program], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  return JSON.parse(out) as FirstViewResult;
}

describe('the built renderer', () => {
  it('is one file, alone in its folder', () => {
    expect(readdirSync(path.join(dir, path.dirname(FIRST_VIEW_RENDERER_FILE)))).toEqual([path.basename(FIRST_VIEW_RENDERER_FILE)]);
  });

  it('renders a list from a folder with no node_modules above it, and leaves other addresses to the shell', () => {
    const list = renderApart('/acme/rocket/issues');
    expect(list.rendered && list.rootHtml).toContain('Rocket explodes on launch');
    expect(renderApart('/settings')).toEqual({ rendered: false, why: "/settings is not a repository's issue list or one of its issues" });
  });
});
