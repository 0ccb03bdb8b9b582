/**
 * Journey: browse a repository as GitHub really answered it. The app's base URL
 * is set in Settings to a replay of api.github.com's recorded `paginate-issues`
 * exchanges (`@octokit/fixtures`, served on loopback); the list shows the
 * recorded first page, and Next follows GitHub's own `Link` (a
 * `/repositories/{id}` URL) to the recorded second page.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { startGithubReplay, type GithubReplay, type RecordedExchange } from './support/github-replay';
import { issueList, shownIssueNumbers } from './support/issue-list';
import { startE2eService } from './support/service';

let service: Awaited<ReturnType<typeof startE2eService>>;
let replay: GithubReplay;

const RATE_LIMIT_EXCHANGE: RecordedExchange = {
  method: 'GET',
  path: '/rate_limit',
  status: 200,
  requestHeaders: {},
  rawHeaders: [['content-type', 'application/json; charset=utf-8']],
  body: { resources: { core: { limit: 60, remaining: 60, reset: 1_800_000_000, used: 0 } }, rate: { limit: 60, remaining: 60, reset: 1_800_000_000, used: 0 } },
};

test.beforeAll(async () => {
  // Settings asks a typed address `GET /rate_limit` before taking it; the recordings have no such exchange, so the
  // replay answers it as GitHub's OpenAPI example does.
  replay = await startGithubReplay(['paginate-issues', RATE_LIMIT_EXCHANGE]);
  // The served app's CSP lets it connect to the replay only when the service is told to allow it.
  service = await startE2eService({}, { apiOrigins: [replay.origin] });
});

test.afterAll(async () => {
  await Promise.all([service.close(), replay.close()]);
});

interface RecordedIssue {
  number: number;
  title: string;
}

function recordedPages(): RecordedExchange[] {
  return replay.exchanges.filter((e) => e.method === 'GET' && e.status === 200 && /\/issues\?/.test(e.path));
}

function issuesOf(exchange: RecordedExchange): RecordedIssue[] {
  return (exchange.body as RecordedIssue[]).map(({ number, title }) => ({ number, title }));
}

/** The next answer from the replay to a request of an issue list, under /repos or /repositories. */
function waitForReplayedList(page: Page): Promise<Response> {
  // A list page, not a count (a search of one entry, which the heading may ask for).
  return page.waitForResponse((response) => response.url().startsWith(replay.origin) && /\/issues$/.test(new URL(response.url()).pathname) && !new URL(response.url()).pathname.startsWith('/search/'));
}

async function expectRows(page: Page, issues: RecordedIssue[]): Promise<void> {
  await expect.poll(() => shownIssueNumbers(page)).toEqual(issues.map((i) => i.number));
  for (const issue of issues) await expect(issueList(page).getByRole('link', { name: issue.title, exact: true })).toBeVisible();
}

test("the recorded GitHub pages are listed, and Next follows GitHub's Link", async ({ page }) => {
  const [first, second] = recordedPages();
  // e.g. /repos/octokit-fixture-org/tmp-scenario-paginate-issues-…/issues?per_page=3
  const match = /^\/repos\/([^/]+)\/([^/]+)\/issues\?per_page=(\d+)$/.exec(first!.path)!;
  const [, owner, repo, perPage] = match;

  await page.goto(`${service.origin}/settings`);
  await page.getByRole('radio', { name: /Another address/ }).check();
  await page.getByLabel('API address').fill(replay.origin);
  await page.getByRole('button', { name: 'Use this service' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Now using' })).toContainText(replay.origin);

  const firstAnswer = waitForReplayedList(page);
  // `is:open`: the list endpoint's open issues and pull requests, which GitHub recorded here (the view
  // without a q is a search since issue 45, and the recordings hold no search).
  await page.goto(`${service.origin}/${owner}/${repo}/issues?q=is%3Aopen&per_page=${perPage}`);
  const firstResponse = await firstAnswer;
  expect(firstResponse.status()).toBe(200);
  expect(new URL(firstResponse.url()).pathname).toBe(`/repos/${owner}/${repo}/issues`);
  await expectRows(page, issuesOf(first!));

  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const nextRel = `${replay.origin}/repositories/515435940/issues?per_page=${perPage}&page=2`;
  const secondAnswer = waitForReplayedList(page);
  await pager.getByRole('link', { name: 'Next', exact: true }).click();
  const secondResponse = await secondAnswer;
  // The request is GitHub's `next` rel, verbatim (moved onto the replay's origin).
  expect(secondResponse.url()).toBe(nextRel);
  expect(secondResponse.status()).toBe(200);
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  await expectRows(page, issuesOf(second!));

  // What GitHub was asked for: the app spells out GitHub's defaults on page 1
  // (the replay matches them to the recorded `?per_page=3`), then the Link.
  const listRequests = replay.received.filter((r) => r.method === 'GET' && /\/issues(\?|$)/.test(r.path) && !r.path.startsWith('/search/')).map((r) => r.path);
  expect(listRequests).toEqual([
    `/repos/${owner}/${repo}/issues?state=open&sort=created&direction=desc&per_page=${perPage}&page=1`,
    new URL(nextRel).pathname + new URL(nextRel).search,
  ]);
});
