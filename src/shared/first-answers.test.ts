import { describe, expect, it } from 'vitest';
import { firstAnswerPaths } from './first-answers';

describe('the first API answers of an app page (issue 48)', () => {
  it('the plain list asks for its repository and the default view\'s first page', () => {
    expect(firstAnswerPaths('/acme/rocket/issues', '')).toEqual([
      '/repos/acme/rocket',
      '/search/issues?q=repo%3Aacme%2Frocket+is%3Aissue+state%3Aopen&per_page=30&page=1',
      '/search/issues?q=repo%3Aacme%2Frocket+is%3Aissue+is%3Aclosed&per_page=1&page=1',
    ]);
  });

  it('names with dots, dashes and underscores are kept as written', () => {
    expect(firstAnswerPaths('/My-Org/some_repo.js/issues', '')[0]).toBe('/repos/My-Org/some_repo.js');
  });

  it('an issue names none: preloading its answers made its start slower (docs/performance-log.md)', () => {
    expect(firstAnswerPaths('/acme/rocket/issues/2224', '')).toEqual([]);
  });

  it('a query string changes the first request, so none is known', () => {
    expect(firstAnswerPaths('/acme/rocket/issues', '?q=is%3Aclosed')).toEqual([]);
    expect(firstAnswerPaths('/acme/rocket/issues', '?page=2')).toEqual([]);
  });

  it('other pages, odd names and odd numbers name none', () => {
    for (const path of ['/', '/settings', '/acme/rocket', '/acme/rocket/pulls', '/acme/rocket/issues/', '/acme/rocket/issues/0', '/acme/rocket/issues/12a', '/../rocket/issues', '/acme/./issues', '/ac%20me/rocket/issues', '/acme/rocket/issues/2224/extra']) {
      expect(firstAnswerPaths(path, '')).toEqual([]);
    }
  });
});
