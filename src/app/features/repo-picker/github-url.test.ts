import { describe, expect, it } from 'vitest';
import { translateIssueSearch, translateRepoInput } from './github-url';
import { hasSearchQualifiers } from './search-qualifiers';

function pathOf(input: string): string {
  const result = translateRepoInput(input);
  if (!result.ok) throw new Error(result.message);
  return decodeURIComponent(result.path);
}

describe('the github.com URL translator', () => {
  it('opens owner/repo as its issue list', () => {
    expect(pathOf('acme/rocket')).toBe('/acme/rocket/issues');
    expect(pathOf('  acme/rocket.git ')).toBe('/acme/rocket/issues');
  });

  it('opens owner/repo#12 as that issue', () => {
    expect(pathOf('acme/rocket#12')).toBe('/acme/rocket/issues/12');
  });

  it('maps a repository URL, with or without the scheme, and a git remote', () => {
    expect(pathOf('https://github.com/acme/rocket')).toBe('/acme/rocket/issues');
    expect(pathOf('github.com/acme/rocket/tree/main/src')).toBe('/acme/rocket/issues');
    expect(pathOf('git@github.com:acme/rocket.git')).toBe('/acme/rocket/issues');
  });

  it('maps the issues page to open issues, as github.com shows them', () => {
    expect(pathOf('https://github.com/acme/rocket/issues')).toBe('/acme/rocket/issues?type=issue');
  });

  it('maps the pulls page to open pull requests', () => {
    expect(pathOf('https://github.com/acme/rocket/pulls')).toBe('/acme/rocket/issues?type=pr');
  });

  it('maps one issue or pull request, keeping a link to one of its comments', () => {
    expect(pathOf('https://github.com/acme/rocket/issues/12')).toBe('/acme/rocket/issues/12');
    expect(pathOf('https://github.com/acme/rocket/issues/12#issuecomment-99')).toBe('/acme/rocket/issues/12#issuecomment-99');
    expect(pathOf('https://github.com/acme/rocket/pull/7#issuecomment-1234567890')).toBe('/acme/rocket/issues/7#issuecomment-1234567890');
    expect(pathOf('https://github.com/acme/rocket/pull/7/files')).toBe('/acme/rocket/issues/7');
    // Other anchors name nothing here.
    expect(pathOf('https://github.com/acme/rocket/pull/7/files#diff-2f5a')).toBe('/acme/rocket/issues/7');
    expect(pathOf('https://github.com/acme/rocket/issues/12#issuecomment-x')).toBe('/acme/rocket/issues/12');
  });

  it('translates the search of the brief’s example URL', () => {
    expect(pathOf('https://github.com/acme/rocket/issues?q=is%3Aissue+is%3Aclosed+label%3Abug')).toBe(
      '/acme/rocket/issues?state=closed&type=issue&labels=bug',
    );
  });

  it('maps API URLs and this app’s own URLs, keeping their parameters', () => {
    expect(pathOf('https://api.github.com/repos/acme/rocket/issues?state=closed&labels=bug')).toBe('/acme/rocket/issues?state=closed&labels=bug');
    expect(pathOf('https://ghe.example.com/api/v3/repos/acme/rocket/issues/5')).toBe('/acme/rocket/issues/5');
    expect(pathOf('http://localhost:8090/acme/rocket/issues?state=all&per_page=50&page=2')).toBe('/acme/rocket/issues?state=all&per_page=50&page=2');
  });

  it('maps a label page to a label filter', () => {
    expect(pathOf('https://github.com/acme/rocket/labels/good%20first%20issue')).toBe('/acme/rocket/issues?labels=good+first+issue');
  });

  it('refuses what names no repository, saying what to type', () => {
    for (const input of ['', 'rocket', 'https://github.com/acme', 'ftp://github.com/acme/rocket', 'acme/..']) {
      const result = translateRepoInput(input);
      expect(result.ok, input).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/owner\/name/);
    }
  });
});

describe('the GitHub search translator', () => {
  const params = (q: string, base: 'issues' | 'pulls' = 'issues') => Object.fromEntries(translateIssueSearch(q, base).params);

  it('reads state and type qualifiers', () => {
    expect(params('is:issue is:open')).toEqual({ type: 'issue' });
    expect(params('is:pr is:closed')).toEqual({ state: 'closed', type: 'pr' });
    expect(params('state:closed type:issue')).toEqual({ state: 'closed', type: 'issue' });
  });

  it('shows both states when a search names neither, as github.com does', () => {
    expect(params('label:bug')).toEqual({ state: 'all', labels: 'bug' });
  });

  it('reads labels (quoted too), people and milestones', () => {
    expect(params('is:open label:bug label:"good first issue" author:alice assignee:bob mentions:carol no:milestone')).toEqual({
      labels: 'bug,good first issue',
      creator: 'alice',
      assignee: 'bob',
      mentioned: 'carol',
      milestone: 'none',
    });
    expect(params('is:open no:assignee')).toEqual({ assignee: 'none' });
  });

  it('reads sort qualifiers', () => {
    expect(params('is:open sort:created-asc')).toEqual({ sort: 'created', direction: 'asc' });
    expect(params('is:open sort:updated-desc')).toEqual({ sort: 'updated', direction: 'desc' });
    expect(params('is:open sort:comments')).toEqual({ sort: 'comments', direction: 'desc' });
    expect(params('is:open sort:created-desc')).toEqual({});
  });

  it('reads an updated date as since', () => {
    expect(params('is:open updated:>=2024-05-01')).toEqual({ since: '2024-05-01' });
    expect(params('is:open updated:>2024-05-01')).toEqual({ since: '2024-05-02' });
  });

  it('keeps the remaining words as the text filter', () => {
    expect(params('is:open crash on "launch pad" in:title repo:acme/rocket')).toEqual({ q: 'crash on launch pad' });
  });

  it('reports what the API cannot express instead of dropping it silently', () => {
    const { params: p, ignored } = translateIssueSearch('is:open -label:wontfix label:a,b milestone:"v1.0" sort:reactions-+1-desc no:label');
    expect(Object.fromEntries(p)).toEqual({});
    expect(ignored).toEqual(['-label:wontfix', 'label:a,b', 'milestone:"v1.0"', 'sort:reactions-+1-desc', 'no:label']);
  });

  it('shows closed pull requests for is:merged, and says merged cannot be told apart', () => {
    const { params: p, ignored } = translateIssueSearch('is:merged');
    expect(Object.fromEntries(p)).toEqual({ state: 'closed', type: 'pr' });
    expect(ignored).toEqual(['is:merged']);
  });

  it('keeps pulls pages on pull requests', () => {
    expect(params('is:closed', 'pulls')).toEqual({ state: 'closed', type: 'pr' });
  });

  it('tells a GitHub search from plain words', () => {
    expect(hasSearchQualifiers('is:closed label:bug')).toBe(true);
    expect(hasSearchQualifiers('crash on launch')).toBe(false);
    expect(hasSearchQualifiers(null)).toBe(false);
  });
});
