/**
 * The storage the service depends on, split by what it holds. Routes,
 * commands and the mirror name the parts they use; an engine implements
 * `Storage`, all of them. SQLite (sqlite-storage.ts) answers synchronously, an
 * engine over a network answers with promises: every method may do either,
 * so callers `await` each answer.
 *
 * What the fast path needs without waiting (the repository and token of a
 * request already seen) is not here: lookup-cache.ts remembers it in front
 * of the storage, and `changeVersion` tells it when to forget.
 */
import type { ListParams, PageParams, RepoCommentParams } from '../../shared/list-params';
import type { ImportSource } from './import-rows';
import type { ImportedComment, ImportedEvent, ImportedIssue } from './import-schema';
import type {
  DocumentPage,
  ImportOptions,
  ImportResult,
  LabelPage,
  MilestoneRecord,
  MirrorRecord,
  MirrorWalk,
  MirrorWalkName,
  NewToken,
  RepoRecord,
  SearchPage,
  SearchRequest,
  StoredCounter,
  SubIssueOrder,
  TokenRecord,
  UserRecord,
} from './records';

/** A value now, or once the engine has it. */
export type Awaitable<T> = T | Promise<T>;

/** Repositories by name, and the users they and their issues name. */
export interface RepositoryReader {
  findRepo(owner: string, name: string): Awaitable<RepoRecord | null>;
  /** the repository an old name was renamed to, if any */
  findRenamed(owner: string, name: string): Awaitable<RepoRecord | null>;
  findUser(login: string): Awaitable<UserRecord | null>;
}

/** A repository's issues, comments, labels and history, as pages of stored documents. */
export interface IssueReader {
  listIssues(repoId: number, params: ListParams): Awaitable<DocumentPage>;
  getIssue(repoId: number, number: number): Awaitable<string | null>;
  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): Awaitable<DocumentPage>;
  /** every comment of the repository (`GET /repos/{o}/{r}/issues/comments`) */
  listRepoComments(repoId: number, params: RepoCommentParams): Awaitable<DocumentPage>;
  listLabels(repoId: number, params: PageParams): Awaitable<LabelPage>;
  /** The issue's comments, events and the references other issues make to it, oldest first (`…/timeline`). */
  listTimeline(repoId: number, number: number, params: PageParams): Awaitable<DocumentPage>;
  /** One issue's events oldest first, or with `number` null the repository's newest first, each with its issue. */
  listIssueEvents(repoId: number, number: number | null, params: PageParams): Awaitable<DocumentPage>;
  /** open issues and pull requests, as GitHub's `open_issues_count` counts them */
  openIssueCount(repoId: number): Awaitable<number>;
}

/**
 * The people and milestones a repository's issues name, and who a login is
 * (`/assignees`, `/milestones`, `/users/{login}`). Lists are whole: they are
 * as small as a repository's team and its plans, and routes order and page them.
 */
export interface PeopleReader {
  /** everyone assigned to one of its issues or pull requests, and its owner when a person (store/people-queries.ts) */
  listAssignees(repoId: number): Awaitable<UserRecord[]>;
  /** every milestone one of its issues or pull requests carries, with their counts */
  listMilestones(repoId: number): Awaitable<MilestoneRecord[]>;
  /**
   * When the caller could first have seen `login` (ISO), in a public repository or one of
   * `privateRepoIds`, with the user's row when there is one; null when it appears in none.
   */
  findVisibleUser(login: string, privateRepoIds: readonly number[]): Awaitable<{ user: UserRecord | null; firstSeen: string } | null>;
}

/** Issue types and sub-issues (issue 47): the links an import stored (issue-links.ts). */
export interface IssueLinkReader {
  /** a parent's sub-issues that are stored, in its priority order (`…/issues/{n}/sub_issues`) */
  listSubIssues(repoId: number, number: number, params: PageParams): Awaitable<DocumentPage>;
  /** the stored parent of a sub-issue (`…/issues/{n}/parent`), or null */
  getParentIssue(repoId: number, number: number): Awaitable<string | null>;
  /** the repository's issue types as `issue-type` documents, by name (`…/issue-types`) */
  listIssueTypes(repoId: number): Awaitable<string[]>;
  /**
   * The issue types of an account's repositories among those the caller may see (public ones and
   * `privateRepoIds`), one per name, by name (`GET /orgs/{org}/issue-types`); null when the caller
   * sees no repository of that account.
   */
  listOwnerIssueTypes(owner: string, privateRepoIds: ReadonlySet<number>): Awaitable<string[] | null>;
}

