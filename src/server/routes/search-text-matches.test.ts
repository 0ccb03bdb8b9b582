import { describe, expect, it } from 'vitest';
import { parseSearchQuery, type SearchQuery } from '../../shared/search-query';
import { wordForms } from '../../shared/search-word-forms';
import { findMatches, fragmentWindow, propertyMatch, soughtPhrases, wantsTextMatches } from './search-text-matches';

function query(q: string): SearchQuery {
  const parsed = parseSearchQuery(q, { advanced: true });
  if (!parsed.ok) throw new Error(q);
  return parsed.query;
}

describe('wantsTextMatches', () => {
  it.each([
    ['application/vnd.github.text-match+json', true],
    ['application/vnd.github.v3.text-match+json', true],
    ['application/json, Application/Vnd.GitHub.Text-Match+JSON; q=0.9', true],
    ['application/vnd.github+json', false],
    ['application/json', false],
    [undefined, false],
  ])('reads Accept %s as %s', (accept, expected) => {
    expect(wantsTextMatches(accept)).toBe(expected);
  });
});

describe('soughtPhrases', () => {
  const forms = (word: string) => wordForms(word).map((form) => [form]);

  it("takes the query's free words and phrases as tokens, not its qualifiers or negated words", () => {
    expect(soughtPhrases(query('Crash "fuel leak" label:bug -ignored foo-bar repo:a/b').where)).toEqual([...forms('crash'), ['fuel', 'leak'], ['foo', 'bar']]);
    expect(soughtPhrases(query('(café OR NOT tea) is:open').where)).toEqual(forms('cafe'));
    expect(soughtPhrases(query('is:open label:bug').where)).toEqual([]);
  });

  it('takes a lone word in each of its forms, and a quoted one as written (issue 45)', () => {
    expect(soughtPhrases(query('crash').where)).toContainEqual(['crashes']);
    expect(soughtPhrases(query('"crash"').where)).toEqual([['crash']]);
    const text = 'It stops, then crashes; the crash stops it';
    const marked = propertyMatch(text, soughtPhrases(query('stop crash').where))?.matches.map((m) => m.text);
    expect(marked).toEqual(['stops', 'crashes', 'crash', 'stops']);
  });
});

describe('findMatches', () => {
  it('finds whole words without case and diacritics, phrases in order, and nothing inside a longer word', () => {
    const text = 'Crash: the CRASHES crash. Café crash-report';
    const at = (phrases: string[][]) => findMatches(text, phrases).map((r) => text.slice(r.start, r.end));
    expect(at([['crash']])).toEqual(['Crash', 'crash', 'crash']);
    expect(at([['cafe']])).toEqual(['Café']);
    expect(at([['cafe', 'crash']])).toEqual(['Café crash']);
    expect(at([['crash', 'report'], ['report']])).toEqual(['crash-report']);
  });

  it('finds a word written with a combining accent as one token', () => {
    const text = 'un cafe\u0301 noir';
    expect(findMatches(text, [['cafe']]).map((r) => text.slice(r.start, r.end))).toEqual(['cafe\u0301']);
  });
});

describe('the fragment', () => {
  it('is the whole text when it is short, with every match inside', () => {
    expect(propertyMatch('Crash on startup, then crash again', [['crash']])).toEqual({
      fragment: 'Crash on startup, then crash again',
      matches: [
        { text: 'Crash', indices: [0, 5] },
        { text: 'crash', indices: [23, 28] },
      ],
    });
  });

  it('is a window of a long text around the first match, cut at whitespace', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
    words[120] = 'Needle';
    const text = words.join(' ');
    const match = propertyMatch(text, [['needle']]);
    expect(match).not.toBeNull();
    const { fragment, matches } = match!;
    expect(fragment.length).toBeLessThanOrEqual(200);
    expect(text).toContain(fragment);
    expect(fragment).toMatch(/^word\d+ .* word\d+$/);
    expect(matches).toHaveLength(1);
    const [start, end] = matches[0]!.indices;
    expect(fragment.slice(start, end)).toBe('Needle');
    expect(matches[0]!.text).toBe('Needle');
    expect(start).toBeGreaterThan(20);
  });

  it('keeps a match longer than the window whole', () => {
    const long = `${'x'.repeat(300)}`;
    const text = `intro ${long} outro ${'y '.repeat(200)}`;
    const window = fragmentWindow(text, { start: 6, end: 306 });
    expect(text.slice(window.start, window.end)).toBe(`intro ${long}`);
  });
});
