import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../../shared/search-query';
import { searchRequestOf, splitScopes } from './search-scope';

/** What the app sends for a query typed in acme/rocket's list. */
const sent = (q: string): string => `repo:acme/rocket ${searchRequestOf(q).text}`;

describe('scope qualifiers typed into an advanced query', () => {
  it('keeps repo:, org: and user: outside the group the app adds, so GitHub reads them as the scope', () => {
    expect(sent('repo:acme/widgets bug OR crash')).toBe('repo:acme/rocket repo:acme/widgets (bug OR crash)');
    expect(sent('bug OR crash org:acme')).toBe('repo:acme/rocket org:acme (bug OR crash)');
    expect(sent('user:nebula -repo:nebula/docs label:bug OR label:ui')).toBe('repo:acme/rocket user:nebula -repo:nebula/docs (label:bug OR label:ui)');
  });

  it('sends a request the advanced search accepts, where wrapping the typed query whole is refused', () => {
    const q = 'repo:acme/widgets bug OR crash';
    expect(parseSearchQuery(`repo:acme/rocket (${q})`, { advanced: true }).ok).toBe(false);
    expect(parseSearchQuery(sent(q), { advanced: true }).ok).toBe(true);
  });

  it('drops an AND or OR left joining nothing once the scopes are out', () => {
    expect(splitScopes('repo:a/b OR repo:c/d crash')).toEqual({ scopes: ['repo:a/b', 'repo:c/d'], rest: 'crash' });
    expect(splitScopes('crash OR repo:a/b')).toEqual({ scopes: ['repo:a/b'], rest: 'crash' });
    expect(sent('repo:a/b OR repo:c/d')).toBe('repo:acme/rocket repo:a/b repo:c/d');
  });

  it('leaves the person’s own parentheses, and what is inside them, as typed', () => {
    // The service refuses repo: inside parentheses the person wrote, as GitHub does, and says so.
    expect(sent('(repo:a/b OR crash)')).toBe('repo:acme/rocket ((repo:a/b OR crash))');
    expect(sent('(bug OR crash) "blue  screen"')).toBe('repo:acme/rocket ((bug OR crash) "blue  screen")');
  });

  it('sends a query without advanced syntax as typed', () => {
    expect(searchRequestOf('repo:acme/widgets crash')).toEqual({ advanced: false, text: 'repo:acme/widgets crash' });
  });
});
