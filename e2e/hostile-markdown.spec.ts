/**
 * Journey: a repository written by an attacker. Every payload of the XSS
 * corpus (e2e/support/xss-corpus.ts) is served by the real service as an issue
 * body, a comment, the title, a label's name and description, the milestone's
 * title and the author's login (hostile/markdown, built through the import
 * path in global-setup). Opened in Chromium: the list (every title, label,
 * label description, milestone), one issue whose thread holds every payload
 * as a comment by the payload's login, and a handful of payloads' own issues
 * (heading, description, sidebar). No payload may open a dialog, trip the
 * Content Security Policy, set `window.__pwned`, reach another origin (other
 * than an https image, which the policy allows) or leave an unsafe attribute
 * or element in the DOM, and every field must still show its text, so a page
 * that renders nothing fails.
 *
 * Every payload in an issue view of its own took a page load and a network
 * idle each, minutes of every run (issue 46). The renderer's answer to each
 * payload alone, as an issue body, is checked for every payload by the unit
 * test markdown-body-hostile-corpus.test.tsx, with the same DOM scan
 * (support/unsafe-markup.ts); what only a browser shows (a script that runs, a
 * request, a CSP report) is watched here over the whole corpus at once.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Issue } from '../src/shared/wire-types';
import { issueList, issueRows } from './support/issue-list';
import { E2E_DIR } from './support/paths';
import { startE2eService } from './support/service';
import { guardPage, pageVerdict, scanDom, settle } from './support/xss-guard';
import {
  bodyMarker,
  commentMarker,
  EVERY_PAYLOAD_NUMBER,
  everyPayloadCommentMarker,
  HOSTILE_REPO,
  hostileIssues,
  PAYLOAD_FIELDS,
  type HostileIssue,
  type PayloadField,
} from './support/xss-repository';

let service: Awaited<ReturnType<typeof startE2eService>>;
/** The issues as the service serves them (titles and logins after its own clean-up of control characters). */
const served = new Map<number, Issue>();
const HOSTILE = hostileIssues();
/**
 * The payloads also opened in an issue view of their own (heading, description, sidebar): one of
 * each kind of attack, and one whose text must show as code.
 */
const OWN_ISSUE_VIEWS = ['script-plain', 'img-onerror', 'img-onload-https', 'md-link-javascript', 'svg-onload', 'noscript-differential', 'clobber-pwned-id', 'code-span-html'];
const LIST_PATH = `/${HOSTILE_REPO.owner}/${HOSTILE_REPO.name}/issues`;
/** One line per payload that passed in a view; a file, since a failure restarts the worker (global-setup empties E2E_DIR per run). */
const OUTCOMES_FILE = path.join(E2E_DIR, 'hostile-markdown-outcomes.jsonl');
interface Outcome {
  id: string;
  view: 'thread of every payload' | 'own issue';
  allowedImages: number;
}

test.beforeAll(async () => {
  mkdirSync(E2E_DIR, { recursive: true });
  service = await startE2eService();
  for (let page = 1; served.size < HOSTILE.length + 1; page++) {
    const response = await fetch(`${service.api}/repos/${HOSTILE_REPO.owner}/${HOSTILE_REPO.name}/issues?state=all&per_page=100&page=${page}`);
    expect(response.status).toBe(200);
    const issues = (await response.json()) as Issue[];
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) served.set(issue.number, issue);
  }
});

test.afterAll(async () => {
  await service.close();
  writeSummary();
});

