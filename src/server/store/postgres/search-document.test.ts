import { describe, expect, it } from 'vitest';
import { searchDocument } from './search-document';

describe('searchDocument', () => {
  it('weights each word by its field (A title, B body, C comments), with a gap between fields', () => {
    expect(searchDocument({ title: 'Rocket launch', body: 'The rocket', comments: 'Launch!' })).toBe("'rocket':1A,5B 'launch':2A,7C 'the':4B");
  });

  it('holds the shared tokens: no case, no diacritics, split at anything but letters and digits', () => {
    expect(searchDocument({ title: 'Crème-Brûlée v1.2', body: 'a@b.com', comments: '' })).toBe("'creme':1A 'brulee':2A 'v1':3A '2':4A 'a':6B 'b':7B 'com':8B");
  });

  it('is empty for an issue without words', () => {
    expect(searchDocument({ title: '--', body: '', comments: '' })).toBe('');
  });
});
