import type { LanguageFn } from 'highlight.js';

/**
 * The languages code blocks are highlighted in: lowlight's `common` set
 * (what rehype-highlight registered before), 37 grammars covering what
 * GitHub users write most, each its own small chunk, loaded only when a
 * code block asks for it. Grammar files are standalone; `embeds` lists the
 * grammars one hands parts of its text to (`<script>` in HTML, `sh` inside
 * `console`), loaded with it so the blocks look as they did with all 37.
 * Plain text (`text`, `txt`, `plaintext`) needs no grammar and is not here.
 *
 * code-highlighter.test.ts checks that every name and alias here resolves
 * to the grammar lowlight's `common` resolves it to.
 */
export interface GrammarEntry {
  load: () => Promise<{ default: LanguageFn }>;
  aliases?: readonly string[];
  embeds?: readonly string[];
}

export const GRAMMARS: Readonly<Record<string, GrammarEntry>> = {
  arduino: { load: () => import('highlight.js/lib/languages/arduino'), aliases: ['ino'] },
  bash: { load: () => import('highlight.js/lib/languages/bash'), aliases: ['sh', 'zsh'] },
  c: { load: () => import('highlight.js/lib/languages/c'), aliases: ['h'] },
  cpp: { load: () => import('highlight.js/lib/languages/cpp'), aliases: ['cc', 'c++', 'h++', 'hpp', 'hh', 'hxx', 'cxx'] },
  csharp: { load: () => import('highlight.js/lib/languages/csharp'), aliases: ['cs', 'c#'] },
  css: { load: () => import('highlight.js/lib/languages/css') },
  diff: { load: () => import('highlight.js/lib/languages/diff'), aliases: ['patch'] },
  go: { load: () => import('highlight.js/lib/languages/go'), aliases: ['golang'] },
  graphql: { load: () => import('highlight.js/lib/languages/graphql'), aliases: ['gql'] },
  ini: { load: () => import('highlight.js/lib/languages/ini'), aliases: ['toml'] },
  java: { load: () => import('highlight.js/lib/languages/java'), aliases: ['jsp'] },
  javascript: { load: () => import('highlight.js/lib/languages/javascript'), aliases: ['js', 'jsx', 'mjs', 'cjs'], embeds: ['xml', 'css', 'graphql'] },
  json: { load: () => import('highlight.js/lib/languages/json'), aliases: ['jsonc', 'json5'] },
  kotlin: { load: () => import('highlight.js/lib/languages/kotlin'), aliases: ['kt', 'kts'] },
  less: { load: () => import('highlight.js/lib/languages/less') },
  lua: { load: () => import('highlight.js/lib/languages/lua'), aliases: ['pluto'] },
  makefile: { load: () => import('highlight.js/lib/languages/makefile'), aliases: ['mk', 'mak', 'make'] },
  markdown: { load: () => import('highlight.js/lib/languages/markdown'), aliases: ['md', 'mkdown', 'mkd'], embeds: ['xml'] },
  objectivec: { load: () => import('highlight.js/lib/languages/objectivec'), aliases: ['mm', 'objc', 'obj-c', 'obj-c++', 'objective-c++'] },
  perl: { load: () => import('highlight.js/lib/languages/perl'), aliases: ['pl', 'pm'] },
  php: { load: () => import('highlight.js/lib/languages/php') },
  'php-template': { load: () => import('highlight.js/lib/languages/php-template'), embeds: ['xml', 'php'] },
  python: { load: () => import('highlight.js/lib/languages/python'), aliases: ['py', 'gyp', 'ipython'] },
  'python-repl': { load: () => import('highlight.js/lib/languages/python-repl'), aliases: ['pycon'], embeds: ['python'] },
  r: { load: () => import('highlight.js/lib/languages/r') },
  ruby: { load: () => import('highlight.js/lib/languages/ruby'), aliases: ['rb', 'gemspec', 'podspec', 'thor', 'irb'] },
  rust: { load: () => import('highlight.js/lib/languages/rust'), aliases: ['rs'] },
  scss: { load: () => import('highlight.js/lib/languages/scss') },
  shell: { load: () => import('highlight.js/lib/languages/shell'), aliases: ['console', 'shellsession'], embeds: ['bash'] },
  sql: { load: () => import('highlight.js/lib/languages/sql') },
  swift: { load: () => import('highlight.js/lib/languages/swift') },
  typescript: { load: () => import('highlight.js/lib/languages/typescript'), aliases: ['ts', 'tsx', 'mts', 'cts'], embeds: ['xml', 'css', 'graphql'] },
  vbnet: { load: () => import('highlight.js/lib/languages/vbnet'), aliases: ['vb'] },
  wasm: { load: () => import('highlight.js/lib/languages/wasm') },
  xml: { load: () => import('highlight.js/lib/languages/xml'), aliases: ['html', 'xhtml', 'rss', 'atom', 'xjb', 'xsd', 'xsl', 'plist', 'wsf', 'svg'], embeds: ['css', 'javascript'] },
  yaml: { load: () => import('highlight.js/lib/languages/yaml'), aliases: ['yml'], embeds: ['ruby'] },
};

/** Names that highlight.js treats as plain text: the block keeps its text as it is. */
export const PLAIN_TEXT_NAMES: ReadonlySet<string> = new Set(['plaintext', 'text', 'txt']);

const BY_NAME_OR_ALIAS = new Map<string, string>(
  Object.entries(GRAMMARS).flatMap(([name, entry]) => [[name, name], ...(entry.aliases ?? []).map((alias): [string, string] => [alias, name])]),
);

/** The grammar a fence's info string names (case-insensitive, as highlight.js looks names up), if it is one we load. */
export function grammarName(language: string): string | undefined {
  return BY_NAME_OR_ALIAS.get(language.toLowerCase());
}