/** `GET /search/issues` over every repository the caller may see. */
export interface IssueSearch {
  /** The issues a search selects, one page in its order; the text index is written with each import, in its transaction. */
  searchIssues(request: SearchRequest): Awaitable<SearchPage>;
}

/** Imports and renames: each one transaction, and each bumps the repository's data version. */
export interface IssueWriter {
  /** Imports issues, comments and events in one transaction (re-importing an issue updates it by number, an event by id). */
  importIssues(options: ImportOptions, issues: ImportedIssue[], comments: ImportedComment[], nowMs: number, events?: ImportedEvent[]): Awaitable<ImportResult>;
  /** The same, with the rows built elsewhere: the `import` command builds them on a worker thread. */
  importFrom(options: ImportOptions, source: ImportSource, nowMs: number): Awaitable<ImportResult>;
  renameRepo(from: { owner: string; name: string }, to: { owner: string; name: string }, nowMs: number): Awaitable<RepoRecord>;
}

/** Personal access tokens, by hash (the token itself is never stored). */
export interface TokenStore {
  findToken(hash: string): Awaitable<TokenRecord | null>;
  createToken(token: NewToken, nowMs: number): Awaitable<void>;
  /** true when a token with that hash existed */
  revokeToken(hash: string): Awaitable<boolean>;
}

/** Rate-limit counters carried over a restart (limits/rate-limiter.ts owns their meaning). */
export interface CounterStore {
  loadCounters(): Awaitable<StoredCounter[]>;
  saveCounters(counters: StoredCounter[]): Awaitable<void>;
}

/** What a mirror remembers between runs (mirror/mirror-repository.ts). */
export interface MirrorStateStore {
  /** The mirror state of a local repository copied from `source`, if there is one. */
  findMirror(owner: string, name: string, source: string): Awaitable<MirrorRecord | null>;
  /**
   * The mirror state of a local repository, creating the repository and the
   * state on first use. A different `source` than last time starts afresh.
   */
  openMirror(options: ImportOptions, source: string, nowMs: number): Awaitable<MirrorRecord>;
  /** Imports one mirrored page and records the walk's progress, in one transaction. */
  saveMirrorPage(
    options: ImportOptions,
    walk: MirrorWalkName,
    state: MirrorWalk,
    page: { issues: ImportedIssue[]; comments?: ImportedComment[]; events?: ImportedEvent[]; subIssueOrders?: SubIssueOrder[] },
    nowMs: number,
  ): Awaitable<void>;
  /** Records a walk's progress alone (a 304, a finished walk). */
  saveMirrorWalk(repoId: number, walk: MirrorWalkName, state: MirrorWalk): Awaitable<void>;
  setMirrorSourcePrivate(repoId: number, isPrivate: boolean): Awaitable<void>;
  completeMirror(repoId: number, nowMs: number): Awaitable<void>;
}

/** When anything stored may have changed, by this process or another. */
export interface ChangeSignal {
  /**
   * A number that differs after any write seen since the last call, by any
   * process; cheap and synchronous, as the cached-answer lane asks it per request.
   */
  changeVersion(): number;
}

/** Everything stored, on one engine. */
export interface Storage
  extends RepositoryReader, IssueReader, PeopleReader, IssueLinkReader, IssueSearch, IssueWriter, TokenStore, CounterStore, MirrorStateStore, ChangeSignal {
  /**
   * Runs `work` as one transaction: every write it makes through `storage` is
   * stored, or none. `work` awaits only `storage` (SQLite holds the transaction
   * open across those awaits; nothing else may run on it meanwhile).
   */
  atomically<T>(work: (storage: Storage) => Promise<T>): Promise<T>;
  close(): Awaitable<void>;
}
