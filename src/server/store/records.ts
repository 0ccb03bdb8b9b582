/**
 * What the storage hands out and takes in, the same for every engine:
 * repositories, pages of stored documents (JSON with URL markers,
 * issue-document.ts), tokens, users, mirror state, rate counters, searches.
 */
import type { SearchQuery, SearchSort } from '../../shared/search-query';
import type { LabelRecord } from './build-documents';

export interface RepoRecord {
  id: number;
  owner: string;
  name: string;
  isPrivate: boolean;
  description: string | null;
  createdAt: string;
  /** bumped by every import or rename: part of every ETag */
  dataVersion: number;
  /** Unix seconds of the last change: the `Last-Modified` of its resources */
  modifiedAt: number;
}

export interface DocumentPage {
  /** how many documents the filters select in all (for `rel="last"`) */
  total: number;
  /** stored JSON documents of this page, in order */
  documents: string[];
}

/** A page of a repository's labels, by name without case (`GET /repos/{o}/{r}/labels`). */
export interface LabelPage {
  total: number;
  labels: LabelRecord[];
}

export interface TokenRecord {
  hash: string;
  login: string;
  name: string;
  /** Unix seconds, or null for a token that never expires */
  expiresAt: number | null;
  /** Unix seconds */
  createdAt: number;
  /** ids of the private repositories this token was granted */
  privateRepoIds: ReadonlySet<number>;
}

export interface UserRecord {
  login: string;
  id: number;
  name: string | null;
  type: 'User' | 'Bot' | 'Organization';
}

/**
 * A milestone as the issues carrying it know it (store/people-queries.ts): the stored copy of
 * GitHub's milestone object (URL markers not yet filled) and its counts of open and closed
 * issues and pull requests, counted from those issues.
 */
export interface MilestoneRecord {
  number: number;
  openIssues: number;
  closedIssues: number;
  document: Record<string, unknown>;
}

export interface ImportOptions {
  owner: string;
  name: string;
  /** make (or keep) the repository private; never turns a private repository public */
  makePrivate: boolean;
  description?: string;
  localAvatars?: boolean;
}

export interface ImportResult {
  repo: RepoRecord;
  issues: number;
  comments: number;
  events: number;
}

export interface NewToken {
  hash: string;
  login: string;
  name: string;
  expiresAt: number | null;
  /** `owner/name` of private repositories granted */
  repos: string[];
}

export type MirrorWalkName = 'issues' | 'comments' | 'events';

/**
 * What a mirror remembers of one list it copies (mirror/mirror-repository.ts).
 * A walk under way overwrites `firstUrl` and `etag` with its own first page
 * as soon as it has it, and moves `since` up only when it completes.
 */
export interface MirrorWalk {
  /** the first page asked for (after redirects) */
  firstUrl: string | null;
  /** that page's ETag: the next walk asks with If-None-Match */
  etag: string | null;
  /** the newest `updated_at` of the last complete walk: the next walk stops below it */
  since: string | null;
  /** the page to fetch next in an interrupted walk; null when none is under way */
  nextUrl: string | null;
  /** the newest `updated_at` the walk under way has seen */
  runNewest: string | null;
}

export interface MirrorRecord {
  repo: RepoRecord;
  /** where it is mirrored from: `{base URL}/repos/{owner}/{name}` as asked */
  source: string;
  /** whether the source said the repository is private; null until asked */
  sourcePrivate: boolean | null;
  /** Unix seconds of the last complete run */
  completedAt: number | null;
  walks: Record<MirrorWalkName, MirrorWalk>;
}

/** A rate-limit counter as persisted (limits/rate-limiter.ts owns the meaning). */
export interface StoredCounter {
  key: string;
  windowStartMs: number;
  used: number;
}

/** One search (`GET /search/issues`), already parsed and checked against what the caller may see. */
export interface SearchRequest {
  query: SearchQuery;
  /** the private repositories the caller may see; every public repository is searched too */
  privateRepoIds: ReadonlySet<number>;
  /** null: best match (relevance to the text terms, then newest first) */
  sort: SearchSort | null;
  page: number;
  perPage: number;
}

export interface SearchHit {
  repo: RepoRecord;
  /** the stored issue document (URL markers unfilled, as `getIssue` returns it) */
  document: string;
  /**
   * relevance, higher is better; 1 when nothing ranks the results: no text terms, only text
   * found in at least half of the indexed issues (it cannot tell them apart), or an explicit sort
   */
  score: number;
}

export interface SearchPage {
  /** every issue the query selects among those the caller may see, not only the first 1,000 */
  total: number;
  hits: SearchHit[];
  /** the query names repositories or accounts (`repo:`, `user:`, `org:`) and the caller may see none of them: GitHub's 422 (search-plan.ts `namesSomethingVisible`) */
  namesNothingVisible?: true;
}

/** A parent's sub-issues in the source's priority order, as `GET …/issues/{n}/sub_issues` lists them (mirror, issue 47). */
export interface SubIssueOrder {
  parent: number;
  children: number[];
}
