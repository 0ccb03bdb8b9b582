/**
 * Orders the built index.html for its first paint. The page paints a static
 * shell (index.html's own markup) with the stylesheet alone; the scripts are
 * needed after that, for the data. Vite writes the entry script and its
 * modulepreloads first and the stylesheet last, all at the browser's default
 * (high) priority, so on a slow link the scripts share the bandwidth the
 * stylesheet needs, and Lighthouse's simulation counts high-priority scripts
 * as render-blocking, so its simulated mobile FCP was several times the one
 * observed (docs/performance-log.md).
 * Here the stylesheet goes first and the scripts say `fetchpriority="low"`:
 * the browser still requests them at once (nothing waits for a script to start
 * another download), behind the stylesheet.
 */
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link\b[^>]*\brel="stylesheet"[^>]*>\n?/g;
const FIRST_SCRIPT_OR_PRELOAD = /[ \t]*<(script\b[^>]*\btype="module"|link\b[^>]*\brel="modulepreload")/;
const ENTRY_SCRIPT = /<script\b(?=[^>]*\btype="module")(?=[^>]*\bsrc=)(?![^>]*\bfetchpriority=)/g;
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")(?![^>]*\bfetchpriority=)/g;

export function orderForFirstPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  let head = html.slice(0, headEnd);
  const stylesheets = head.match(STYLESHEET) ?? [];
  const firstScript = FIRST_SCRIPT_OR_PRELOAD.exec(head);
  if (stylesheets.length > 0 && firstScript !== null) {
    head = head.replace(STYLESHEET, '');
    const at = FIRST_SCRIPT_OR_PRELOAD.exec(head)?.index ?? firstScript.index;
    head = `${head.slice(0, at)}${stylesheets.map((tag) => (tag.endsWith('\n') ? tag : `${tag}\n`)).join('')}${head.slice(at)}`;
  }
  head = head.replace(ENTRY_SCRIPT, '<script fetchpriority="low"').replace(MODULE_PRELOAD, '<link fetchpriority="low"');
  return head + html.slice(headEnd);
}

/** The build's index.html, after Vite has written its asset tags into it. */
export function firstPaintOrder(): Plugin {
  return {
    name: 'issuescope:first-paint-order',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: orderForFirstPaint },
  };
}
