import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../api/api-errors';
import { makeIssue, makeLabel, makeUser, ok, TEST_BASE_URL } from '../../../../test-support/app/fake-api';
import {
  assignmentEvent,
  commentEvent,
  commitEvent,
  crossReferencedEvent,
  everyOtherEventType,
  labelEvent,
  makeComment,
  milestoneEvent,
  renamedEvent,
  stateEvent,
  timelinePageUrl,
} from '../../../../test-support/app/fake-timeline';
import { renderApp } from '../../../../test-support/app/render-app';
import { dynamicClass } from '../../styles/dynamic-classes';

/** The first render waits for the route's chunk and the renderer's; comment cards render in a transition after. */
const RENDERED = { timeout: 15_000 };

const reactions = { url: '', total_count: 4, '+1': 3, '-1': 0, laugh: 0, hooray: 1, confused: 0, heart: 0, rocket: 0, eyes: 0 };

const closedIssue = makeIssue(12, {
  title: 'Rocket explodes on launch',
  body: 'It explodes :boom: :+1:',
  state: 'closed',
  state_reason: 'completed',
  closed_at: '2024-05-03T12:00:00Z',
  comments: 1,
  reactions,
  ...{ closed_by: makeUser('carol') },
});

const elsewhere = makeIssue(7, { title: 'Launch checklist' }, 'octo', 'tools');

const story = [
  labelEvent(101, 'labeled', 'bug', 'd73a4a'),
  commentEvent(1, 'Seen it too :tada: and `:tada:`', 'bob', { reactions: { ...reactions, '+1': 1, hooray: 0, heart: 2 } }),
  assignmentEvent(102, 'assigned', makeUser('erin')),
  assignmentEvent(103, 'unassigned', makeUser('carol')),
  milestoneEvent(104, 'milestoned', 'v1.0'),
  renamedEvent(105, 'Rocket explodes', 'Rocket explodes on launch'),
  crossReferencedEvent(makeIssue(3, { title: 'Engines stall' })),
  crossReferencedEvent(elsewhere),
  { event: 'added_to_project', id: 106, created_at: '2024-05-03T12:00:00Z' },
  { event: 'labeled', id: 107, created_at: '2024-05-03T12:00:00Z' },
  { id: 110, created_at: '2024-05-03T12:00:00Z' },
  commitEvent(108, 'referenced', '1234567890abcdef'),
  stateEvent(109, 'closed', makeUser('carol'), 'completed'),
];

function serve(issue = closedIssue, timeline: unknown[] = story) {
  return (url: URL) => {
    if (url.pathname.endsWith(`/issues/${issue.number}`)) return ok(issue);
    if (url.pathname.endsWith(`/issues/${issue.number}/timeline`)) return ok(timeline);
    return undefined;
  };
}

