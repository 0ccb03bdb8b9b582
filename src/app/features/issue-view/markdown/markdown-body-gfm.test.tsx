// MarkdownBody renders GitHub-flavoured Markdown as GitHub does: an empty body, tables, task lists,
// code, alerts, headings and footnotes, references to issues and people, and emoji shortcodes.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import MarkdownBody from './markdown-body';
import { LOAD_TIMEOUT_MS, REPO, renderMarkdown, renderRendered } from '../../../../../test-support/app/render-markdown-body';

// The parser's first import (jsdom has no worker, so it runs here) can take seconds on a loaded machine: once, not inside one test's time limit.
beforeAll(() => import('./markdown-pipeline'), LOAD_TIMEOUT_MS);

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** The element a same-page link points at, as the browser would find it. */
function targetOf(link: HTMLElement): HTMLElement | null {
  const href = link.getAttribute('href') ?? '';
  expect(href).toMatch(/^#./);
  return document.getElementById(decodeURIComponent(href.slice(1)));
}

describe('an empty body', () => {
  test.each([null, '', '  \n '])('%j shows an italic "No description provided."', async (markdown) => {
    await renderMarkdown(markdown);
    const message = screen.getByText('No description provided.');
    expect(message.tagName).toBe('EM');
  });
});

describe('GitHub-flavoured Markdown', () => {
  test('a table renders as a table with its headers and cells', async () => {
    await renderMarkdown('| Name | Stars |\n|------|------:|\n| rocket | 42 |');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Stars']);
    expect(within(table).getByRole('cell', { name: '42' })).toBeInTheDocument();
  });

  test('a table scrolls inside a keyboard-focusable region on a narrow screen', async () => {
    await renderMarkdown('| a |\n|---|\n| 1 |');
    const region = screen.getByRole('region', { name: 'Table' });
    expect(region).toContainElement(screen.getByRole('table'));
    expect(region).toHaveAttribute('tabindex', '0');
  });

  test('task list items render as disabled checkboxes named after the item, with their checked state', async () => {
    await renderMarkdown('- [x] write the spec\n- [ ] ship it');
    const done = screen.getByRole('checkbox', { name: 'write the spec' });
    const todo = screen.getByRole('checkbox', { name: 'ship it' });
    expect(done).toBeChecked();
    expect(todo).not.toBeChecked();
    expect(done).toBeDisabled();
    expect(todo).toBeDisabled();
  });

  test('strikethrough renders as deleted text', async () => {
    const { container } = await renderMarkdown('~~gone~~');
    expect(container.querySelector('del')).toHaveTextContent('gone');
  });

  test('a bare URL becomes a link', async () => {
    await renderMarkdown('see https://example.com/docs for more');
    expect(screen.getByRole('link', { name: 'https://example.com/docs' })).toHaveAttribute('href', 'https://example.com/docs');
  });

  test('fenced TypeScript shows its text at once and is then highlighted with token spans', async () => {
    const { container } = await renderMarkdown('```ts\nconst answer: number = 42;\n```');
    const code = container.querySelector('pre > code');
    expect(code).toHaveClass('hljs', 'language-ts');
    expect(code).toHaveTextContent('const answer: number = 42;');
    await waitFor(() => expect(code?.querySelector('.hljs-keyword')).toHaveTextContent('const'), { timeout: LOAD_TIMEOUT_MS });
    expect(code?.querySelector('.hljs-number')).toHaveTextContent('42');
    expect(code).toHaveTextContent('const answer: number = 42;');
  }, LOAD_TIMEOUT_MS);

  test('HTML in a fenced block gets its embedded CSS and script highlighted too, as with every common grammar loaded', async () => {
    const { container } = await renderMarkdown('```html\n<style>a { color: red }</style><script>const x = 1;</script>\n```');
    const code = container.querySelector('pre > code');
    await waitFor(() => expect(code?.querySelector('.css .hljs-attribute')).toHaveTextContent('color'), { timeout: LOAD_TIMEOUT_MS });
    expect(code?.querySelector('.javascript .hljs-keyword')).toHaveTextContent('const');
    expect(code).toHaveTextContent('<style>a { color: red }</style><script>const x = 1;</script>');
  }, LOAD_TIMEOUT_MS);

  test('a code block in an unknown language still renders, unhighlighted', async () => {
    const { container } = await renderMarkdown('```no-such-language\nhello <world>\n```');
    expect(container.querySelector('pre > code')).toHaveTextContent('hello <world>');
  });

  test('inline code that names a language is never highlighted', async () => {
    const { container } = await renderMarkdown('```js\nlet a = 1;\n```\n\nand `let b = 2;` inline');
    await waitFor(() => expect(container.querySelector('pre .hljs-keyword')).not.toBeNull(), { timeout: LOAD_TIMEOUT_MS });
    expect(container.querySelector('p > code')).not.toHaveClass('hljs');
    expect(container.querySelector('p > code span')).toBeNull();
  }, LOAD_TIMEOUT_MS);

  test('a code block is focusable so a keyboard can scroll its long lines', async () => {
    const { container } = await renderMarkdown('```\na very long line\n```');
    expect(container.querySelector('pre')).toHaveAttribute('tabindex', '0');
  });

  test('a single newline is a line break', async () => {
    const { container } = await renderMarkdown('first line\nsecond line');
    const paragraph = container.querySelector('p');
    expect(paragraph?.querySelector('br')).not.toBeNull();
    expect(paragraph).toHaveTextContent('first line second line');
  });

  test.each([
    ['NOTE', 'Note'],
    ['TIP', 'Tip'],
    ['IMPORTANT', 'Important'],
    ['WARNING', 'Warning'],
    ['CAUTION', 'Caution'],
  ])('a [!%s] alert renders as a callout titled "%s"', async (marker, title) => {
    const { container } = await renderMarkdown(`> [!${marker}]\n> Mind the gap.`);
    const alert = container.querySelector(`.markdown-alert-${marker.toLowerCase()}`);
    expect(alert).not.toBeNull();
    expect(alert?.querySelector('.markdown-alert-title')).toHaveTextContent(title);
    expect(alert).toHaveTextContent('Mind the gap.');
    expect(container).not.toHaveTextContent(`[!${marker}]`);
    expect(container.querySelector('blockquote')).toBeNull();
  });

  test('an alert from the API, with CRLF line endings, still renders as a callout', async () => {
    const { container } = await renderMarkdown('> [!TIP]\r\n> Use the CLI.\r\n> It is faster.');
    expect(container.querySelector('.markdown-alert-tip .markdown-alert-title')).toHaveTextContent('Tip');
    expect(container.querySelector('.markdown-alert-tip br')).not.toBeNull();
  });

  test('a quote that only mentions [!NOTE] mid-line stays a quote', async () => {
    const { container } = await renderMarkdown('> [!NOTE] is how you write an alert');
    expect(container.querySelector('blockquote')).toHaveTextContent('[!NOTE] is how you write an alert');
    expect(container.querySelector('.markdown-alert')).toBeNull();
  });

  test('a user cannot fake an alert with its class names', async () => {
    const { container } = await renderMarkdown('<div class="markdown-alert markdown-alert-caution">fake</div>');
    expect(container.querySelector('.markdown-alert')).toBeNull();
    expect(container).toHaveTextContent('fake');
  });

  test('a heading gets a permalink to its user-content- id', async () => {
    await renderMarkdown('## Getting started');
    const heading = screen.getByRole('heading', { level: 2, name: 'Getting started' });
    expect(heading).toHaveAttribute('id', 'user-content-getting-started');
    const permalink = screen.getByRole('link', { name: 'Permalink: Getting started' });
    expect(permalink).toHaveAttribute('href', '#user-content-getting-started');
    expect(targetOf(permalink)).toBe(heading);
  });

  test('a link to a heading by its plain slug reaches the prefixed heading', async () => {
    await renderMarkdown('Read [the setup](#setup) first.\n\n## Setup');
    expect(targetOf(screen.getByRole('link', { name: 'the setup' }))).toBe(screen.getByRole('heading', { name: 'Setup' }));
  });

  test('a footnote reference links to its footnote and the footnote links back', async () => {
    await renderMarkdown('Rockets are fast.[^speed]\n\n[^speed]: Citation needed.');
    const reference = screen.getByRole('link', { name: '1' });
    const footnote = targetOf(reference);
    expect(footnote?.id).toMatch(/^user-content-/);
    expect(footnote).toHaveTextContent('Citation needed.');
    const backReference = within(footnote as HTMLElement).getByRole('link', { name: 'Back to reference 1' });
    expect(targetOf(backReference)).toBe(reference);
    // The hidden "Footnotes" heading describes the reference.
    expect(document.getElementById(reference.getAttribute('aria-describedby') ?? '')).toHaveTextContent('Footnotes');
    expect(screen.queryByRole('link', { name: /Permalink/ })).toBeNull();
  });

  test('an issue and a comment on one page keep their footnotes apart', async () => {
    await renderRendered(
      <>
        <MarkdownBody markdown={'Issue.[^1]\n\n[^1]: From the issue.'} repo={REPO} scope="description" origin={window.location.origin} />
        <MarkdownBody markdown={'Comment.[^1]\n\n[^1]: From the comment.'} repo={REPO} scope="issuecomment-1" origin={window.location.origin} />
      </>,
    );
    const [issueRef, commentRef] = screen.getAllByRole('link', { name: '1' });
    expect(targetOf(issueRef as HTMLElement)).toHaveTextContent('From the issue.');
    expect(targetOf(commentRef as HTMLElement)).toHaveTextContent('From the comment.');
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('references to issues and people', () => {
  test('#12 links to that issue in this repository', async () => {
    await renderMarkdown('Fixed by #12.');
    expect(screen.getByRole('link', { name: '#12' })).toHaveAttribute('href', '/acme/rockets/issues/12');
  });

  test('owner/repo#3 links to that issue in the other repository', async () => {
    await renderMarkdown('Same as octo-org/octo.js#3');
    expect(screen.getByRole('link', { name: 'octo-org/octo.js#3' })).toHaveAttribute('href', '/octo-org/octo.js/issues/3');
  });

  test('@octo links to what that person opened, the list filtered as a person’s name links to it (?q=author:octo)', async () => {
    await renderMarkdown('Thanks @octo!');
    expect(screen.getByRole('link', { name: '@octo' })).toHaveAttribute('href', '/acme/rockets/issues?q=author%3Aocto');
  });

  test('references are plain links inside the app, not new tabs', async () => {
    await renderMarkdown('#7 by @octo');
    for (const link of screen.getAllByRole('link')) expect(link).not.toHaveAttribute('target');
  });

  test.each([
    ['inline code', '`#12 and @octo`'],
    ['a fenced code block', '```\n#12 and @octo\n```'],
    ['raw <code>', '<code>#12 and @octo</code>'],
    ['an existing link', '[#12 and @octo](https://example.com)'],
    ['an email address', 'mail me@octo.com'],
    ['the middle of a word', 'abc#12 and a/#12'],
  ])('nothing is linked inside %s', async (_place, markdown) => {
    await renderMarkdown(markdown);
    for (const link of screen.queryAllByRole('link')) {
      expect(link.getAttribute('href')).not.toMatch(/^\/acme\/rockets\/issues/);
    }
  });
});

describe('emoji shortcodes', () => {
  test(':+1: and :tada: show as GitHub shows them, as emoji', async () => {
    const { container } = await renderMarkdown('Works for me :+1: :tada:');
    expect(container.querySelector('p')).toHaveTextContent('Works for me 👍 🎉');
  });

  test('a name that is no emoji stays as written', async () => {
    const { container } = await renderMarkdown('at 10:30:00 and :not_an_emoji_at_all:');
    expect(container.querySelector('p')).toHaveTextContent('at 10:30:00 and :not_an_emoji_at_all:');
  });

  test('an emoji in link text and beside a reference', async () => {
    await renderMarkdown('[ship it :rocket:](https://example.com) :eyes: #12');
    expect(screen.getByRole('link', { name: 'ship it 🚀' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#12' })).toBeInTheDocument();
  });

  test.each([
    ['inline code', '`:tada:`', 'p > code'],
    ['a fenced code block', '```\n:tada:\n```', 'pre > code'],
    ['raw <code>', 'see <code>:tada:</code>', 'p > code'],
    ['raw <tt> with markup inside', 'see <tt>*:tada:*</tt>', 'p > tt'],
  ])('a shortcode inside %s stays literal', async (_place, markdown, selector) => {
    const { container } = await renderMarkdown(markdown);
    expect(container.querySelector(selector)).toHaveTextContent(':tada:');
    expect(container.textContent).not.toContain('🎉');
  });
});
