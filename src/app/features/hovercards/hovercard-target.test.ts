import { describe, expect, it } from 'vitest';
import { hovercardTarget } from './hovercard-target';

const ORIGIN = 'http://127.0.0.1:8080';

describe('hovercardTarget', () => {
  it("shows an issue's card for #123 and owner/repo#123 leading into this app", () => {
    expect(hovercardTarget('/acme/rocket/issues/12', '#12', ORIGIN)).toEqual({ kind: 'issue', owner: 'acme', repo: 'rocket', number: 12 });
    expect(hovercardTarget(`${ORIGIN}/acme/widgets/issues/3`, 'acme/widgets#3', ORIGIN)).toEqual({ kind: 'issue', owner: 'acme', repo: 'widgets', number: 3 });
  });

  it("shows a person's card for @login, wherever its link leads", () => {
    expect(hovercardTarget('/acme/rocket/issues?q=author%3Amona', '@mona', ORIGIN)).toEqual({ kind: 'user', login: 'mona' });
  });

  it('shows the card a timeline link is marked with: a person by login, an issue by its address', () => {
    expect(hovercardTarget('/acme/rocket/issues?q=author%3Amona', 'mona', ORIGIN, { login: 'mona' })).toEqual({ kind: 'user', login: 'mona' });
    expect(hovercardTarget('/acme/rocket/issues?q=author%3Adependabot', 'dependabot[bot]', ORIGIN, { login: 'dependabot[bot]' })).toEqual({ kind: 'user', login: 'dependabot[bot]' });
    expect(hovercardTarget('/acme/rocket/issues/7', '#7 Crash on start', ORIGIN, { issue: true })).toEqual({ kind: 'issue', owner: 'acme', repo: 'rocket', number: 7 });
    expect(hovercardTarget('/acme/rocket/issues/7', '#7 Crash on start', ORIGIN)).toBeNull();
  });

  it('leaves other links alone: other text, other sites, other paths', () => {
    expect(hovercardTarget('/acme/rocket/issues/12', 'the crash', ORIGIN)).toBeNull();
    expect(hovercardTarget('https://github.com/acme/rocket/issues/12', '#12', ORIGIN)).toBeNull();
    expect(hovercardTarget('/acme/rocket/issues/12#issuecomment-4', '#12', ORIGIN)).toEqual({ kind: 'issue', owner: 'acme', repo: 'rocket', number: 12 });
    expect(hovercardTarget('/acme/rocket/pulls', '#12', ORIGIN)).toBeNull();
    expect(hovercardTarget('/x', '@not a login', ORIGIN)).toBeNull();
  });
});
