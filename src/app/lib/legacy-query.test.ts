import { describe, expect, it } from 'vitest';
import { legacyQuery, rewriteLegacyParams } from './legacy-query';

describe('old list URLs as queries', () => {
  it('writes every old filter as its qualifier, the old text last', () => {
    const search = new URLSearchParams('state=closed&type=pr&labels=bug,good first issue&creator=alice&assignee=none&mentioned=bob&milestone=*&since=2024-05-01&sort=updated&direction=asc&q=crash');
    expect(legacyQuery(search)).toBe('is:closed is:pr label:bug label:"good first issue" author:alice no:assignee mentions:bob -no:milestone updated:>=2024-05-01 sort:updated-asc crash');
  });

  it('reads a missing state as open, the old default, and all as no state', () => {
    expect(legacyQuery(new URLSearchParams('labels=bug'))).toBe('is:open label:bug');
    expect(legacyQuery(new URLSearchParams('state=all'))).toBe('');
  });

  it('keeps paging and the view mode, and keeps the old default view, issues and pull requests, as its q', () => {
    expect(rewriteLegacyParams(new URLSearchParams('state=closed&per_page=50&page=2&view=continuous')).toString()).toBe('q=is%3Aclosed&per_page=50&page=2&view=continuous');
    // Without a q the list now shows open issues alone, as github.com does (issue 45).
    expect(rewriteLegacyParams(new URLSearchParams('state=open&sort=created&direction=desc')).toString()).toBe('q=is%3Aopen');
  });
});
