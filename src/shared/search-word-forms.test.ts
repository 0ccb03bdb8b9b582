import { describe, expect, it } from 'vitest';
import { soughtRuns, wordForms } from './search-word-forms';

describe('the forms a lone word finds', () => {
  it('takes a word and its plural for one another, both ways', () => {
    const pairs = [
      ['crash', 'crashes'],
      ['feature', 'features'],
      ['query', 'queries'],
      ['cookie', 'cookies'],
      ['cache', 'caches'],
      ['match', 'matches'],
      ['box', 'boxes'],
      ['class', 'classes'],
      ['bus', 'buses'],
      ['leak', 'leaks'],
    ];
    for (const [singular, plural] of pairs) {
      expect(wordForms(singular!), singular).toContain(plural);
      expect(wordForms(plural!), plural).toContain(singular);
    }
  });

  it('starts with the word itself, and makes no other word of a short one', () => {
    expect(wordForms('crash')[0]).toBe('crash');
    expect(wordForms('its')).not.toContain('it');
    expect(wordForms('has')).not.toContain('ha');
    expect(wordForms('is')).toEqual(['is']);
    expect(wordForms('a')).toEqual(['a']);
  });

  it('takes no other tense for a form: crashed and crashing are other words', () => {
    expect(wordForms('crash')).not.toContain('crashed');
    expect(wordForms('crash')).not.toContain('crashing');
  });

  it('leaves tokens with digits or other letters as they are', () => {
    expect(wordForms('v2s')).toEqual(['v2s']);
    expect(wordForms('straße')).toEqual(['straße']);
    expect(wordForms('ошибки')).toEqual(['ошибки']);
  });

  it('is symmetric: b is among the forms of a exactly when a is among those of b', () => {
    for (const word of ['crash', 'crashes', 'query', 'queries', 'tie', 'ties', 'axes', 'series', 'status', 'news']) {
      for (const form of wordForms(word)) expect(wordForms(form), `${word} → ${form}`).toContain(word);
    }
  });
});

describe('the runs a text leaf looks for', () => {
  it('looks for every form of a lone word not quoted', () => {
    expect(soughtRuns({ text: 'crash', phrase: false }, ['crash'])).toEqual(wordForms('crash').map((f) => [f]));
  });

  it('looks for a quoted word or phrase, and a word with punctuation inside, exactly', () => {
    expect(soughtRuns({ text: 'crash', phrase: true }, ['crash'])).toEqual([['crash']]);
    expect(soughtRuns({ text: 'fuel leaks', phrase: true }, ['fuel', 'leaks'])).toEqual([['fuel', 'leaks']]);
    expect(soughtRuns({ text: 'foo-bars', phrase: false }, ['foo', 'bars'])).toEqual([['foo', 'bars']]);
  });
});

describe('a lone word written in capitals', () => {
  it('finds the lower-case forms, and a word of other letters stays as written', () => {
    expect(soughtRuns({ text: 'Crash', phrase: false }, ['Crash'])).toEqual(wordForms('crash').map((f) => [f]));
    expect(soughtRuns({ text: 'Ошибки', phrase: false }, ['Ошибки'])).toEqual([['Ошибки']]);
  });
});
