/**
 * The data a page rendered by the service (a list or an issue) hands the browser (issue 48),
 * so that React hydrates the rendered markup (adopts it) without asking the
 * service again. The renderer (entry-first-view.tsx) writes it; the service
 * puts it in `<script type="application/json" id="issuescope-first-view">`
 * (src/shared/first-view.ts: a data block is never executed, so the CSP's
 * `script-src 'self'` allows it); main.tsx reads it back here.
 */
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { FIRST_VIEW_DATA_ID } from '../shared/first-view';
import type { RateLimitSnapshot } from './api/api-types';
import type { EtagStore, StoredResponse } from './api/etag-store';
import { identityKey } from './api/request-identity';
import { loadQueryTools } from './features/issues/query-tools-chunk';
import { ISSUE_LIST_ROUTE_ID, type IssueListLoaderData } from './routes/issue-list-loader';
import { ISSUE_VIEW_ROUTE_ID } from './routes/issue-view-loader';
import type { AppServices } from './services/app-services-context';
import { searchAnswerOf, type IssuePage } from './services/issue-queries';
import { issueKeys } from './services/query-keys';

export interface FirstViewData {
  /** the path and query the page was rendered for: another address is rendered in the browser */
  address: string;
  /** the API the answers came from: the query keys and the stored answers' keys name it */
  apiBaseUrl: string;
  /** Unix ms: what the render's clock read (relative times, countdowns) */
  renderedAt: number;
  /** each matched route's loader data, by route id, for the router's `hydrationData` (the list's as `firstViewLoaderData` writes it) */
  loaderData: Record<string, unknown>;
  queries: DehydratedState;
  rateLimit: RateLimitSnapshot[];
  /** the API client's stored validators, so its next revalidation is a conditional request */
  etags: StoredAnswer[];
}

/** A stored answer without its body, which is the body of the query answered from it (carried once). */
export interface StoredAnswer extends Omit<StoredResponse, 'body'> {
  /** the URL asked for (the stored answer's key, after the caller's identity) */
  request: string;
}

function isFirstViewData(value: unknown): value is FirstViewData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const queries = v.queries as Record<string, unknown> | null | undefined;
  return (
    typeof v.address === 'string' &&
    typeof v.apiBaseUrl === 'string' &&
    typeof v.renderedAt === 'number' &&
    typeof v.loaderData === 'object' &&
    v.loaderData !== null &&
    typeof queries === 'object' &&
    queries !== null &&
    Array.isArray(queries.queries) &&
    Array.isArray(v.rateLimit) &&
    Array.isArray(v.etags)
  );
}

/** The list loader's data as the page carries it: its query tools are a module of functions, which JSON cannot carry. */
interface ListLoaderDataAsJson extends Omit<IssueListLoaderData, 'tools'> {
  toolsLoaded: boolean;
}

/**
 * The routes' loader data as JSON can carry it: the list's says whether its loader had the query tools (a view
 * with a `q`). The issue's is not carried: it is a promise, which JSON cannot carry. The browser does the
 * loader's work again before it hydrates (first-view-start.ts); that asks for nothing (the issue and its
 * comments are in the query cache, from this block) and settles once the description's tree is parsed (its
 * warm open), so the page hydrates with its description at hand.
 */
export function firstViewLoaderData(loaderData: Record<string, unknown>): Record<string, unknown> {
  const asJson = { ...loaderData };
  const list = loaderData[ISSUE_LIST_ROUTE_ID] as IssueListLoaderData | undefined;
  if (list !== undefined) {
    const { tools, ...rest } = list;
    asJson[ISSUE_LIST_ROUTE_ID] = { ...rest, toolsLoaded: tools !== null } satisfies ListLoaderDataAsJson;
  }
  delete asJson[ISSUE_VIEW_ROUTE_ID];
  return asJson;
}

