import { describe, expect, it } from 'vitest';
import { withQuery } from '../../lib/list-query';
import { DEFAULT_QUERY, defaultQueryWithState } from '../../../shared/default-list-query';
import { editQuery } from './query-edit';

describe('the default view’s query', () => {
  it('is github.com’s, open issues alone, and is written as no q', () => {
    expect(DEFAULT_QUERY).toBe('is:issue state:open');
    expect(withQuery(new URLSearchParams('q=crash&page=3'), 'is:issue state:open').toString()).toBe('');
    expect(withQuery(new URLSearchParams(''), 'is:open').toString()).toBe('q=is%3Aopen');
  });

  it('changes its state without the parser exactly as the state tabs do with it', () => {
    for (const value of ['open', 'closed', null] as const) {
      expect(defaultQueryWithState(value)).toBe(editQuery(DEFAULT_QUERY, { kind: 'state', value }));
    }
    expect(defaultQueryWithState('closed')).toBe('is:issue is:closed');
  });
});
