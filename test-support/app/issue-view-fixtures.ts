/**
 * Test-only: what the issue view's route tests share (issue-view-page-opening,
 * issue-view-page-comment-links): acme/rocket's issue #12, and how long its
 * first render and its comments may take.
 */
import { makeIssue, makeLabel, makeUser } from './fake-api';

/** The first render waits for the route's chunk and the renderer's (and, opened cold, the whole issue): on a busy machine, longer than Testing Library's second. */
export const FIRST_RENDER = { timeout: 5_000 };
/** Comment cards render in a transition after the description. */
export const COMMENTS_RENDER = { timeout: 5_000 };

export const issue = makeIssue(12, {
  title: 'Rocket explodes on launch',
  body: 'It **explodes**.',
  labels: [makeLabel('bug', 'd73a4a')],
  assignees: [makeUser('carol')],
  comments: 3,
});
