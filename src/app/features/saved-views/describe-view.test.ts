import { describe, expect, it } from 'vitest';
import { describeView } from './describe-view';

describe('describeView', () => {
  it('reads a view’s query: its state, type, labels, people and sort', () => {
    expect(describeView(`?q=${encodeURIComponent('is:issue is:open label:bug sort:comments-desc')}`)).toBe('open, issues, labelled bug, most commented first');
    expect(describeView(`?q=${encodeURIComponent('is:open sort:reactions-heart-asc')}`)).toBe('open, issues and pull requests, fewest heart reactions first');
    expect(describeView(`?q=${encodeURIComponent('is:closed sort:interactions')}`)).toBe('closed, issues and pull requests, most interactions first');
    expect(describeView(`?q=${encodeURIComponent('is:pr is:closed author:alice assignee:bob')}`)).toBe('closed, pull requests, by alice, assigned to bob');
  });

  it('says "open and closed" for a query without a state, and reads no `q` as the list’s default, open issues', () => {
    expect(describeView(`?q=${encodeURIComponent('is:issue')}`)).toBe('open and closed, issues');
    expect(describeView('')).toBe('open, issues');
  });

  it('shows the query itself when it says more than the words above', () => {
    expect(describeView(`?q=${encodeURIComponent('is:open crash -label:wontfix')}`)).toBe('open, issues and pull requests, matching “is:open crash -label:wontfix”');
  });

  it('reads the app’s old parameters as the query they stand for', () => {
    expect(describeView('?state=closed&labels=bug&type=issue&sort=comments&direction=desc')).toBe('closed, issues, labelled bug, most commented first');
  });
});
