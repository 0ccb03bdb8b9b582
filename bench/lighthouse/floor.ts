/**
 * The floor of `bench:lighthouse-ab -- … --floor`: a copy of a build whose
 * index.html loads no script at all, so what it scores is what the host alone
 * lets a page of this layout score (issue 48).
 *
 * The page is parsed, not matched: Vite writes its tags with the attributes in
 * whatever order it likes (`<link fetchpriority="low" rel="modulepreload" …>`),
 * and a pattern that expected `rel` first left two module preloads in the
 * "static shell", which then fetched and compiled the framework and the runtime.
 * Chromium's own parser reads it (DOMParser's document is inert: nothing it
 * names is fetched) and every `<script>` and every link whose `rel` lists
 * `modulepreload` or `preload … as=script` goes.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_VIEW_TEMPLATE_FILE } from '../../src/shared/first-view';
import { launchChromium } from '../lib/chromium';

/**
 * What a page with no script must not have. `rel` is a token list
 * (`[rel~=…]`), and a preload of a script is a script fetched all the same.
 */
export const SCRIPT_ELEMENTS_SELECTOR = 'script, link[rel~="modulepreload" i], link[rel~="preload" i][as="script" i]';

/** `html` with every script and script preload removed, as the browser parses it. */
export async function withoutScripts(html: string): Promise<string> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    return await page.evaluate(
      ({ source, selector }) => {
        const doc = new DOMParser().parseFromString(source, 'text/html');
        for (const element of doc.querySelectorAll(selector)) element.remove();
        const doctype = doc.doctype ? `<!doctype ${doc.doctype.name}>\n` : '';
        return doctype + doc.documentElement.outerHTML;
      },
      { source: html, selector: SCRIPT_ELEMENTS_SELECTOR },
    );
  } finally {
    await browser.close();
  }
}

/**
 * A copy of the build in `distDir` whose pages load no script: its index.html
 * (the shell) and, when the build has one, the template of the page the service
 * renders (src/shared/first-view.ts). With the template's loader gone, the
 * service still renders the list into it, so the floor of a rendered page is
 * that page, byte for byte, bar its scripts; its data block stays, as JSON the
 * browser parses as text and never runs. The caller removes the folder.
 */
export async function staticShellOf(distDir: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-floor-'));
  cpSync(distDir, dir, { recursive: true });
  for (const file of ['index.html', FIRST_VIEW_TEMPLATE_FILE]) {
    const page = path.join(dir, file);
    if (existsSync(page)) writeFileSync(page, await withoutScripts(readFileSync(page, 'utf8')));
  }
  return dir;
}
