import { describe, expect, it } from 'vitest';
import { highlighterFor, matchSpans } from './query-highlight';

const marked = (q: string, title: string): string[] => (highlighterFor(q)?.(title) ?? []).map((s) => title.slice(s.start, s.end));

describe('marking matched words in titles', () => {
  it('marks each word of the search, without case or diacritics', () => {
    expect(marked('is:open Crash cafe', 'The café crashes; CRASH on start')).toEqual(['café', 'crashes', 'CRASH']);
  });

  it('marks a lone word in its plural and singular forms, as the search finds them, and a quoted word exactly', () => {
    expect(marked('queries', 'A query, two queries')).toEqual(['query', 'queries']);
    expect(marked('"crash"', 'crashes after a crash')).toEqual(['crash']);
  });

  it('marks a phrase only where its words stand together, in order', () => {
    expect(marked('"launch pad"', 'Launch pad fails; pad launch')).toEqual(['Launch pad']);
    expect(marked('launch-pad', 'the launch-pad')).toEqual(['launch-pad']);
  });

  it('marks nothing for negated words or a query without words', () => {
    expect(highlighterFor('-crash label:bug')).toBeNull();
    expect(highlighterFor('is:open')).toBeNull();
  });

  it('merges overlapping matches into one mark', () => {
    expect(matchSpans('a b c', [['a', 'b'], ['b', 'c']])).toEqual([{ start: 0, end: 5 }]);
  });
});
