import { describe, expect, it } from 'vitest';
import { routeQuery } from './query-route';

const list = (q: string) => {
  const route = routeQuery(q);
  if (route.kind !== 'list') throw new Error(`${q} went to search`);
  return route.filters;
};

describe('which endpoint answers a query', () => {
  it('sends state, labels (all of them), people, sort and no:assignee to the list endpoint', () => {
    expect(list('is:closed label:bug label:"good first issue" author:alice assignee:bob mentions:carol sort:updated-asc no:milestone')).toEqual({
      state: 'closed',
      labels: ['bug', 'good first issue'],
      creator: 'alice',
      assignee: 'bob',
      mentioned: 'carol',
      sort: 'updated',
      direction: 'asc',
      since: null,
      milestone: 'none',
    });
  });

  it('shows both states for a query that names neither, as github.com does', () => {
    expect(list('label:bug').state).toBe('all');
    expect(list('').state).toBe('all');
  });

  it('reads -no:assignee as any assignee and updated:>= as since', () => {
    expect(list('-no:assignee').assignee).toBe('*');
    expect(list('updated:>=2024-05-01').since).toBe('2024-05-01T00:00:00Z');
  });

  it('asks the list endpoint for a milestone only where its number is known', () => {
    expect(routeQuery('milestone:v1').kind).toBe('search');
    const route = routeQuery('milestone:v1', (title) => (title === 'v1' ? 4 : null));
    expect(route).toMatchObject({ kind: 'list', filters: { milestone: '4' } });
  });

  it.each([
    'windows',
    'is:open windows',
    '"launch pad"',
    'is:issue',
    'is:pr is:open',
    '-label:bug',
    'no:label',
    'comments:>10',
    'created:2024-01-01..2024-03-31',
    'label:bug,ui',
    'in:title crash',
    'commenter:alice',
    'involves:bob',
    'author:@me',
    'assignee:none',
    'is:open is:closed',
    'author:a author:b',
    'is:nonsense',
    'foo:bar',
    'sort:reactions',
    'label:bug sort:interactions-asc',
    'is:locked',
    'reason:completed',
  ])('sends %j to search', (q) => {
    expect(routeQuery(q)).toEqual({ kind: 'search', advanced: false, text: q });
  });

  it('marks queries with AND, OR or parentheses as advanced', () => {
    expect(routeQuery('label:bug OR label:ui')).toEqual({ kind: 'search', advanced: true, text: '(label:bug OR label:ui)' });
    expect(routeQuery('(crash)')).toEqual({ kind: 'search', advanced: true, text: '((crash))' });
  });
});
