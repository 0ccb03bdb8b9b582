import { describe, expect, it } from 'vitest';
import { rendersFirstView } from './first-view-addresses';

describe('the addresses the service renders (issue 48)', () => {
  it('the plain list and an issue', () => {
    expect(rendersFirstView('/acme/rocket/issues', '')).toBe(true);
    expect(rendersFirstView('/acme/rocket/issues/12', '')).toBe(true);
    expect(rendersFirstView('/My-Org/some_repo.js/issues/1', '')).toBe(true);
    // The largest number the app's route takes: ten digits.
    expect(rendersFirstView('/acme/rocket/issues/9999999999', '')).toBe(true);
  });

  it('an empty query string is none', () => {
    expect(rendersFirstView('/acme/rocket/issues/12', '?')).toBe(true);
  });

  it('nothing with a query string: a filtered or paged list, or an issue with anything after `?`', () => {
    expect(rendersFirstView('/acme/rocket/issues', '?q=is%3Aclosed')).toBe(false);
    expect(rendersFirstView('/acme/rocket/issues', '?page=2')).toBe(false);
    expect(rendersFirstView('/acme/rocket/issues/12', '?x')).toBe(false);
    expect(rendersFirstView('/acme/rocket/issues/12', '?utm_source=mail')).toBe(false);
  });

  it('no number the app does not route to an issue, and no other page', () => {
    for (const path of ['/acme/rocket/issues/0', '/acme/rocket/issues/012', '/acme/rocket/issues/12345678901', '/acme/rocket/issues/12a', '/acme/rocket/issues/12/', '/acme/rocket/issues/12/extra', '/acme/rocket/pull/12', '/acme/rocket/pulls', '/acme/rocket', '/', '/settings', '/issues', '/../rocket/issues/12', '/acme/./issues/12', '/ac%20me/rocket/issues/12']) {
      expect(rendersFirstView(path, '')).toBe(false);
    }
  });
});
