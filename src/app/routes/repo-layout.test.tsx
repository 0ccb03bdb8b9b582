import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeIssue, makeRepository, ok, TEST_BASE_URL } from '../../../test-support/app/fake-api';
import { commentEvent } from '../../../test-support/app/fake-timeline';
import { renderApp } from '../../../test-support/app/render-app';

const LONG = `Ship to every region with one command. ${'It also does a great many other things worth a sentence each. '.repeat(4)}`;

describe('the repository heading', () => {
  it('shows the visibility, the count and the description once the repository answers, the whole description in its title', async () => {
    renderApp(['/acme/rocket/issues'], {
      handler: (url) => (url.pathname.endsWith('/repos/acme/rocket') ? ok({ ...makeRepository('acme', 'rocket'), description: LONG, open_issues_count: 1605 }) : undefined),
    });
    expect(await screen.findByText('1,605 open issues and pull requests')).toBeInTheDocument();
    expect(screen.getByText('Public')).toBeInTheDocument();
    const description = screen.getByText(LONG.trim());
    // Cut to its reserved lines on screen; nothing lost for a pointer or a screen reader.
    expect(description).toHaveAttribute('title', LONG);
  });

  it('keeps the heading readable while the repository has not answered', async () => {
    renderApp(['/acme/rocket/issues'], {
      handler: (url) => (url.pathname.endsWith('/repos/acme/rocket') ? new Promise<never>(() => {}) : undefined),
    });
    expect(await screen.findByRole('heading', { level: 1, name: /acme\s*\/\s*rocket/ })).toBeInTheDocument();
    expect(screen.queryByText('Public')).not.toBeInTheDocument();
    expect(screen.queryByText(/open issues and pull requests/)).not.toBeInTheDocument();
  });
});

describe('a renamed repository', () => {
  const launchpadIssues = [makeIssue(3, { title: 'Countdown clock drifts', repository_url: `${TEST_BASE_URL}/repos/acme/launchpad` })];
  const later = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  it.each([
    ['the repository answers first', 0, 50],
    ['the list answers first', 50, 0],
  ])('lands on the new name with what the old name’s answers brought, asking nothing again (%s)', async (_, repoDelayMs, listDelayMs) => {
    const { api, router } = renderApp(['/acme/launch-pad/issues?q=is%3Aopen+label%3Abug'], {
      handler: (url) => {
        if (url.pathname.endsWith('/repos/acme/launch-pad')) return later(ok(makeRepository('acme', 'launchpad'), { movedTo: 'acme/launchpad' }), repoDelayMs);
        if (url.pathname.endsWith('/repos/acme/launch-pad/issues')) return later(ok(launchpadIssues, { movedTo: 'acme/launchpad' }), listDelayMs);
        return undefined;
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/launchpad/issues'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('is:open label:bug');
    // The address changes before the new name's page renders: wait for its rows, not the old name's.
    await waitFor(() => expect(screen.getByText(/was renamed to/)).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Countdown clock drifts' })).toBeInTheDocument());
    expect(screen.getByText(/was renamed to/)).toHaveTextContent('acme/launch-pad was renamed to acme/launchpad.');
    expect(screen.getByRole('heading', { level: 1, name: /acme\s*\/\s*launchpad/ })).toBeInTheDocument();
    // One request for the repository and one for the list, both under the old name: the 301s answered for the new one.
    const repoCalls = api.calls.filter((u) => new URL(u).pathname.includes('/repos/'));
    expect(repoCalls.map((u) => new URL(u).pathname)).toEqual(expect.arrayContaining(['/api/repos/acme/launch-pad', '/api/repos/acme/launch-pad/issues']));
    expect(repoCalls.filter((u) => u.includes('/repos/acme/launchpad'))).toEqual([]);
    expect(repoCalls).toHaveLength(2);
  });

  it.each([
    ['the timeline answers last', 0, 50],
    ['the issue answers last', 50, 0],
  ])('lands an issue’s old address on the new name with its history, asking nothing again (%s)', async (_, issueDelayMs, timelineDelayMs) => {
    const moved = { movedTo: 'acme/launchpad' };
    const { api, router } = renderApp(['/acme/launch-pad/issues/3'], {
      handler: (url) => {
        if (url.pathname.endsWith('/repos/acme/launch-pad')) return ok(makeRepository('acme', 'launchpad'), moved);
        if (url.pathname.endsWith('/repos/acme/launch-pad/issues/3')) return later(ok(launchpadIssues[0], moved), issueDelayMs);
        if (url.pathname.endsWith('/repos/acme/launch-pad/issues/3/timeline')) return later(ok([commentEvent(1, 'Off by a second a day')], moved), timelineDelayMs);
        return undefined;
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/launchpad/issues/3'));
    await waitFor(() => expect(screen.getByText(/was renamed to/)).toHaveTextContent('acme/launch-pad was renamed to acme/launchpad.'));
    expect(await screen.findByRole('heading', { level: 1, name: /Countdown clock drifts/ }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('Off by a second a day', {}, { timeout: 15_000 })).toBeInTheDocument();
    // The repository, the issue and its timeline asked for once each, under the old name: the 301s answered for the new one.
    const repoCalls = api.calls.map((u) => new URL(u).pathname).filter((path) => path.includes('/repos/'));
    expect(repoCalls.sort()).toEqual(['/api/repos/acme/launch-pad', '/api/repos/acme/launch-pad/issues/3', '/api/repos/acme/launch-pad/issues/3/timeline']);
  });
});