describe('the issue view’s timeline', () => {
  it('shows comments as cards and each event as a line, in the service’s order, a plain line where an item lacks its fields', async () => {
    renderApp(['/acme/rocket/issues/12'], { handler: serve() });
    const comment = await screen.findByRole('article', { name: 'Comment by bob' }, RENDERED);
    const section = screen.getByRole('region', { name: '1 comment' });
    const lines = Array.from(section.querySelectorAll(':scope > div > p, :scope > article'), (element) => element.textContent?.replace(/\s+/g, ' ').trim());
    // (Each line starts with the actor's avatar, here its initial: the fake users have no picture.)
    expect(lines).toEqual([
      expect.stringMatching(/^Ccarol added bug label \d+ years ago$/),
      expect.stringContaining('Seen it too'),
      expect.stringMatching(/^Ccarol assigned erin /),
      expect.stringMatching(/^Ccarol removed their assignment /),
      expect.stringMatching(/^Ccarol added this to the v1\.0 milestone /),
      expect.stringMatching(/^Ccarol changed the title Rocket explodes Rocket explodes on launch /),
      expect.stringMatching(/^Ddave mentioned this issue in #3 Engines stall /),
      expect.stringMatching(/^Ddave mentioned this issue in octo\/tools#7 Launch checklist \(opens in a new tab\) /),
      // Nobody named, no project card, no label: still a line each (an item without `event` is none).
      expect.stringMatching(/^Someone added this to a project \d+ years ago$/),
      expect.stringMatching(/^Someone added a label \d+ years ago$/),
      expect.stringMatching(/^Ccarol referenced this issue in commit 1234567 /),
      expect.stringMatching(/^Ccarol closed this as completed /),
    ]);
    // The label in its colour, with the label pill the list uses.
    expect(within(section).getByText('bug').parentElement).toHaveClass(dynamicClass({ 'background-color': '#d73a4a', color: '#ffffff' }).className);
    expect(within(section).getByText('Rocket explodes', { selector: 'del' })).toBeInTheDocument();
    expect(within(comment).getByText('Seen it too 🎉 and', { exact: false })).toBeInTheDocument();
    expect(within(comment).getByText(':tada:', { selector: 'code' })).toBeInTheDocument();
  });

  it('gives every event type of GitHub’s timeline a line, and a plain one to a type it does not know', async () => {
    const { items, expectedLines } = everyOtherEventType();
    renderApp(['/acme/rocket/issues/16'], { handler: serve(makeIssue(16, { title: 'Eventful', comments: 0 }), items) });
    const section = await screen.findByRole('region', { name: 'History' }, RENDERED);
    await within(section).findByText('frobnicated', { exact: false }, RENDERED);
    const lines = Array.from(section.querySelectorAll(':scope > div > p'), (element) => element.textContent?.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual(expectedLines.map((line) => expect.stringMatching(line)));
    expect(within(section).getAllByRole('link', { name: '#20 Valve part' })[0]).toHaveAttribute('href', '/acme/rocket/issues/20');
    expect(within(section).getByRole('link', { name: 'octo/tools#2 Launch' })).toHaveAttribute('href', '/octo/tools/issues/2');
  });

  it('says one actor’s label changes made together in one line, each label a chip in its colour, as GitHub’s page does', async () => {
    const mona = makeUser('mona');
    const at = (seconds: number) => ({ created_at: new Date(Date.parse('2024-05-03T12:00:00Z') + seconds * 1_000).toISOString() });
    const relabelled = makeIssue(15, { title: 'Relabelled', comments: 0 });
    renderApp(['/acme/rocket/issues/15'], {
      handler: serve(relabelled, [
        { ...labelEvent(301, 'labeled', 'bug', 'd73a4a', mona), ...at(0) },
        { ...labelEvent(302, 'labeled', 'enhancement', 'a2eeef', mona), ...at(5) },
        { ...labelEvent(303, 'unlabeled', 'wontfix', 'ffffff', mona), ...at(40) },
        // Another actor, then the first again past the minute: lines of their own.
        { ...labelEvent(304, 'unlabeled', 'bug', 'd73a4a'), ...at(50) },
        { ...labelEvent(305, 'labeled', 'docs', '0075ca', mona), ...at(61) },
      ]),
    });
    const section = await screen.findByRole('region', { name: 'History' }, RENDERED);
    await within(section).findByText('wontfix', {}, RENDERED);
    const lines = Array.from(section.querySelectorAll(':scope > div > p'), (element) => element.textContent?.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual([
      expect.stringMatching(/^Mmona added bug enhancement and removed wontfix labels \d+ years ago$/),
      expect.stringMatching(/^Ccarol removed bug label /),
      expect.stringMatching(/^Mmona added docs label /),
    ]);
    const grouped = section.querySelector<HTMLElement>(':scope > div > p')!;
    expect(within(grouped).getByText('enhancement').parentElement).toHaveClass(dynamicClass({ 'background-color': '#a2eeef', color: '#1f2328' }).className);
    expect(within(grouped).getByText('wontfix').parentElement).toHaveClass(dynamicClass({ 'background-color': '#ffffff', color: '#1f2328' }).className);
  });

  it('heads a history without comments "History"', async () => {
    const quiet = makeIssue(13, { title: 'Quiet', comments: 0 });
    renderApp(['/acme/rocket/issues/13'], { handler: serve(quiet, [labelEvent(201, 'labeled', 'bug', 'd73a4a')]) });
    const section = await screen.findByRole('region', { name: 'History' }, RENDERED);
    expect(await within(section).findByText('bug', {}, RENDERED)).toBeInTheDocument();
  });

  it('says "No comments yet" where nothing happened', async () => {
    const silent = makeIssue(14, { title: 'Silent', comments: 0 });
    renderApp(['/acme/rocket/issues/14'], { handler: serve(silent, []) });
    expect(await screen.findByRole('region', { name: 'No comments yet' }, RENDERED)).toBeInTheDocument();
  });

  it('links a mention from this repository to its page here, and one from elsewhere to its own page', async () => {
    renderApp(['/acme/rocket/issues/12'], { handler: serve() });
    expect(await screen.findByRole('link', { name: '#3 Engines stall' }, RENDERED)).toHaveAttribute('href', '/acme/rocket/issues/3');
    expect(screen.getByRole('link', { name: /^octo\/tools#7 Launch checklist/ })).toHaveAttribute('href', 'http://app.test/octo/tools/issues/7');
  });

  it('says who closed the issue in its header, and links every person to what they opened in this repository', async () => {
    renderApp(['/acme/rocket/issues/12'], { handler: serve() });
    const header = (await screen.findByRole('heading', { level: 1 }, RENDERED)).closest('header')!;
    expect(within(header).getByText('Closed')).toBeInTheDocument();
    expect(header).toHaveTextContent(/alice opened this issue .+ · closed by carol .+ · 1 comment/);
    expect(within(header).getByRole('link', { name: 'Issues and pull requests by alice' })).toHaveAttribute('href', '/acme/rocket/issues?q=author%3Aalice');
    expect(within(header).getByRole('link', { name: 'Issues and pull requests by carol' })).toHaveAttribute('href', '/acme/rocket/issues?q=author%3Acarol');
    const comment = await screen.findByRole('article', { name: 'Comment by bob' }, RENDERED);
    for (const link of within(comment).getAllByRole('link', { name: 'Issues and pull requests by bob' })) {
      expect(link).toHaveAttribute('href', '/acme/rocket/issues?q=author%3Abob');
    }
    const section = screen.getByRole('region', { name: '1 comment' });
    expect(within(section).getByRole('link', { name: 'Issues and pull requests by erin' })).toHaveAttribute('href', '/acme/rocket/issues?q=author%3Aerin');
  });

  it('shows the reactions under the description and each comment, by name for screen readers', async () => {
    renderApp(['/acme/rocket/issues/12'], { handler: serve() });
    const description = await screen.findByRole('article', { name: 'Description by alice' }, RENDERED);
    const given = within(within(description).getByRole('list', { name: 'Reactions' })).getAllByRole('img');
    expect(given.map((reaction) => reaction.getAttribute('aria-label'))).toEqual(['3 people reacted with thumbs up', '1 person reacted with hooray']);
    expect(given[0]).toHaveTextContent('👍3');
    const comment = await screen.findByRole('article', { name: 'Comment by bob' }, RENDERED);
    expect(within(comment).getByRole('img', { name: '1 person reacted with thumbs up' })).toBeInTheDocument();
    expect(within(comment).getByRole('img', { name: '2 people reacted with heart' })).toBeInTheDocument();
    expect(within(comment).queryByRole('img', { name: /hooray/ })).not.toBeInTheDocument();
  });

  it('shows a merged pull request as merged, with its merge in the timeline', async () => {
    const pull = makeIssue(20, {
      title: 'Add a launch checklist',
      state: 'closed',
      closed_at: '2024-05-03T12:00:00Z',
      pull_request: { url: '', html_url: '', diff_url: '', patch_url: '', merged_at: '2024-05-03T12:00:00Z' },
      ...{ closed_by: makeUser('carol') },
    });
    renderApp(['/acme/rocket/issues/20'], { handler: serve(pull, [commitEvent(201, 'merged', 'abcdef1234567'), stateEvent(202, 'closed')]) });
    const header = (await screen.findByRole('heading', { level: 1 }, RENDERED)).closest('header')!;
    expect(within(header).getByText('Merged')).toBeInTheDocument();
    expect(within(header).getByText('(merged pull request)')).toBeInTheDocument();
    expect(header).toHaveTextContent(/opened this pull request .+ · merged by carol /);
    expect(await screen.findByText(/merged commit/, {}, RENDERED)).toHaveTextContent('carol merged commit abcdef1');
    // GitHub's page shows the merge alone, not the close that came with it.
    expect(screen.queryByText(/closed this/)).not.toBeInTheDocument();
  });

  it('keeps the number with the title’s last word, never on a line of its own', async () => {
    renderApp(['/acme/rocket/issues/12'], { handler: serve() });
    const title = await screen.findByRole('heading', { level: 1 }, RENDERED);
    expect(title.textContent).toBe('Rocket explodes on launch\u00A0#12');
  });

  it('asks for 100 entries a page and follows the `next` link, one request a page', async () => {
    const user = userEvent.setup();
    const issue = makeIssue(12, { comments: 2 });
    const { api } = renderApp(['/acme/rocket/issues/12'], {
      handler: (url) => {
        if (url.pathname.endsWith('/issues/12')) return ok(issue);
        if (!url.pathname.endsWith('/timeline')) return undefined;
        return url.searchParams.get('page') === '2'
          ? ok([commentEvent(2, 'Second comment'), stateEvent(301, 'closed', makeUser('carol'), 'not_planned')])
          : ok([labelEvent(300, 'labeled', 'bug', 'd73a4a'), commentEvent(1, 'First comment')], { links: { next: timelinePageUrl(12, 2), last: timelinePageUrl(12, 2) } });
      },
    });
    expect(await screen.findByText('First comment', {}, RENDERED)).toBeInTheDocument();
    const timelineCalls = () => api.calls.filter((call) => call.includes('/timeline'));
    expect(timelineCalls()).toEqual([`${TEST_BASE_URL}/repos/acme/rocket/issues/12/timeline?per_page=100`]);
    expect(screen.getByText('Showing 1 of 2 comments')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second comment', {}, RENDERED)).toBeInTheDocument();
    expect(screen.getByText(/closed this as not planned/)).toBeInTheDocument();
    expect(timelineCalls()).toEqual([`${TEST_BASE_URL}/repos/acme/rocket/issues/12/timeline?per_page=100`, timelinePageUrl(12, 2)]);
    expect(api.calls.some((call) => call.includes('/comments'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the comments of a service without the timeline (404), and asks it for no timeline again', async () => {
    const issues = [makeIssue(12, { comments: 1 }), makeIssue(13, { comments: 1 })];
    const { api, router } = renderApp(['/acme/rocket/issues/12'], {
      handler: (url) => {
        const issue = issues.find((candidate) => url.pathname.endsWith(`/issues/${candidate.number}`));
        if (issue) return ok(issue);
        if (url.pathname.endsWith('/timeline')) return new NotFoundError('Not Found', 404);
        const number = /\/issues\/(\d+)\/comments$/.exec(url.pathname)?.[1];
        return number ? ok([makeComment(Number(number), `A comment on issue ${number}`)]) : undefined;
      },
    });
    expect(await screen.findByText('A comment on issue 12', {}, RENDERED)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Comment by alice' })).toBeInTheDocument();
    expect(api.calls.filter((call) => /\/(timeline|comments)/.test(call))).toEqual([
      `${TEST_BASE_URL}/repos/acme/rocket/issues/12/timeline?per_page=100`,
      `${TEST_BASE_URL}/repos/acme/rocket/issues/12/comments?per_page=30`,
    ]);
    await act(() => router.navigate('/acme/rocket/issues/13'));
    expect(await screen.findByText('A comment on issue 13', {}, RENDERED)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.includes('/issues/13/'))).toEqual([`${TEST_BASE_URL}/repos/acme/rocket/issues/13/comments?per_page=30`]);
  });
});

describe('"Open on …"', () => {
  it('opens the issue on GitHub when it comes from there', async () => {
    const fromGitHub = makeIssue(12, { html_url: 'https://github.com/acme/rocket/issues/12', labels: [makeLabel('bug', 'd73a4a')] });
    renderApp(['/acme/rocket/issues/12'], { handler: serve(fromGitHub, []) });
    const details = await screen.findByRole('complementary', { name: 'Details' }, RENDERED);
    expect(within(details).getByRole('link', { name: /Open on GitHub/ })).toHaveAttribute('href', 'https://github.com/acme/rocket/issues/12');
  });

  it('is not offered when the issue’s page is this app’s own', async () => {
    const ownPage = makeIssue(12, { html_url: `${window.location.origin}/acme/rocket/issues/12` });
    renderApp(['/acme/rocket/issues/12'], { handler: serve(ownPage, []) });
    const details = await screen.findByRole('complementary', { name: 'Details' }, RENDERED);
    expect(within(details).queryByRole('link', { name: /Open on/ })).not.toBeInTheDocument();
  });
});