/** What the user reads: whitespace collapsed. */
const collapsed = (text: string): string => text.replace(/\s+/g, ' ').trim();
/** A title as the user reads it: backticks gone too (its `code` spans). */
const visible = (text: string): string => collapsed(text.replace(/`/g, ''));

async function expectNothingHappened(page: Page, problems: string[]): Promise<void> {
  await settle(page);
  const found = [...problems, ...(await pageVerdict(page)), ...(await scanDom(page))];
  expect(found, found.join('\n')).toEqual([]);
}

test('the corpus has at least 100 payloads, each named and explained', () => {
  expect(HOSTILE.length).toBeGreaterThanOrEqual(100);
  expect(new Set(HOSTILE.map((h) => h.payload.id)).size).toBe(HOSTILE.length);
  for (const { payload } of HOSTILE) expect(payload.note.length, payload.id).toBeGreaterThan(5);
  // A name gone from the corpus would drop its own issue view without a word.
  for (const id of OWN_ISSUE_VIEWS) expect(HOSTILE.map((h) => h.payload.id), id).toContain(id);
});

test('the list shows every hostile title, label, milestone and login as text, and nothing runs', async ({ page }) => {
  test.setTimeout(180_000);
  const guard = await guardPage(page, service.origin);
  for (const pageNumber of [1, 2]) {
    await page.goto(`${service.origin}${LIST_PATH}?state=all&per_page=100&page=${pageNumber}`);
    await expect(issueRows(page).first()).toBeVisible();
    const numbers = [...served.keys()].sort((a, b) => b - a).slice((pageNumber - 1) * 100, pageNumber * 100);
    const first = served.get(numbers[0]!)!;
    await expect(page.getByText(visible(first.title), { exact: true }).first()).toBeVisible();
    await expectNothingHappened(page, guard.problems);
    const shown = visible(await issueList(page).innerText());
    // A label's description is its link's tooltip: an attribute value, never markup.
    const titles = await issueList(page).locator('[title]').evaluateAll((elements) => elements.map((e) => e.getAttribute('title') ?? ''));
    for (const number of numbers) {
      const issue = served.get(number)!;
      expect(shown, `title of #${number}`).toContain(visible(issue.title));
      for (const label of issue.labels) {
        expect(shown, `label of #${number}`).toContain(visible(label.name));
        if (label.description) expect(titles, `label description of #${number}`).toContain(`${label.description} (click to filter)`);
      }
      if (issue.milestone) expect(shown, `milestone of #${number}`).toContain(visible(issue.milestone.title));
    }
  }
});

test('one thread holds every payload, one comment each by its login: each shows its text, and nothing runs', async ({ page }) => {
  test.setTimeout(180_000);
  const guard = await guardPage(page, service.origin);
  await page.goto(`${service.origin}${LIST_PATH}/${EVERY_PAYLOAD_NUMBER}`);
  await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: new RegExp(`#${EVERY_PAYLOAD_NUMBER}$`) })).toBeVisible();
  const comments = page.locator('article[aria-label^="Comment by "]');
  await expect(comments.first()).toBeVisible();
  // Judged before asking for more too: a payload that took over the page would otherwise only show as a button that cannot be clicked.
  await expectNothingHappened(page, guard.problems);
  // The timeline comes a page at a time: the rest as a reader asks for it.
  for (let shown = await comments.count(); shown < HOSTILE.length; shown = await comments.count()) {
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(comments).not.toHaveCount(shown);
  }
  await expect(comments).toHaveCount(HOSTILE.length);

  await expectNothingHappened(page, guard.problems);
  const cards = await comments.evaluateAll((elements) => elements.map((e) => ({ name: e.getAttribute('aria-label') ?? '', text: (e as HTMLElement).innerText })));
  for (const hostile of HOSTILE) {
    const marker = everyPayloadCommentMarker(hostile.payload);
    const card = cards.find((c) => collapsed(c.text).includes(marker));
    expect(card, `the comment of ${hostile.payload.id} shows its text`).toBeDefined();
    // Written by the login of the payload's own issue (the payload itself, where the schema takes it).
    expect(collapsed(card!.name), hostile.payload.id).toBe(collapsed(`Comment by ${served.get(hostile.number)!.user!.login}`));
    if (hostile.payload.expectText !== undefined) expect(collapsed(card!.text), hostile.payload.id).toContain(collapsed(hostile.payload.expectText));
  }
  const lines = HOSTILE.map(({ payload }): Outcome => ({ id: payload.id, view: 'thread of every payload', allowedImages: 0 }));
  lines.push({ id: 'thread of every payload', view: 'thread of every payload', allowedImages: guard.allowedImages.length });
  appendFileSync(OUTCOMES_FILE, lines.map((o) => `${JSON.stringify(o)}\n`).join(''));
});

