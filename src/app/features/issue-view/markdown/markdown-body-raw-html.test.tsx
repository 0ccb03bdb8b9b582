// MarkdownBody and HTML: the raw HTML GitHub keeps, links and images made safe, the raw-HTML stage
// only where there can be some, and hostile input that leaves nothing able to run.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { LOAD_TIMEOUT_MS, renderMarkdown } from '../../../../../test-support/app/render-markdown-body';

// The parser's first import (jsdom has no worker, so it runs here) can take seconds on a loaded machine: once, not inside one test's time limit.
beforeAll(() => import('./markdown-pipeline'), LOAD_TIMEOUT_MS);

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

describe('raw HTML', () => {
  test('<details> with a <summary> renders as a disclosure', async () => {
    const { container } = await renderMarkdown('<details><summary>Stack trace</summary>\n\nat **main**\n\n</details>');
    const details = container.querySelector('details');
    expect(details?.querySelector('summary')).toHaveTextContent('Stack trace');
    expect(details?.querySelector('strong')).toHaveTextContent('main');
  });

  test.each([
    ['<kbd>Ctrl</kbd>', 'kbd'],
    ['x<sup>2</sup>', 'sup'],
    ['H<sub>2</sub>O', 'sub'],
    ['<ins>added</ins>', 'ins'],
    ['<del>removed</del>', 'del'],
    ['a<br>b', 'br'],
    ['<picture><source media="(prefers-color-scheme: dark)" srcset="https://example.com/d.png"><img alt="logo" src="https://example.com/l.png"></picture>', 'picture source'],
  ])('%s is kept', async (markdown, selector) => {
    const { container } = await renderMarkdown(markdown);
    expect(container.querySelector(selector)).not.toBeNull();
  });

  test('an image loads lazily and keeps its alt text', async () => {
    await renderMarkdown('![The launch pad](https://example.com/pad.png)');
    const image = screen.getByRole('img', { name: 'The launch pad' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('src', 'https://example.com/pad.png');
  });

  test('an image from another origin over plain http is asked for over https, as the page policy allows', async () => {
    const { container } = await renderMarkdown(
      '![pixel](http://images.example.com/p.png)\n\n<picture><source srcset="http://images.example.com/d.png 2x, https://cdn.example.com/e.png 1x"><img alt="logo" src="http://images.example.com/l.png"></picture>',
    );
    expect(screen.getByRole('img', { name: 'pixel' })).toHaveAttribute('src', 'https://images.example.com/p.png');
    expect(screen.getByRole('img', { name: 'logo' })).toHaveAttribute('src', 'https://images.example.com/l.png');
    expect(container.querySelector('source')).toHaveAttribute('srcset', 'https://images.example.com/d.png 2x, https://cdn.example.com/e.png 1x');
  });

  test('an image of this app itself keeps its address', async () => {
    await renderMarkdown(`![own](${window.location.origin}/favicon.svg)`);
    expect(screen.getByRole('img', { name: 'own' })).toHaveAttribute('src', `${window.location.origin}/favicon.svg`);
  });

  test('an external link opens in a new tab without an opener', async () => {
    await renderMarkdown('[the docs](https://docs.example.com/start)');
    const link = screen.getByRole('link', { name: 'the docs' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('an external link with its own target or rel gets ours instead (no tab-nabbing)', async () => {
    await renderMarkdown('<a href="https://attacker.example/" target="_blank" rel="opener">x</a> and <a href="//attacker.example/y" target="_self">y</a>');
    for (const link of screen.getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('a link within the app stays in this tab', async () => {
    await renderMarkdown(`[issue one](/acme/rockets/issues/1) and [same origin](${window.location.origin}/x)`);
    for (const link of screen.getAllByRole('link')) {
      expect(link).not.toHaveAttribute('target');
      expect(link).not.toHaveAttribute('rel');
    }
  });
});

// One line each, so a failing payload names itself.
const HOSTILE_PAYLOADS = [
  '<script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '![x](data:image/png;base64,iVBORw0KGgo=)',
  '[click](javascript:alert(1))',
  '[click](<JAVASCRIPT:alert(1)>)',
  '[click][ref]\n\n[ref]: javascript:alert(1)',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="https://example.com" onclick="alert(1)" target="_self">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<style>body { display: none }</style>',
  '<p style="position:fixed;inset:0">cover</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<svg onload="alert(1)"><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<div onclick="alert(1)" onmouseover="alert(1)">x</div>',
  '<input type="text" onfocus="alert(1)" autofocus>',
  '<video src=x onerror=alert(1)></video>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<template><script>alert(1)</script></template>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<div class="markdown-alert" id="root" name="app">x</div>',
];

const FORBIDDEN_ELEMENTS = 'script, iframe, object, embed, style, form, base, meta, link, svg, math, video, button, template, noscript';
const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'data', 'cite'];
const UNSAFE_URL = /^\s*(?:javascript|vbscript|data):/i;

/**
 * The rendered HTML, comparable between two renderings: without the
 * per-rendering footnote prefix (React's useId), without the line breaks the
 * appended comment leaves behind, and with remark's boolean `data-footnote*`
 * attributes spelled one way (parse5 writes them empty, React writes "true").
 */
function comparableHtml(container: HTMLElement): string {
  return container.innerHTML
    .replace(/user-content-[A-Za-z\d]+-(fn|footnote-label)/g, 'user-content-$1')
    .replace(/>\n+</g, '>\n<')
    .replace(/\n<\/div>$/, '</div>')
    .replace(/(data-footnotes?(?:-ref)?)="(?:true)?"/g, '$1');
}

describe('raw HTML is parsed only where there can be some', () => {
  // Each also rendered with an HTML comment after it, which brings in the raw-HTML stage (and renders as nothing).
  test.each([
    '# Title\n\nSome *emphasis*, **strong**, `code`, ~~gone~~ and a [link](https://example.com "t").',
    '| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 |',
    '- [x] done\n- [ ] todo\n  1. nested\n\n> quote\n> [!NOTE]',
    '> [!WARNING]\n> Careful.\n\n```\nconst a = 1 > 2 && b;\n```',
    'Footnote.[^1]\n\n[^1]: Here.',
    'a & b &amp; &copy; &#x3C;tag&#x3E; \\<notatag> 1 < 2 and 3 > 2',
    '![img](/x.png "title") and https://example.com and #12 and @octo\n\n---\n\n## Setup\nline\nbreak',
  ])('%j renders the same with and without the raw-HTML stage', async (markdown) => {
    const plain = await renderMarkdown(markdown);
    const plainHtml = comparableHtml(plain.container);
    cleanup();
    const withStage = await renderMarkdown(`${markdown}\n\n<!-- the raw-HTML stage -->`);
    expect(comparableHtml(withStage.container)).toBe(plainHtml);
  }, LOAD_TIMEOUT_MS);

  test('tag-like text that is not HTML stays text, escaped, without the stage', async () => {
    const { container } = await renderMarkdown('1 < 2, a <- b, x<3 and \\<div> and &lt;script&gt;');
    expect(container.querySelector('.markdown-body div, script')).toBeNull();
    expect(container).toHaveTextContent('1 < 2, a <- b, x<3 and <div> and <script>');
  });
});

describe('hostile input', () => {
  test('there are at least 25 payloads', async () => {
    expect(HOSTILE_PAYLOADS.length).toBeGreaterThanOrEqual(25);
  });

  test.each(HOSTILE_PAYLOADS)('%s leaves no script, frame, handler, style or unsafe URL', async (payload) => {
    const { container } = await renderMarkdown(payload);
    expect(container.querySelector(FORBIDDEN_ELEMENTS)).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name).not.toMatch(/^on/i);
        expect(attribute.name).not.toBe('style');
        if (URL_ATTRIBUTES.includes(attribute.name)) expect(attribute.value).not.toMatch(UNSAFE_URL);
      }
    }
    // Raw inputs survive only as the disabled checkboxes of task lists.
    for (const input of container.querySelectorAll('input')) {
      expect(input).toHaveAttribute('type', 'checkbox');
      expect(input).toBeDisabled();
    }
    // User ids and names never clobber the app's own.
    for (const element of container.querySelectorAll('[id], [name]')) {
      expect(element.getAttribute('id') ?? element.getAttribute('name')).toMatch(/^user-content-/);
    }
    expect(container.querySelector('.markdown-alert')).toBeNull();
  });
});
