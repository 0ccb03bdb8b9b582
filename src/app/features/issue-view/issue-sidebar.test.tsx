import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Milestone } from '../../../shared/wire-types';
import { makeIssue, makeLabel, makeUser } from '../../../../test-support/app/fake-api';
import { IssueSidebar } from './issue-sidebar';

function makeMilestone(number: number, title: string): Milestone {
  return {
    url: '',
    html_url: '',
    id: 500 + number,
    node_id: `M_${number}`,
    number,
    title,
    description: null,
    state: 'open',
    open_issues: 3,
    closed_issues: 1,
    created_at: '2024-04-01T00:00:00Z',
    updated_at: '2024-05-01T00:00:00Z',
    closed_at: null,
    due_on: null,
    creator: null,
  };
}

function renderSidebar(overrides: Parameters<typeof makeIssue>[1]) {
  render(
    <MemoryRouter>
      <IssueSidebar issue={makeIssue(12, overrides)} owner="acme" repo="rocket" pageOrigin={window.location.origin} />
    </MemoryRouter>,
  );
  return screen.getByRole('complementary', { name: 'Details' });
}

describe('the issue sidebar', () => {
  it('links assignees, labels and the milestone to the list filtered by them, as a query in q', () => {
    const details = renderSidebar({
      assignees: [makeUser('carol'), makeUser('dependabot[bot]')],
      labels: [makeLabel('bug', 'd73a4a'), makeLabel('good first issue', '7057ff')],
      milestone: makeMilestone(3, 'Q3 launch'),
    });
    // An assignee or the milestone: every state, as the old `state=all` links showed.
    expect(within(details).getByRole('link', { name: 'carol' })).toHaveAttribute('href', '/acme/rocket/issues?q=assignee%3Acarol');
    expect(within(details).getByRole('link', { name: 'dependabot[bot]' })).toHaveAttribute('href', '/acme/rocket/issues?q=assignee%3Adependabot%5Bbot%5D');
    // A label: its open entries, as github.com's sidebar links one.
    expect(within(details).getByRole('link', { name: 'bug' })).toHaveAttribute('href', '/acme/rocket/issues?q=is%3Aopen+label%3Abug');
    expect(within(details).getByRole('link', { name: 'good first issue' })).toHaveAttribute('href', '/acme/rocket/issues?q=is%3Aopen+label%3A%22good+first+issue%22');
    // By title, which the query names (the old link carried the milestone's number).
    expect(within(details).getByRole('link', { name: 'Q3 launch' })).toHaveAttribute('href', '/acme/rocket/issues?q=milestone%3A%22Q3+launch%22');
  });

  it('keeps a quote in a milestone title as part of the title', () => {
    const details = renderSidebar({ milestone: makeMilestone(4, '5"x7"') });
    expect(within(details).getByRole('link', { name: '5"x7"' })).toHaveAttribute('href', '/acme/rocket/issues?q=milestone%3A5%22x7%22');
  });
});
