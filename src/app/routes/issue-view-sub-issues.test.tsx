// The issue view of a parent and of a sub-issue (issue 47): the Sub-issues panel with its
// progress, more sub-issues by the service's `next` link, and the link up to the parent.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Issue } from '../../shared/wire-types';
import { ok } from '../../../test-support/app/fake-api';
import { renderApp } from '../../../test-support/app/render-app';
import { FIRST_RENDER, issue } from '../../../test-support/app/issue-view-fixtures';

const API = 'http://api.test/repos/acme/rocket';
const child = (number: number, title: string, state: 'open' | 'closed'): Issue => ({
  ...issue,
  number,
  title,
  state,
  closed_at: state === 'closed' ? '2024-05-02T00:00:00Z' : null,
  url: `${API}/issues/${number}`,
  type: { id: 3, node_id: 'IT_3', name: 'Task', description: 'A specific piece of work', color: 'yellow', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', is_enabled: true },
  parent_issue_url: `${API}/issues/12`,
  sub_issues_summary: { total: 0, completed: 0, percent_completed: 0 },
});

describe('sub-issues in the issue view', () => {
  it("lists a parent's sub-issues with their progress, and loads more from the next link", async () => {
    const user = userEvent.setup();
    const page2 = `${API}/issues/12/sub_issues?per_page=30&page=2`;
    const { api } = renderApp(['/acme/rocket/issues/12'], {
      handler: (url) => {
        if (url.pathname.endsWith('/issues/12')) return ok({ ...issue, sub_issues_summary: { total: 3, completed: 1, percent_completed: 33 } });
        if (url.pathname.endsWith('/issues/12/sub_issues')) {
          return url.searchParams.get('page') === '2'
            ? ok([child(15, 'Paint the fins', 'open')])
            : ok([child(13, 'Book the pad', 'closed'), child(14, 'Fuel it', 'open')], { links: { next: page2, last: page2 } });
        }
        if (url.pathname.endsWith('/timeline')) return ok([]);
        return undefined;
      },
    });
    const panel = await screen.findByRole('region', { name: 'Sub-issues' }, FIRST_RENDER);
    expect(panel).toHaveTextContent('1 of 3');
    expect(within(panel).getByRole('progressbar', { name: 'Sub-issues completed' })).toHaveAttribute('aria-valuenow', '33');
    expect(await within(panel).findByRole('link', { name: 'Book the pad' })).toHaveAttribute('href', '/acme/rocket/issues/13');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    expect(within(panel).getAllByText('Task')).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Load more sub-issues' }));
    expect(await within(panel).findByRole('link', { name: 'Paint the fins' })).toBeInTheDocument();
    expect(api.calls).toContain(page2);
    expect(within(panel).queryByRole('button', { name: 'Load more sub-issues' })).not.toBeInTheDocument();
  });

  it('names the parent of a sub-issue and links to it, and shows no panel for an issue without sub-issues', async () => {
    const { api } = renderApp(['/acme/rocket/issues/14'], {
      handler: (url) => {
        if (url.pathname.endsWith('/issues/14')) return ok(child(14, 'Fuel it', 'open'));
        if (url.pathname.endsWith('/issues/14/parent')) return ok({ ...issue, title: 'Launch plan' });
        if (url.pathname.endsWith('/timeline')) return ok([]);
        return undefined;
      },
    });
    const up = await screen.findByRole('link', { name: /Launch plan\s*#12/ }, FIRST_RENDER);
    expect(up).toHaveAttribute('href', '/acme/rocket/issues/12');
    expect(screen.getByText('Sub-issue of')).toBeInTheDocument();
    expect(screen.getByText('Task', { selector: 'header span' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sub-issues' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.includes('/sub_issues'))).toBe(false);
  });

  it("links a sub-issue and a parent of another repository to that repository's page, naming it", async () => {
    const DOCS = 'http://api.test/repos/acme/docs';
    const elsewhere = { ...child(3, 'Write the launch guide', 'open'), url: `${DOCS}/issues/3`, repository_url: DOCS };
    renderApp(['/acme/rocket/issues/12'], {
      handler: (url) => {
        if (url.pathname.endsWith('/rocket/issues/12')) return ok({ ...issue, sub_issues_summary: { total: 2, completed: 1, percent_completed: 50 }, parent_issue_url: `${DOCS}/issues/1` });
        if (url.pathname.endsWith('/rocket/issues/12/sub_issues')) return ok([child(13, 'Book the pad', 'closed'), elsewhere]);
        if (url.pathname.endsWith('/rocket/issues/12/parent')) return ok({ ...issue, number: 1, title: 'Docs for the launch', repository_url: DOCS });
        if (url.pathname.endsWith('/timeline')) return ok([]);
        return undefined;
      },
    });
    const panel = await screen.findByRole('region', { name: 'Sub-issues' }, FIRST_RENDER);
    expect(await within(panel).findByRole('link', { name: 'Write the launch guide' })).toHaveAttribute('href', '/acme/docs/issues/3');
    expect(within(panel).getByText('acme/docs#3')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Book the pad' })).toHaveAttribute('href', '/acme/rocket/issues/13');
    expect(within(panel).getByText('#13')).toBeInTheDocument();
    const up = await screen.findByRole('link', { name: /Docs for the launch\s*acme\/docs#1/ }, FIRST_RENDER);
    expect(up).toHaveAttribute('href', '/acme/docs/issues/1');
  });
});
