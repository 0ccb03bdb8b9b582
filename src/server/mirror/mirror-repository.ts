/**
 * Copies one repository's issues (pull requests included) and their comments
 * from any service that speaks GitHub's REST API into the local store.
 *
 * Each list is walked newest-`updated_at` first with `per_page=100`, following
 * `Link: rel="next"`:
 *
 * - The first page is asked with the `If-None-Match` of the last walk's first
 *   page: a 304 means nothing changed, and costs nothing.
 * - A later walk stops at the first page that reaches below `since`, the
 *   newest `updated_at` the last complete walk saw, so it fetches the pages
 *   that changed and one credit each. (Comparing is inclusive, as GitHub's
 *   own `since` is, so an edit in the same second is never lost.)
 * - Each page is imported together with the walk's progress in one
 *   transaction. An interrupted walk resumes from its next page; newest-first
 *   order means anything that changed meanwhile moved towards pages already
 *   read, so resuming can fetch an issue twice (an upsert) but never skip one,
 *   and what moved is newer than `since` and is caught by the next run.
 *
 * Why not `since` in the query: the first page's URL would then change after
 * every run that found something, its ETag could never be reused, and every
 * such run would be followed by one that pays a credit for nothing.
 */
import { toIsoSeconds } from '../../shared/iso-seconds';
import {
  importedCommentList,
  importedEventList,
  importedIssueList,
  type ImportedComment,
  type ImportedEvent,
  type ImportedIssue,
  type ImportedUser,
} from '../store/import-schema';
import { parentNumberOf } from '../store/build-documents';
import type { ImportOptions, MirrorWalk, MirrorWalkName, SubIssueOrder } from '../store/records';
import type { IssueReader, MirrorStateStore } from '../store/storage';
import { MirrorError, SourceClient, type SourceDependencies, type SourcePage, type WaitReason } from './source-client';

export const MIRROR_PER_PAGE = 100;

export interface MirrorOptions {
  /** e.g. `https://api.github.com`, `https://HOST/api/v3`, `http://127.0.0.1:8080/api` */
  from: string;
  token: string | null;
  /** the repository at the source */
  source: { owner: string; name: string };
  /** the local repository to copy into */
  target: { owner: string; name: string };
  /** make the local copy private whatever the source says */
  makePrivate?: boolean;
}

export type MirrorEvent =
  | { kind: 'start'; resuming: MirrorWalkName[] }
  | { kind: 'repository'; isPrivate: boolean; fullName: string }
  /** `remaining`: the source's `x-ratelimit-remaining` after this page */
  | { kind: 'page'; walk: MirrorWalkName; page: number; received: number; imported: number; remaining: number | null }
  | { kind: 'not-modified'; walk: MirrorWalkName }
  /** the source does not have the list (404): an optional walk is skipped */
  | { kind: 'absent'; walk: MirrorWalkName }
  | { kind: 'waiting'; reason: WaitReason; seconds: number; untilMs: number }
  | { kind: 'moved'; from: string; to: string };

export interface MirrorResult {
  issues: number;
  comments: number;
  events: number;
  /** requests that cost a credit at the source */
  charged: number;
  notModified: number;
  pages: Record<MirrorWalkName, number>;
}

export interface MirrorDependencies extends Omit<SourceDependencies, 'events'> {
  onEvent?: (event: MirrorEvent) => void;
}

