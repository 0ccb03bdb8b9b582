import { describe, expect, it } from 'vitest';
import { builtInViewOf, MY_ISSUES_VIEWS, myIssuesRequestPath, myIssuesViewPath, readMyIssuesAddress, repositoryOfIssue } from './my-issues-views';

const query = (path: string) => new URL(path, 'http://x.invalid').searchParams;

describe('the views of /issues', () => {
  it('asks the search endpoint for open issues with @me, most recently updated first, in every repository', () => {
    expect(MY_ISSUES_VIEWS.map((view) => [view.name, view.q])).toEqual([
      ['Assigned to you', 'is:issue state:open archived:false assignee:@me sort:updated-desc'],
      ['Created by you', 'is:issue state:open archived:false author:@me sort:updated-desc'],
      ['Mentioning you', 'is:issue state:open archived:false mentions:@me sort:updated-desc'],
      ['Recent activity', 'is:issue state:open archived:false involves:@me sort:updated-desc'],
    ]);
    const path = myIssuesRequestPath(readMyIssuesAddress(new URLSearchParams()));
    expect(path.startsWith('/search/issues?')).toBe(true);
    expect(query(path).get('q')).toBe('is:issue state:open archived:false assignee:@me sort:updated-desc');
    expect(query(path).get('q')).not.toContain('repo:');
    expect([query(path).get('per_page'), query(path).get('page')]).toEqual(['30', '1']);
  });

  it('opens on Assigned to you without a q, and keeps any other view in the address', () => {
    expect(myIssuesViewPath(MY_ISSUES_VIEWS[0]!)).toBe('/issues');
    const created = myIssuesViewPath(MY_ISSUES_VIEWS[1]!);
    expect(readMyIssuesAddress(query(created)).q).toBe(MY_ISSUES_VIEWS[1]!.q);
  });

  it('takes a query of the reader’s own as it is, with its page, and the advanced syntax when it uses OR', () => {
    const address = readMyIssuesAddress(new URLSearchParams({ q: 'author:@me OR assignee:@me', page: '3', per_page: '10' }));
    const path = query(myIssuesRequestPath(address));
    expect([path.get('q'), path.get('page'), path.get('per_page'), path.get('advanced_search')]).toEqual(['author:@me OR assignee:@me', '3', '10', 'true']);
    expect(builtInViewOf(address.q)).toBeNull();
    expect(builtInViewOf(`  ${MY_ISSUES_VIEWS[2]!.q.replaceAll(' ', '  ')} `)?.name).toBe('Mentioning you');
  });

  it('reads an issue’s repository from its repository_url', () => {
    expect(repositoryOfIssue({ repository_url: 'http://127.0.0.1:8080/api/repos/acme/rocket' })).toEqual({ owner: 'acme', repo: 'rocket' });
    expect(repositoryOfIssue({ repository_url: 'https://ghe.example/api/v3/repos/o/r.js' })).toEqual({ owner: 'o', repo: 'r.js' });
    expect(repositoryOfIssue({ repository_url: 'not a url' })).toBeNull();
  });
});