for (const hostile of HOSTILE.filter((h) => OWN_ISSUE_VIEWS.includes(h.payload.id))) {
  test(`${hostile.payload.id} in its own issue: ${hostile.payload.note}`, async ({ page }) => {
    const guard = await guardPage(page, service.origin);
    const issue = served.get(hostile.number)!;
    await page.goto(`${service.origin}${LIST_PATH}/${hostile.number}`);

    // Every field shows its text: the title literally, the login, the label, the milestone, both bodies.
    // The issue's own heading, not the repository's above it.
    const heading = page.getByRole('heading', { level: 1 }).filter({ hasText: new RegExp(`#${hostile.number}$`) });
    await expect(heading).toBeVisible();
    expect(visible(await heading.innerText())).toBe(visible(`${issue.title} #${hostile.number}`));
    const description = page.getByRole('article', { name: `Description by ${collapsed(issue.user!.login)}`, exact: true });
    await expect(description.getByText(bodyMarker(hostile.payload), { exact: true })).toBeVisible();
    const comment = page.getByRole('article', { name: 'Comment by xss-commenter', exact: true });
    await expect(comment.getByText(commentMarker(hostile.payload), { exact: true })).toBeVisible();
    if (hostile.payload.expectText !== undefined) {
      await expect(description.getByText(hostile.payload.expectText, { exact: true }).first()).toBeVisible();
    }
    const label = issue.labels[0]!;
    const sidebar = page.getByRole('complementary', { name: 'Details' });
    const sidebarText = visible(await sidebar.innerText());
    expect(sidebarText).toContain(visible(label.name));
    expect(sidebarText).toContain(visible(issue.milestone!.title));
    // The label's description is its link's tooltip: an attribute value, never markup.
    const titles = await page.locator('[title]').evaluateAll((elements) => elements.map((e) => e.getAttribute('title') ?? ''));
    expect(titles).toContain(label.description);

    await expectNothingHappened(page, guard.problems);
    const outcome: Outcome = { id: hostile.payload.id, view: 'own issue', allowedImages: guard.allowedImages.length };
    appendFileSync(OUTCOMES_FILE, `${JSON.stringify(outcome)}\n`);
  });
}

test("the app's own pages raise no CSP violation", async ({ page }) => {
  const guard = await guardPage(page, service.origin);
  for (const [url, shows] of [
    ['/', 'Repository or GitHub URL'],
    ['/acme/rocket/issues', 'acme/rocket'],
    ['/acme/rocket/issues/409', 'RFC: stable JSON output contract'],
    ['/settings', 'Personal Access Token'],
  ] as const) {
    await page.goto(`${service.origin}${url}`);
    await expect(page.getByText(shows).first()).toBeVisible();
    await expectNothingHappened(page, guard.problems);
  }
});

/** payloads tried, per field: refused by the import schema, or served and rendered inert. */
function writeSummary(): void {
  const outcomes = existsSync(OUTCOMES_FILE)
    ? readFileSync(OUTCOMES_FILE, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Outcome)
    : [];
  const fields = Object.fromEntries(
    PAYLOAD_FIELDS.map((field: PayloadField) => {
      const refused = HOSTILE.filter((h: HostileIssue) => h.refused[field] !== undefined).length;
      const inert = new Set(outcomes.filter((o) => HOSTILE.find((h) => h.payload.id === o.id)?.refused[field] === undefined).map((o) => o.id)).size;
      return [field, { tried: HOSTILE.length, refusedBySchema: refused, servedAndRenderedInert: inert }];
    }),
  );
  const summary = {
    payloads: HOSTILE.length,
    payloadsPassedInTheThreadOfEveryPayload: outcomes.filter((o) => o.view === 'thread of every payload' && HOSTILE.some((h) => h.payload.id === o.id)).length,
    ownIssueViewsPassed: outcomes.filter((o) => o.view === 'own issue').length,
    httpsImagesAllowedByPolicy: outcomes.reduce((n, o) => n + o.allowedImages, 0),
    fields,
  };
  writeFileSync(path.join(E2E_DIR, 'hostile-markdown-summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
}
