/**
 * What the issue list's route tests share (src/app/routes/issue-list-*.test.tsx):
 * a repository, acme/rocket, of five pages of the same three issues, and a
 * clock the tests control.
 */
import { vi } from 'vitest';
import { links, makeIssue, makeLabel, makeUser, ok } from './fake-api';
import type { renderApp } from './render-app';

const bug = makeLabel('bug', 'd73a4a', 'Something is broken');
const docs = makeLabel('docs', '0075ca');

export function pageOne() {
  return [
    makeIssue(12, { title: 'Rocket explodes on launch', labels: [bug], body: '- [x] reproduce\n- [ ] fix\n- [x] test\n```\n- [ ] not a task\n```', comments: 3 }),
    makeIssue(11, { title: 'Write the launch guide', labels: [docs], user: makeUser('bob'), assignees: [makeUser('carol')] }),
    makeIssue(10, { title: 'Add a countdown', pull_request: { url: '', html_url: '', diff_url: '', patch_url: '', merged_at: null } }),
  ];
}

/** acme/rocket's issues: pages 1 to 5 of pageOne(), linked by `Link`; past the end, `[]`. */
export function listHandler(url: URL) {
  if (url.pathname.endsWith('/repos/acme/rocket/issues')) {
    const page = Number(url.searchParams.get('page') ?? '1');
    return ok(page <= 5 ? pageOne() : [], {
      links: page <= 5 ? links('acme', 'rocket', { ...(page > 1 ? { first: 1, prev: page - 1 } : {}), ...(page < 5 ? { next: page + 1, last: 5 } : {}) }) : links('acme', 'rocket', { first: 1, prev: 5, last: 5 }),
    });
  }
  return undefined;
}

export function currentSearch(router: ReturnType<typeof renderApp>['router']): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

/** Fake clock and timers; React's scheduler (setImmediate, MessageChannel) keeps running for real. */
export function useFakeClock(): void {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    now: new Date('2024-05-01T12:00:00Z'),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}
