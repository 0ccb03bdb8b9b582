/**
 * The long-list figures' second peer: the plainest page of the same length.
 * As many rows as the app loaded, each two lines of plain text in the system
 * font, 65 px tall like the app's rows, under a sticky header like the
 * app's: no icons, no labels, no links, no stylesheet beyond a few rules,
 * and no script but the frame recorder. Scrolling it asks the browser for
 * the least any list of this length can cost: rastering each row's text as
 * it comes into view and compositing the frame. What it drops is what this
 * machine drops with a page doing nothing, in the same minute as the app's
 * figure beside it.
 */
import type { BrowserContext, Page } from '@playwright/test';

const PLAIN_LIST_LABEL = 'Issues, plain text';

function plainHtml(rows: number): string {
  const row = (i: number) =>
    `<li><div class="t">Issue ${i + 1}: the list jumps when a page loads while scrolling</div><div class="m">#${i + 1} opened 3 days ago by someone · 2 comments</div></li>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Plain list</title><style>
body{margin:0;font:14px/20px system-ui,sans-serif;background:#fff;color:#1f2328}
header{position:sticky;top:0;height:56px;background:#f6f8fa;border-bottom:1px solid #d1d9e0}
ul{list-style:none;margin:0 auto;padding:0;max-width:1012px}
li{box-sizing:border-box;height:65px;padding:12px 16px;border-bottom:1px solid #d1d9e0}
.t{font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.m{font-size:12px;color:#59636e}
</style></head><body><header></header><main><ul aria-label="${PLAIN_LIST_LABEL}">${Array.from({ length: rows }, (_, i) => row(i)).join('')}</ul></main></body></html>`;
}

/** Opens the plain page with `rows` rows in a new page of `context`, once its rows are laid out. */
export async function openPlainPage(context: BrowserContext, rows: number): Promise<Page> {
  const page = await context.newPage();
  await page.setContent(plainHtml(rows));
  const count = (await page.evaluate(`document.querySelectorAll(${JSON.stringify(`ul[aria-label="${PLAIN_LIST_LABEL}"] > li`)}).length`)) as number;
  if (count !== rows) throw new Error(`plain page has ${count} rows, wanted ${rows}`);
  return page;
}
