/**
 * The long-list figures' peer: the same rows without virtualisation. It is
 * a copy of the app's page as it stands (same markup, same stylesheet, same
 * sticky header), with the app's scripts taken out and the virtual list's
 * rendered rows repeated, in normal flow, until it holds as many rows as the
 * app loaded. It is the list as a page that puts every row in the DOM would
 * show it, at its cheapest: nothing runs on it as it scrolls but the frame
 * recorder. What it drops beside what the app drops is what virtualising
 * the list buys on this machine.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** Where the copy is served: a path the service does not answer, fulfilled by the browser itself. */
const STATIC_COPY_PATH = '/__bench/long-list-static';
const STATIC_LIST_LABEL = 'Issues, every row (static copy)';

/** In the app's page: its document, scripts out, with `rows` copies of the rendered rows in normal flow. */
function copyScript(listLabel: string, rows: number): string {
  return `(() => {
    const list = document.querySelector(${JSON.stringify(`ul[aria-label="${listLabel}"]`)});
    if (!list || list.children.length === 0) throw new Error('no rendered rows to copy');
    const templates = [...list.children].map((row) => {
      const copy = row.cloneNode(true);
      for (const name of ['style', 'data-index', 'aria-posinset', 'aria-setsize', 'data-selected']) copy.removeAttribute(name);
      return copy.outerHTML;
    });
    const doc = document.documentElement.cloneNode(true);
    for (const node of doc.querySelectorAll('script, link[rel="modulepreload"]')) node.remove();
    const copyList = doc.querySelector(${JSON.stringify(`ul[aria-label="${listLabel}"]`)});
    copyList.removeAttribute('style');
    copyList.setAttribute('aria-label', ${JSON.stringify(STATIC_LIST_LABEL)});
    copyList.innerHTML = Array.from({ length: ${rows} }, (_, i) => templates[i % templates.length]).join('');
    return '<!doctype html>' + doc.outerHTML;
  })()`;
}

/**
 * Opens the static copy of `appPage` in a new page of `context`, at a path
 * of the app's origin (so its stylesheet comes from the same service), and
 * returns it once its rows are laid out.
 */
export async function openStaticCopy(context: BrowserContext, appPage: Page, listLabel: string, rows: number): Promise<Page> {
  const html = (await appPage.evaluate(copyScript(listLabel, rows))) as string;
  const url = new URL(STATIC_COPY_PATH, appPage.url()).href;
  const page = await context.newPage();
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(url);
  const count = (await page.evaluate(`document.querySelectorAll(${JSON.stringify(`ul[aria-label="${STATIC_LIST_LABEL}"] > li`)}).length`)) as number;
  if (count !== rows) throw new Error(`static copy has ${count} rows, wanted ${rows}`);
  return page;
}
