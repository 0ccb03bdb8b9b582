/**
 * The storage interface the routes depend on. SQLite implements it today
 * (sqlite-store.ts); a server database could replace it without touching routes.
 * Documents come back as stored JSON with URL markers (issue-document.ts).
 */
import type { ListParams, PageParams, RepoCommentParams } from '../../shared/list-params';
import type { SearchQuery, SearchSort } from '../../shared/search-query';
import type { ImportSource } from './import-rows';
import type { ImportedComment, ImportedEvent, ImportedIssue } from './import-schema';

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
}

export interface IssueStore {
  findRepo(owner: string, name: string): RepoRecord | null;
  /** the repository an old name was renamed to, if any */
  findRenamed(owner: string, name: string): RepoRecord | null;
  listIssues(repoId: number, params: ListParams): DocumentPage;
  getIssue(repoId: number, number: number): string | null;
  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): DocumentPage;
  /** every comment of the repository (`GET /repos/{o}/{r}/issues/comments`) */
  listRepoComments(repoId: number, params: RepoCommentParams): DocumentPage;
  listLabels(repoId: number, params: PageParams): DocumentPage;
  /** The issue's comments, events and the references other issues make to it, oldest first (`…/timeline`). */
  listTimeline(repoId: number, number: number, params: PageParams): DocumentPage;
  /** One issue's events oldest first, or with `number` null the repository's newest first, each with its issue. */
  listIssueEvents(repoId: number, number: number | null, params: PageParams): DocumentPage;
  /** open issues and pull requests, as GitHub's `open_issues_count` counts them */
  openIssueCount(repoId: number): number;
  /** The issues a search selects, one page in its order; the text index is written with each import, in its transaction. */
  searchIssues(request: SearchRequest): SearchPage;

  findToken(hash: string): TokenRecord | null;
  /**
   * What `findRepo` and `findToken` would return, if a lookup has already read it since the
   * data last changed; otherwise null, without reading a row. The cached-answer lane uses
   * these, so a request it leaves to the full chain costs that chain no extra reads.
   */
  rememberedRepo(owner: string, name: string): RepoRecord | null;
  rememberedToken(hash: string): TokenRecord | null;
  findUser(login: string): UserRecord | null;

  /** Imports issues, comments and events in one transaction (re-importing an issue updates it by number, an event by id). */
  importIssues(options: ImportOptions, issues: ImportedIssue[], comments: ImportedComment[], nowMs: number, events?: ImportedEvent[]): ImportResult;
  /** The same, with the rows built elsewhere: the `import` command builds them on a worker thread. */
  importFrom(options: ImportOptions, source: ImportSource, nowMs: number): ImportResult;
  renameRepo(from: { owner: string; name: string }, to: { owner: string; name: string }, nowMs: number): RepoRecord;
  /** The mirror state of a local repository copied from `source`, if there is one. */
  findMirror(owner: string, name: string, source: string): MirrorRecord | null;
  /**
   * The mirror state of a local repository, creating the repository and the
   * state on first use. A different `source` than last time starts afresh.
   */
  openMirror(options: ImportOptions, source: string, nowMs: number): MirrorRecord;
  /** Imports one mirrored page and records the walk's progress, in one transaction. */
  saveMirrorPage(
    options: ImportOptions,
    walk: MirrorWalkName,
    state: MirrorWalk,
    page: { issues: ImportedIssue[]; comments?: ImportedComment[]; events?: ImportedEvent[] },
    nowMs: number,
  ): void;
  /** Records a walk's progress alone (a 304, a finished walk). */
  saveMirrorWalk(repoId: number, walk: MirrorWalkName, state: MirrorWalk): void;
  setMirrorSourcePrivate(repoId: number, isPrivate: boolean): void;
  completeMirror(repoId: number, nowMs: number): void;
  createToken(token: NewToken, nowMs: number): void;
  /** true when a token with that hash existed */
  revokeToken(hash: string): boolean;

  loadCounters(): StoredCounter[];
  saveCounters(counters: StoredCounter[]): void;

  /** Runs `work` as one transaction (the writes inside become savepoints): all of it is stored, or none. */
  atomically<T>(work: () => T): T;
  close(): void;
}
