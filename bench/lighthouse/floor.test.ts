import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../lib/chromium';
import { startBenchService, type BenchService } from '../lib/bench-service';
import { staticShellOf } from './floor';

/**
 * A build as `vite build` writes it (issue 48): the entry with `fetchpriority`
 * before `type`, the module preloads with `fetchpriority` before `rel`, and one
 * of each order, so the floor must not depend on where an attribute sits.
 */
const BUILT_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Issuescope</title>
    <script fetchpriority="low" type="module" crossorigin src="/assets/index-AbCdEf1.js"></script>
    <link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/rolldown-runtime-AbCdEf2.js">
    <link crossorigin href="/assets/framework-AbCdEf3.js" rel="modulepreload">
    <link rel="preload" as="script" href="/assets/extra-AbCdEf4.js">
    <link rel="stylesheet" crossorigin href="/assets/index-AbCdEf5.css">
  </head>
  <body>
    <div id="root"><header><a href="/">Issuescope, start page</a></header><p>Loading Issuescope…</p></div>
    <script type="module" src="/assets/late-AbCdEf6.js"></script>
  </body>
</html>
`;

const SCRIPTS = ['index-AbCdEf1.js', 'rolldown-runtime-AbCdEf2.js', 'framework-AbCdEf3.js', 'extra-AbCdEf4.js', 'late-AbCdEf6.js'];

describe('the static shell of bench:lighthouse-ab --floor', () => {
  let distDir: string;
  let floorDir: string;
  let service: BenchService;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'issuescope-floor-test-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), BUILT_INDEX_HTML);
    // Each script would announce itself, were it ever run.
    for (const file of SCRIPTS) writeFileSync(path.join(distDir, 'assets', file), `document.title = 'ran ${file}';\n`);
    writeFileSync(path.join(distDir, 'assets', 'index-AbCdEf5.css'), 'body { color: rgb(1, 2, 3); }\n');
    floorDir = await staticShellOf(distDir);
    service = await startBenchService({ distDir: floorDir, longListEntries: 0 });
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    for (const dir of [distDir, floorDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a phone opening the list fetches the page and its CSS, and no JavaScript at all', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${service.origin}/acme/rocket/issues`, { waitUntil: 'load' });
      await page.getByRole('link', { name: 'Issuescope, start page' }).waitFor();

      expect(requested).toContain('/assets/index-AbCdEf5.css');
      expect(requested.filter((p) => /\.m?js$/.test(p))).toEqual([]);
      // The shell is drawn as the build wrote it, with its styles.
      expect(await page.title()).toBe('Issuescope');
      expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(1, 2, 3)');
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('leaves the build it was made from as it was', () => {
    expect(readFileSync(path.join(distDir, 'index.html'), 'utf8')).toBe(BUILT_INDEX_HTML);
  });
});