/** Normalises `--from`: http(s), no credentials, query or fragment, no trailing slash. */
export function parseBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new MirrorError(`'${raw}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new MirrorError('--from must be an http or https URL');
  if (url.username || url.password) throw new MirrorError('--from must not carry credentials; pass --token');
  if (url.search || url.hash) throw new MirrorError('--from must be a base URL without query or fragment');
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

function timeOf(iso: unknown): number {
  return typeof iso === 'string' ? Date.parse(iso) : NaN;
}

function newest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return timeOf(a) >= timeOf(b) ? a : b;
}

function validate<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, body: unknown, url: string, what: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new MirrorError(`${url} did not answer ${what}: at ${issue?.path.map(String).join('.') || '(top)'}: ${issue?.message ?? 'invalid'}`);
}

export async function mirrorRepository(store: MirrorStateStore & Pick<IssueReader, 'getIssue'>, options: MirrorOptions, deps: MirrorDependencies): Promise<MirrorResult> {
  const base = parseBaseUrl(options.from);
  const repoPath = `${base.href.replace(/\/+$/, '')}/repos/${encodeURIComponent(options.source.owner)}/${encodeURIComponent(options.source.name)}`;
  const emit = deps.onEvent ?? (() => {});
  const client = new SourceClient(base, options.token, {
    ...deps,
    events: {
      waiting: (reason, seconds, untilMs) => emit({ kind: 'waiting', reason, seconds, untilMs }),
      moved: (from, to) => emit({ kind: 'moved', from, to }),
    },
  });

  const importOptions: ImportOptions = { owner: options.target.owner, name: options.target.name, makePrivate: options.makePrivate ?? false };
  const known = await store.findMirror(options.target.owner, options.target.name, repoPath);
  let record;
  if (known === null || known.sourcePrivate === null) {
    // First, before anything local exists: is the source private (then so is the copy)?
    const repo = await client.get(repoPath).catch((err: unknown) => {
      if (err instanceof MirrorError && /^404 /.test(err.message)) {
        throw new MirrorError(`${options.source.owner}/${options.source.name} was not found at ${base.href} (or the token cannot see it)`);
      }
      throw err;
    });
    const body = repo.body as { private?: unknown; description?: unknown; full_name?: unknown } | null;
    const isPrivate = body?.private === true;
    emit({ kind: 'repository', isPrivate, fullName: typeof body?.full_name === 'string' ? body.full_name : `${options.source.owner}/${options.source.name}` });
    importOptions.makePrivate = importOptions.makePrivate || isPrivate;
    if (typeof body?.description === 'string') importOptions.description = body.description;
    record = await store.openMirror(importOptions, repoPath, deps.now());
    await store.setMirrorSourcePrivate(record.repo.id, isPrivate);
  } else {
    importOptions.makePrivate = importOptions.makePrivate || known.sourcePrivate;
    record = await store.openMirror(importOptions, repoPath, deps.now());
  }
  emit({ kind: 'start', resuming: (['issues', 'comments', 'events'] as const).filter((w) => record.walks[w].nextUrl !== null) });

  const result: MirrorResult = { issues: 0, comments: 0, events: 0, charged: 0, notModified: 0, pages: { issues: 0, comments: 0, events: 0 } };
  const repoId = record.repo.id;

  /**
   * Walks one list. `take` validates a page's changed items and imports them
   * together with the walk's new state (one transaction); it returns how many
   * it imported.
   */
  const walk = async (
    name: MirrorWalkName,
    firstUrl: string,
    take: (items: unknown[], url: string, state: MirrorWalk) => Promise<number>,
    { optional = false } = {},
  ): Promise<void> => {
    const saved = record.walks[name];
    const since = saved.since;
    const sinceMs = since === null ? -Infinity : timeOf(since);
    let state: MirrorWalk = { ...saved };
    let url: string;
    let first: boolean;
    if (saved.nextUrl !== null) {
      url = saved.nextUrl;
      first = false;
    } else {
      // The last walk's first page (after redirects) is where its ETag applies.
      url = saved.firstUrl !== null && new URL(saved.firstUrl).origin === base.origin ? saved.firstUrl : firstUrl;
      first = true;
    }
    for (;;) {
      const page = await client.get(url, first && state.etag !== null && url === state.firstUrl ? state.etag : null).catch((err: unknown) => {
        if (optional && first && err instanceof MirrorError && /^404 /.test(err.message)) return null;
        throw err;
      });
      if (page === null) {
        emit({ kind: 'absent', walk: name });
        return;
      }
      if (page.status === 304) {
        emit({ kind: 'not-modified', walk: name });
        return;
      }
      if (!Array.isArray(page.body)) throw new MirrorError(`${page.url} did not answer a JSON array`);
      const items = page.body as Array<{ updated_at?: unknown; created_at?: unknown }>;
      if (first) state = { ...state, firstUrl: page.url, etag: page.etag };
      let runNewest = state.runNewest;
      const stamp = (item: (typeof items)[number]): number => timeOf(item.updated_at ?? item.created_at);
      for (const item of items) if (!Number.isNaN(stamp(item))) runNewest = newest(runNewest, toIsoSeconds(stamp(item)));
      // Inclusive (see above): what was updated in the very second of `since` is taken again.
      const changed = items.filter((i) => !(stamp(i) < sinceMs));
      const next = changed.length < items.length ? null : page.next;
      state = next ? { ...state, nextUrl: next, runNewest } : { ...state, nextUrl: null, runNewest: null, since: newest(since, runNewest) };
      const imported = await take(changed, page.url, state);
      result.pages[name]++;
      emit({ kind: 'page', walk: name, page: result.pages[name], received: items.length, imported, remaining: client.remainingCredits() });
      if (!next) return;
      url = next;
      first = false;
    }
  };

  /**
   * The priority order of each parent's sub-issues (issue 47): an issue names its parent but not
   * its place, so the sub-issue list of every parent this page brings (`sub_issues_summary.total`
   * above 0) is read, a credit a page, following `next`. Only parents whose `updated_at` moved
   * since the last run come back in the walk, so an unchanged parent is not asked again.
   */
  const subIssueOrders = async (issues: readonly ImportedIssue[]): Promise<SubIssueOrder[]> => {
    const orders: SubIssueOrder[] = [];
    for (const parent of issues) {
      if ((parent.sub_issues_summary?.total ?? 0) === 0) continue;
      const children: number[] = [];
      let next: string | null = `${repoPath}/issues/${parent.number}/sub_issues?per_page=${MIRROR_PER_PAGE}`;
      while (next !== null) {
        const page: SourcePage = await client.get(next);
        const listed = validate<ImportedIssue[]>(importedIssueList, page.body, page.url, 'GitHub sub-issues');
        children.push(...listed.filter((child) => parentNumberOf(child) === parent.number).map((child) => child.number));
        next = page.next;
      }
      orders.push({ parent: parent.number, children });
    }
    return orders;
  };

  await walk('issues', `${repoPath}/issues?state=all&sort=updated&direction=desc&per_page=${MIRROR_PER_PAGE}`, async (items, url, state) => {
    const issues = validate<ImportedIssue[]>(importedIssueList, items, url, 'GitHub issues');
    for (const issue of issues) localiseIssueAvatars(issue, base.origin);
    if (issues.length > 0) await store.saveMirrorPage(importOptions, 'issues', state, { issues, subIssueOrders: await subIssueOrders(issues) }, deps.now());
    else await store.saveMirrorWalk(repoId, 'issues', state);
    result.issues += issues.length;
    return issues.length;
  });

  /**
   * The issues of `numbers` this copy lacks, fetched one by one (rare, a credit each): a comment or
   * an event of an issue opened after the issue walk went by. One gone since (deleted,
   * transferred) is left out, and what belongs to it goes with it.
   */
  const fetchMissingIssues = async (numbers: readonly number[]): Promise<ImportedIssue[]> => {
    const fetched: ImportedIssue[] = [];
    for (const n of new Set(numbers)) {
      if ((await store.getIssue(repoId, n)) !== null) continue;
      const one = await client.get(`${repoPath}/issues/${n}`).catch((err: unknown) => {
        if (err instanceof MirrorError && /^(404|410) /.test(err.message)) return null;
        throw err;
      });
      if (one) fetched.push(...validate<ImportedIssue[]>(importedIssueList, [one.body], one.url, 'a GitHub issue'));
    }
    for (const issue of fetched) localiseIssueAvatars(issue, base.origin);
    return fetched;
  };
  /** Which of `numbers` this copy has, counting the issues just `fetched`. */
  const knownIssues = async (fetched: readonly ImportedIssue[], numbers: readonly number[]): Promise<Set<number>> => {
    const known = new Set(fetched.map((i) => i.number));
    for (const n of new Set(numbers)) if (!known.has(n) && (await store.getIssue(repoId, n)) !== null) known.add(n);
    return known;
  };

  await walk('comments', `${repoPath}/issues/comments?sort=updated&direction=desc&per_page=${MIRROR_PER_PAGE}`, async (items, url, state) => {
    const comments = validate<ImportedComment[]>(importedCommentList, items, url, 'GitHub issue comments');
    for (const comment of comments) localiseAvatar(comment.user, base.origin);
    const fetched = await fetchMissingIssues(comments.map(issueNumberOf));
    const known = await knownIssues(fetched, comments.map(issueNumberOf));
    const kept = comments.filter((c) => known.has(issueNumberOf(c)));
    if (kept.length + fetched.length > 0) await store.saveMirrorPage(importOptions, 'comments', state, { issues: fetched, comments: kept }, deps.now());
    else await store.saveMirrorWalk(repoId, 'comments', state);
    result.issues += fetched.length;
    result.comments += kept.length;
    return kept.length;
  });

  // Newest first, as GitHub lists them; an event never changes, so its created_at is its updated_at.
  // A source without the list (an older Issuescope) answers 404: it has no history to copy.
  await walk('events', `${repoPath}/issues/events?per_page=${MIRROR_PER_PAGE}`, async (items, url, state) => {
    const events = validate<ImportedEvent[]>(importedEventList, items, url, 'GitHub issue events');
    for (const event of events) {
      const owners = [event.sub_issue?.repository?.owner, event.parent_issue?.repository?.owner];
      for (const user of [event.actor, event.assignee, event.assigner, ...owners]) localiseAvatar(user, base.origin);
    }
    const fetched = await fetchMissingIssues(events.map((e) => e.issue.number));
    const known = await knownIssues(fetched, events.map((e) => e.issue.number));
    const kept = events.filter((e) => known.has(e.issue.number));
    if (kept.length + fetched.length > 0) await store.saveMirrorPage(importOptions, 'events', state, { issues: fetched, events: kept }, deps.now());
    else await store.saveMirrorWalk(repoId, 'events', state);
    result.issues += fetched.length;
    result.events += kept.length;
    return kept.length;
  }, { optional: true });

  await store.completeMirror(repoId, deps.now());
  result.charged = client.counts.charged;
  result.notModified = client.counts.notModified;
  return result;
}

/**
 * Another Issuescope serves identicons at `/avatars/{login}.svg`; the copy
 * draws the same one itself rather than depend on the source staying up.
 */
function localiseAvatar(user: ImportedUser | null | undefined, sourceOrigin: string): void {
  if (!user?.avatar_url) return;
  if (user.avatar_url === `${sourceOrigin}/avatars/${encodeURIComponent(user.login)}.svg`) delete user.avatar_url;
}

function localiseIssueAvatars(issue: ImportedIssue, sourceOrigin: string): void {
  for (const user of [issue.user, issue.assignee, ...(issue.assignees ?? []), issue.milestone?.creator]) localiseAvatar(user, sourceOrigin);
}

function issueNumberOf(comment: ImportedComment): number {
  return Number(/\/issues\/(\d+)$/.exec(comment.issue_url)?.[1]);
}
