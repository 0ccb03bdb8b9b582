import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeIssue, ok } from '../../../../test-support/app/fake-api';
import { renderApp } from '../../../../test-support/app/render-app';

const none = { url: '', total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };

function renderList(counts: number) {
  const issue = makeIssue(5, { title: 'Counted', comments: counts, reactions: { ...none, total_count: counts, '+1': counts } });
  renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: (url) => (url.pathname.endsWith('/issues') ? ok([issue]) : undefined) });
}

describe('an issue row’s counts', () => {
  it('names its reactions and comments to a screen reader, with the noun and its number', async () => {
    renderList(7);
    expect(await screen.findByRole('img', { name: '7 reactions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '7 comments' })).toBeInTheDocument();
  });

  it('says one comment and one reaction in the singular', async () => {
    renderList(1);
    expect(await screen.findByRole('img', { name: '1 reaction' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 comment' })).toBeInTheDocument();
  });
});
