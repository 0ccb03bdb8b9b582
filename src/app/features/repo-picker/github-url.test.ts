import { describe, expect, it } from 'vitest';
import { translateRepoInput } from './github-url';

function pathOf(input: string): string {
  const result = translateRepoInput(input);
  if (!result.ok) throw new Error(result.message);
  return result.path;
}

/** The `q` of the app URL the input opens. */
function queryOf(input: string): string | null {
  return new URL(pathOf(input), 'http://app.test').searchParams.get('q');
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

  it('maps the issues page to the list, and the pulls page to open pull requests', () => {
    expect(pathOf('https://github.com/acme/rocket/issues')).toBe('/acme/rocket/issues');
    expect(queryOf('https://github.com/acme/rocket/pulls')).toBe('is:pr is:open');
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

  it('carries a github.com search over unchanged, as github.com writes it', () => {
    expect(pathOf('https://github.com/acme/rocket/issues?q=is%3Aissue+is%3Aopen+label%3Abug+crash')).toBe('/acme/rocket/issues?q=is%3Aissue+is%3Aopen+label%3Abug+crash');
    for (const q of ['is:open windows', '"blue screen" -label:wontfix', 'label:bug OR (is:pr author:alice)', 'reason:completed is:nonsense']) {
      expect(queryOf(`https://github.com/acme/rocket/issues?q=${encodeURIComponent(q)}`)).toBe(q);
      expect(queryOf(`https://github.com/acme/rocket/pulls?q=${encodeURIComponent(q)}`)).toBe(q);
    }
  });

  it('maps API URLs and this app’s own URLs, their old parameters written as the query', () => {
    expect(queryOf('https://api.github.com/repos/acme/rocket/issues?state=closed&labels=bug')).toBe('is:closed label:bug');
    expect(pathOf('https://ghe.example.com/api/v3/repos/acme/rocket/issues/5')).toBe('/acme/rocket/issues/5');
    expect(pathOf('http://localhost:8090/acme/rocket/issues?state=all&per_page=50&page=2')).toBe('/acme/rocket/issues?q=&per_page=50&page=2');
    expect(queryOf('https://github.com/acme/rocket/pulls?state=closed')).toBe('is:closed is:pr');
  });

  it('maps a label page to its open issues with that label', () => {
    expect(queryOf('https://github.com/acme/rocket/labels/good%20first%20issue')).toBe('is:open label:"good first issue"');
  });

  it('refuses what names no repository, saying what to type', () => {
    for (const input of ['', 'rocket', 'https://github.com/acme', 'ftp://github.com/acme/rocket', 'acme/..']) {
      const result = translateRepoInput(input);
      expect(result.ok, input).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/owner\/name/);
    }
  });

  it('refuses a URL of another code host, naming it, rather than opening a repository of the same name', () => {
    for (const [input, host] of [
      ['https://gitlab.com/acme/rocket/-/issues/12', 'gitlab.com'],
      ['gitlab.com/acme/rocket', 'gitlab.com'],
      ['https://www.bitbucket.org/acme/rocket/issues', 'www.bitbucket.org'],
      ['https://codeberg.org/acme/rocket/issues/3', 'codeberg.org'],
      ['git@gitlab.com:acme/rocket.git', 'gitlab.com'],
      ['https://git.example.com/acme/rocket/-/issues', 'git.example.com'],
    ]) {
      const result = translateRepoInput(input!);
      expect(result, input).toEqual({ ok: false, message: `${host} is not GitHub: Issuescope opens repositories of GitHub, GitHub Enterprise Server or a service that speaks GitHub's API. Enter a repository as owner/name (for example acme/rocket), or paste a GitHub URL.` });
    }
  });
});
