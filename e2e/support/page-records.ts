/**
 * What a tab says and asks while a journey runs, recorded from the moment these are called: the
 * journeys of pages the service rendered (issue 48) hold the app to saying nothing and asking the
 * API for nothing the page already carries.
 */
import type { Page } from '@playwright/test';

/** What the tab complains of: console errors and warnings (a hydration mismatch, a refused style), uncaught errors. */
export function recordComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`));
  return complaints;
}

/** Every API path the tab asks for. */
export function recordApiPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) paths.push(`${url.pathname}${url.search}`);
  });
  return paths;
}
