// The worker sends a text's elements as data (issue 48: the HTML-to-React property tables are made
// there, not on the page's main thread). What the page renders from that data, after the copy a
// worker's message makes, is the markup react-markdown's own step (toJsxRuntime with React's jsx)
// gives for the same tree.
import type { ComponentProps } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ExtraProps } from 'react-markdown';
import { describe, expect, test } from 'vitest';
import { renderElementTree } from './element-tree';
import { finishTree, toElementTree } from './markdown-elements';
import { markdownToTree } from './markdown-pipeline';

const OPTIONS = { owner: 'acme', name: 'rocket', footnotePrefix: 'description-', origin: 'http://localhost' };
const LOAD_TIMEOUT_MS = 15_000;

/** Stands for highlighted-code.tsx: shows what it was given, its hast node among it. */
function Code({ node, children, ...props }: ComponentProps<'code'> & ExtraProps) {
  return (
    <code {...props} data-node-tag={node?.tagName} data-node-text={node?.children.map((c) => ('value' in c ? c.value : '')).join('')}>
      {children}
    </code>
  );
}

const TEXTS = [
  '# Title\n\nSome **bold**, _em_, `code` and a [link](https://example.com "t").',
  '| Name | Stars |\n|:-----|------:|\n| rocket | 42 |\n| **x** | <sub>y</sub> |',
  '- [x] done\n- [ ] open\n  1. nested\n  2. list',
  '```ts\nconst x: number = 1;\n```\n\n```\nplain\n```',
  '> [!WARNING]\n> Careful.\n\nText with a footnote[^1].\n\n[^1]: The note.',
  '<details><summary>More</summary>\n\n<p align="center" style="color: red; font-weight: bold">styled</p>\n<img src="/a.png" width="20" alt="a">\n\n</details>',
  'See #12, acme/rocket#3 and @someone :tada:\nline break\n\n<table><tr><td colspan="2">\n cell \n</td></tr></table>',
  '[bad](javascript:alert(1)) <a href="vbscript:x">x</a> <input type="checkbox" checked disabled>',
];

describe('a text rendered from the elements the worker sends', () => {
  test.each(TEXTS)(
    '%j is the markup react-markdown makes',
    (markdown) => {
      const direct = toJsxRuntime(finishTree(markdownToTree(markdown, OPTIONS)), {
        Fragment,
        components: { code: Code },
        ignoreInvalidStyle: true,
        jsx,
        jsxs,
        passKeys: true,
        passNode: true,
      });
      // What crosses from the worker is a structured clone: no functions, no shared objects.
      const sent = structuredClone(toElementTree(markdownToTree(markdown, OPTIONS)));
      const expected = renderToStaticMarkup(direct);
      expect(expected).not.toBe('');
      expect(renderToStaticMarkup(<>{renderElementTree(sent, Code)}</>)).toBe(expected);
    },
    LOAD_TIMEOUT_MS,
  );
});
