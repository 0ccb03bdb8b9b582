import { describe, expect, it } from 'vitest';
import { orderForFirstPaint } from './first-paint-order';

// What Vite writes into index.html's head: the entry, its preloads, the stylesheet last.
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Issuescope</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-b2.js">
    <link rel="modulepreload" crossorigin href="/assets/icons-c3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d4.css">
  </head>
  <body>
    <div id="root"><script type="text/plain">not a module</script></div>
  </body>
</html>
`;

const tagsOf = (html: string) => (html.slice(0, html.indexOf('</head>')).match(/<(script|link)\b[^>]*>/g) ?? []);

describe('the built page, ordered for its first paint', () => {
  it('asks for the stylesheet before any script, and for the scripts at low priority', () => {
    const tags = tagsOf(orderForFirstPaint(BUILT));
    expect(tags).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-d4.css">',
      '<script fetchpriority="low" type="module" crossorigin src="/assets/index-a1.js">',
      '<link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/framework-b2.js">',
      '<link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/icons-c3.js">',
    ]);
  });

  it('leaves the body, and a page already in order, as they are', () => {
    const once = orderForFirstPaint(BUILT);
    expect(orderForFirstPaint(once)).toBe(once);
    expect(once.slice(once.indexOf('</head>'))).toBe(BUILT.slice(BUILT.indexOf('</head>')));
    expect(orderForFirstPaint('<p>no head</p>')).toBe('<p>no head</p>');
  });
});
