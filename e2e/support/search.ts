/**
 * Searches as the journeys read them: the service's own answer to a query
 * (to compare the page with), and the answers the page receives.
 */
import type { Page, Response } from '@playwright/test';

export interface SearchAnswer {
  total_count: number;
  items: { number: number; title: string }[];
}

/** What `GET /search/issues` answers for `q` in acme/rocket, asked directly (anonymous, so it spends the search budget of the test's address). */
export async function searchDirectly(api: string, q: string, perPage = 30, page = 1): Promise<SearchAnswer> {
  const params = new URLSearchParams({ q: `repo:acme/rocket ${q}`, per_page: String(perPage), page: String(page) });
  const response = await fetch(`${api}/search/issues?${params.toString()}`, { headers: { Accept: 'application/vnd.github+json' } });
  if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SearchAnswer;
}

export function isSearchUrl(url: string): boolean {
  return new URL(url).pathname === '/api/search/issues';
}

/** The next answer to a search (a 200, or a 304 when the page revalidates what it kept). */
export function waitForSearch(page: Page): Promise<Response> {
  return page.waitForResponse((response) => isSearchUrl(response.url()) && (response.status() === 200 || response.status() === 304));
}

/** "1,234" as the page writes counts. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
