import hljs from 'highlight.js/lib/core';
import { common } from 'lowlight';
import { describe, expect, test } from 'vitest';
import { GRAMMARS, grammarName, PLAIN_TEXT_NAMES } from './highlight-languages';

// What rehype-highlight registered before the grammars became lazy: lowlight's `common` set.
const COMMON_NAMES = Object.keys(common);
const PLAIN_TEXT = 'plaintext';

describe('the languages code blocks are highlighted in', () => {
  test('are exactly lowlight\'s common set, plain text aside', () => {
    expect(Object.keys(GRAMMARS).sort()).toEqual(COMMON_NAMES.filter((name) => name !== PLAIN_TEXT).sort());
  });

  test.each(COMMON_NAMES.filter((name) => name !== PLAIN_TEXT))('%s and each of its aliases name that grammar', (name) => {
    const aliases = common[name]?.(hljs).aliases ?? [];
    for (const alias of [name, ...aliases]) expect(grammarName(alias)).toBe(name);
    expect(grammarName(name.toUpperCase())).toBe(name);
  });

  test('plain text and its aliases need no grammar', () => {
    const aliases = common[PLAIN_TEXT]?.(hljs).aliases ?? [];
    expect([...PLAIN_TEXT_NAMES].sort()).toEqual([PLAIN_TEXT, ...aliases].sort());
    for (const name of PLAIN_TEXT_NAMES) expect(grammarName(name)).toBeUndefined();
  });

  test('a grammar that hands text to another loads that one with it', () => {
    for (const [name, entry] of Object.entries(GRAMMARS)) {
      const loadable = [...subLanguagesOf(common[name]?.(hljs))].filter((other) => Object.hasOwn(GRAMMARS, other) && other !== name);
      expect(new Set(entry.embeds ?? []), name).toEqual(new Set(loadable));
    }
  });
});

/** Every `subLanguage` named anywhere in a grammar's (cyclic) mode tree. */
function subLanguagesOf(grammar: unknown): Set<string> {
  const found = new Set<string>();
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || value instanceof RegExp || seen.has(value)) return;
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      if (key === 'subLanguage') for (const name of [child].flat()) if (typeof name === 'string') found.add(name);
      visit(child);
    }
  };
  visit(grammar);
  return found;
}
