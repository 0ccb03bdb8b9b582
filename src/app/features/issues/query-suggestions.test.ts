import { describe, expect, it } from 'vitest';
import { suggest } from './query-suggestions';

const source = { labels: [{ name: 'bug', color: 'd73a4a' }, { name: 'good first issue', color: '7057ff' }], people: ['alice', 'albert', 'bob'] };
const labels = (text: string, at = text.length, explicit = false) => suggest(text, at, source, explicit).map((s) => s.label);

describe('suggestions as you type', () => {
  it('suggests qualifiers for the start of a word, keeping a minus', () => {
    expect(labels('crash la')).toEqual(['label:']);
    expect(labels('-a')).toEqual(['-author:', '-assignee:']);
    expect(labels('')).toEqual([]);
    expect(labels('', 0, true)).toHaveLength(8);
  });

  it('suggests the repository’s labels, quoted where needed, and the people seen', () => {
    expect(suggest('label:go', 8, source).map((s) => s.replace.text)).toEqual(['label:"good first issue" ']);
    expect(labels('author:al')).toEqual(['author:alice', 'author:albert']);
  });

  it('suggests the values of is:, no: and sort:', () => {
    expect(labels('is:')).toEqual(['is:open', 'is:closed', 'is:issue', 'is:pr']);
    expect(labels('no:m')).toEqual(['no:milestone']);
  });

  it('replaces the whole word around the caret', () => {
    const [first] = suggest('crash lab bug', 8, source);
    expect(first?.replace).toEqual({ start: 6, end: 9, text: 'label:' });
  });
});
