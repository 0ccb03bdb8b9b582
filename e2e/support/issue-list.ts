/**
 * How a user reads the issue list: its rows, and the `#number` each row shows,
 * in order. Shared by the journeys; selects by role and visible text only.
 */
import { expect, type Locator, type Page, type Response } from '@playwright/test';

/** The list of rows (`<ul aria-label="Issues, page N">`). */
export function issueList(page: Page): Locator {
  return page.getByRole('list', { name: /^Issues, page \d+$/ });
}

export function issueRows(page: Page): Locator {
  return issueList(page).getByRole('listitem');
}

/** The `#1234` of every row, top to bottom, once the list shows rows. */
export async function shownIssueNumbers(page: Page): Promise<number[]> {
  await expect(issueRows(page).first()).toBeVisible();
  const texts = await issueList(page).getByText(/^#\d+$/).allTextContents();
  return texts.map((text) => Number(text.slice(1)));
}

/** An API request for a repository's issue list (not one issue, not comments). */
export function isIssueListUrl(url: string, repo = 'acme/rocket'): boolean {
  const { pathname } = new URL(url);
  return pathname === `/api/repos/${repo}/issues`;
}

/** The next answer to an issue-list request: a 200, or a 304 when the page revalidates what it kept. */
export function waitForIssueList(page: Page, repo = 'acme/rocket'): Promise<Response> {
  return page.waitForResponse((response) => isIssueListUrl(response.url(), repo) && (response.status() === 200 || response.status() === 304));
}

/** `Link` rels of a response, as `{ next: url, last: url, ... }`. */
export function linkRels(header: string | null | undefined): Record<string, string> {
  const rels: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="([^"]+)"/.exec(part.trim());
    if (match) rels[match[2]!] = match[1]!;
  }
  return rels;
}
