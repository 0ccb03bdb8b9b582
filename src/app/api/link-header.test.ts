import { describe, expect, it } from 'vitest';
import { pageNumberOf, parseLinkHeader } from './link-header';

const API = 'https://api.github.com';

describe('parseLinkHeader', () => {
  it("reads every rel in GitHub's order (prev, next, last, first)", () => {
    const header =
      `<${API}/repositories/1300192/issues?page=2>; rel="prev", ` +
      `<${API}/repositories/1300192/issues?page=4>; rel="next", ` +
      `<${API}/repositories/1300192/issues?page=515>; rel="last", ` +
      `<${API}/repositories/1300192/issues?page=1>; rel="first"`;
    expect(parseLinkHeader(header)).toEqual({
      prev: `${API}/repositories/1300192/issues?page=2`,
      next: `${API}/repositories/1300192/issues?page=4`,
      last: `${API}/repositories/1300192/issues?page=515`,
      first: `${API}/repositories/1300192/issues?page=1`,
    });
  });

  it('keeps the other query values of a rel (state, per_page) untouched', () => {
    const next = `${API}/repos/o/r/issues?state=all&per_page=100&page=2`;
    expect(parseLinkHeader(`<${next}>; rel="next"`)).toEqual({ next });
  });

  it('on the first page there is no prev or first', () => {
    const links = parseLinkHeader(`<${API}/r/issues?page=2>; rel="next", <${API}/r/issues?page=9>; rel="last"`);
    expect(links).toEqual({ next: `${API}/r/issues?page=2`, last: `${API}/r/issues?page=9` });
  });

  it('a missing or empty header is a single page (spec 4.2.1)', () => {
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
  });

  it('a malformed header gives no rels instead of throwing', () => {
    expect(parseLinkHeader('garbage; rel=next')).toEqual({});
    expect(parseLinkHeader('<https://x.test/?page=2; rel="next"')).toEqual({});
  });

  it('ignores rels other than the four of spec 4.2, and unquoted rels work', () => {
    expect(parseLinkHeader('<https://x.test/a>; rel="alternate", <https://x.test/?page=2>; rel=next')).toEqual({
      next: 'https://x.test/?page=2',
    });
  });

  it('a link may carry several rels, quoted commas and other params; rel names ignore case (RFC 8288 3.3)', () => {
    expect(parseLinkHeader('<https://x.test/?page=2>; rel="next last"; title="a, b", <https://x.test/?page=1>; REL=Prev')).toEqual({
      next: 'https://x.test/?page=2',
      last: 'https://x.test/?page=2',
      prev: 'https://x.test/?page=1',
    });
  });

  it('the first link of a rel wins and only the first rel param of a link counts', () => {
    expect(parseLinkHeader('<https://x.test/a>; rel="next"; rel="prev", <https://x.test/b>; rel="next"')).toEqual({
      next: 'https://x.test/a',
    });
  });

  it('trailing text that is not a link param makes the header malformed', () => {
    expect(parseLinkHeader('<https://x.test/?page=2>; rel="next" junk')).toEqual({});
  });

  it('a relative /repositories/{id}/issues?page=2 URL stays as sent, or is resolved against a base', () => {
    const header = '</repositories/123/issues?page=2>; rel="next", </repositories/123/issues?page=5>; rel="last"';
    expect(parseLinkHeader(header)).toEqual({
      next: '/repositories/123/issues?page=2',
      last: '/repositories/123/issues?page=5',
    });
    expect(parseLinkHeader(header, 'http://host:8080/api/repos/o/r/issues')).toEqual({
      next: 'http://host:8080/repositories/123/issues?page=2',
      last: 'http://host:8080/repositories/123/issues?page=5',
    });
  });
});

describe('pageNumberOf', () => {
  it('reads the page of an absolute or relative rel URL', () => {
    expect(pageNumberOf(`${API}/repositories/123/issues?page=2`)).toBe(2);
    expect(pageNumberOf('/repositories/123/issues?per_page=100&page=17&state=all')).toBe(17);
  });

  it('is null without a usable page', () => {
    expect(pageNumberOf(undefined)).toBeNull();
    expect(pageNumberOf('')).toBeNull();
    expect(pageNumberOf(`${API}/repos/o/r/issues`)).toBeNull();
    expect(pageNumberOf(`${API}/repos/o/r/issues?page=abc`)).toBeNull();
    expect(pageNumberOf(`${API}/repos/o/r/issues?page=0`)).toBeNull();
  });
});