/**
 * The routes' loader data for the router's `hydrationData`: the query tools
 * are loaded again (their chunk) when the service's loader had them, so the
 * page hydrates with what it was rendered with.
 */
export async function hydrationLoaderData(data: FirstViewData): Promise<Record<string, unknown>> {
  const revived = { ...data.loaderData };
  const list = data.loaderData[ISSUE_LIST_ROUTE_ID] as ListLoaderDataAsJson | undefined;
  if (list !== undefined) {
    const { toolsLoaded, ...rest } = list;
    revived[ISSUE_LIST_ROUTE_ID] = { ...rest, tools: toolsLoaded ? await loadQueryTools() : null } satisfies IssueListLoaderData;
  }
  return revived;
}

/**
 * The page's data block when the page holds one rendered for `address` with
 * the answers of `apiBaseUrl`, else null: the page is then rendered in the
 * browser, as a page without a block is.
 */
export function readFirstViewData(document: Document, address: string, apiBaseUrl: string): FirstViewData | null {
  const text = document.getElementById(FIRST_VIEW_DATA_ID)?.textContent;
  if (text === undefined || text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isFirstViewData(data) || data.address !== address || data.apiBaseUrl !== apiBaseUrl) return null;
  return data;
}

/**
 * Puts the page's answers where the app looks for them before React hydrates:
 * the query cache and the rate-limit readings. The answers' times are moved
 * by `shiftMs` (this device's clock at start-up minus the render's): the
 * service's clock and the device's need not agree, and the answers are as
 * fresh as the page, so the query cache neither takes them for stale (and asks
 * again at once) nor for fresher than they are.
 */
export function seedFirstView(services: AppServices, data: FirstViewData, shiftMs: number): void {
  const queries: DehydratedState = {
    ...data.queries,
    queries: data.queries.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: query.state.dataUpdatedAt + shiftMs },
    })),
  };
  hydrate(services.queryClient, queries);
  for (const snapshot of data.rateLimit) services.rateLimit.record(snapshot);
}

/**
 * Writes the page's answers into the API client's store under an anonymous
 * reader's key (api-client.ts), each with the body its query holds, so the
 * next revalidation is a conditional request (a 304 costs no credit, spec 8.2)
 * and a 304 has a body to answer with.
 */
/** Whether `key` is an issue page's (query-keys.ts `issueKeys.page`), whatever its connection. */
function isIssuePageKey(key: readonly unknown[]): boolean {
  const pages = issueKeys.pages(String(key[1]));
  return key.length === pages.length + 1 && pages.every((part, i) => key[i] === part);
}

export async function seedStoredAnswers(store: EtagStore, services: AppServices, data: FirstViewData): Promise<void> {
  // The client's key: its base URL without trailing slashes, no token (api-client.ts).
  const identity = await identityKey(data.apiBaseUrl.trim().replace(/\/+$/, ''), null);
  const bodies = new Map<string, unknown>();
  for (const query of services.queryClient.getQueryCache().getAll()) {
    const held = query.state.data as { url?: unknown; data?: unknown; pages?: unknown } | undefined;
    // A query of pages (an issue's history) holds one answer a page, each with its body as it came (the comments
    // a service without the timeline sends gain two fields there, and read the same when they come again).
    const answers = (Array.isArray(held?.pages) ? held.pages : [held]) as Array<{ url?: unknown; data?: unknown } | undefined>;
    for (const answer of answers) {
      if (typeof answer?.url !== 'string') continue;
      // An issue page of a search holds the search's items, not its body: the body is put back together.
      const search = isIssuePageKey(query.queryKey) ? searchAnswerOf(answer as IssuePage) : null;
      bodies.set(answer.url, search ?? answer.data);
    }
  }
  await Promise.all(
    data.etags.map(async ({ request, ...stored }) => {
      if (bodies.has(stored.url)) await store.set(`${identity} ${request}`, { ...stored, body: bodies.get(stored.url) });
    }),
  );
}
