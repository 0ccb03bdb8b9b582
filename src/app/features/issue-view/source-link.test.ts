import { describe, expect, it } from 'vitest';
import { sourceLink } from './source-link';

const APP = 'http://localhost:5173';

describe('sourceLink', () => {
  it('opens an issue from GitHub on GitHub', () => {
    expect(sourceLink('https://github.com/acme/rocket/issues/12', APP)).toEqual({ href: 'https://github.com/acme/rocket/issues/12', label: 'Open on GitHub' });
  });

  it('names another service by its host', () => {
    expect(sourceLink('https://issues.example.org:8443/acme/rocket/issues/12', APP)).toEqual({
      href: 'https://issues.example.org:8443/acme/rocket/issues/12',
      label: 'Open on issues.example.org:8443',
    });
  });

  it('offers nothing when the issue’s page is this app’s own (it would open the page itself)', () => {
    expect(sourceLink(`${APP}/acme/rocket/issues/12`, APP)).toBeNull();
  });

  it.each([null, undefined, '', 'not a url', 'javascript:alert(1)'])('offers nothing for %j', (htmlUrl) => {
    expect(sourceLink(htmlUrl, APP)).toBeNull();
  });
});
