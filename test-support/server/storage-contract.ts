/**
 * What every storage engine must answer, the same way: one suite, run
 * unchanged against each engine (`*.contract.test.ts`). It speaks only the
 * `Storage` interface and reads answers as a client would read the JSON:
 * numbers, titles and states in order, totals, records.
 */
import { describe, expect, it } from 'vitest';
import { parseCommentParams, parseListParams, parseRepoCommentParams, type ListParams, type QueryReader } from '../../src/shared/list-params';
import { parseSearchQuery } from '../../src/shared/search-query';
import { parseQueryString } from '../../src/server/http/query-string';
import type { ImportedIssue } from '../../src/server/store/import-schema';
import type { DocumentPage, SearchRequest } from '../../src/server/store/records';
import type { Storage } from '../../src/server/store/storage';
import { StoreError } from '../../src/server/store/store-error';
import { HISTORY_COMMENTS, HISTORY_EVENTS, HISTORY_ISSUES } from './history-repository';
import { makeComments, makeIssues } from './test-service';

/** A fresh, empty storage for each test, and how to let it go. */
export type OpenStorage = () => Promise<{ storage: Storage; close(): Promise<void> }>;

const NOW = Date.UTC(2026, 0, 1);
const PUBLIC = { owner: 'octo', name: 'hello', makePrivate: false };

function reader(query: string): QueryReader {
  const parsed = parseQueryString(query);
  if (!parsed.ok) throw new Error(`bad query string ${query}`);
  return parsed.read;
}

function listParams(query: string): ListParams {
  const parsed = parseListParams(reader(query));
  if (!parsed.ok) throw new Error(`bad list query ${query}`);
  return parsed.value;
}

function searchRequest(q: string, page = 1, perPage = 30): SearchRequest {
  const parsed = parseSearchQuery(q, { advanced: false });
  if (!parsed.ok) throw new Error(`bad search ${q}`);
  return { query: parsed.query, privateRepoIds: new Set(), sort: null, page, perPage };
}

interface Doc {
  number?: number;
  id?: number;
  title?: string;
  state?: string;
  body?: string | null;
  event?: string;
}

function docs(page: DocumentPage): Doc[] {
  return page.documents.map((d) => JSON.parse(d) as Doc);
}

/** The outcome of `work` as a promise: an engine may throw at once (SQLite) or reject later. */
const attempt = (work: () => unknown): Promise<unknown> => Promise.resolve().then(work);

const numbers = (page: DocumentPage): number[] => docs(page).map((d) => d.number ?? -1);

/** The issues `makeIssues(count)` makes, filtered and ordered as a reference for the engine's answers. */
function expectedNumbers(issues: ImportedIssue[], keep: (i: ImportedIssue) => boolean, by: (i: ImportedIssue) => string | number, descending: boolean): number[] {
  const kept = issues.filter(keep);
  kept.sort((a, b) => {
    const ka = by(a);
    const kb = by(b);
    const order = ka < kb ? -1 : ka > kb ? 1 : a.number - b.number;
    return descending ? -order : order;
  });
  return kept.map((i) => i.number);
}

export function describeStorageContract(engine: string, open: OpenStorage): void {
  const withStorage = (name: string, test: (storage: Storage) => Promise<void>) =>
    it(name, async () => {
      const { storage, close } = await open();
      try {
        await test(storage);
      } finally {
        await close();
      }
    });

  describe(`${engine} storage: repositories and imports`, () => {
    withStorage('imports issues and comments, and counts what it imported', async (s) => {
      const result = await s.importIssues(PUBLIC, makeIssues(12), makeComments(1, 3), NOW);
      expect(result).toMatchObject({ issues: 12, comments: 3, events: 0 });
      expect(result.repo).toMatchObject({ owner: 'octo', name: 'hello', isPrivate: false });
      const repo = await s.findRepo('OCTO', 'Hello');
      expect(repo?.id).toBe(result.repo.id);
      expect(await s.openIssueCount(result.repo.id)).toBe(makeIssues(12).filter((i) => i.state === 'open').length);
      const one = JSON.parse((await s.getIssue(result.repo.id, 2)) ?? 'null') as Doc;
      expect(one).toMatchObject({ number: 2, title: 'Issue 2', state: 'open' });
      expect(await s.getIssue(result.repo.id, 99)).toBeNull();
    });

    withStorage('re-imports an issue by number, moves the data version, and never makes a private repository public', async (s) => {
      const first = await s.importIssues({ ...PUBLIC, makePrivate: true }, makeIssues(3), [], NOW);
      const again = await s.importIssues(PUBLIC, makeIssues(3, 'Renamed'), [], NOW + 1000);
      expect(again.repo.dataVersion).toBeGreaterThan(first.repo.dataVersion);
      expect(again.repo.isPrivate).toBe(true);
      const page = await s.listIssues(first.repo.id, listParams('?state=all'));
      expect(page.total).toBe(3);
      expect(docs(page).map((d) => d.title)).toEqual(['Renamed 3', 'Renamed 2', 'Renamed 1']);
    });

    withStorage('refuses a comment on an issue the repository lacks, and stores nothing of that import', async (s) => {
      const failed = attempt(() => s.importIssues(PUBLIC, makeIssues(2), makeComments(5, 1), NOW));
      await expect(failed).rejects.toBeInstanceOf(StoreError);
      expect(await s.findRepo('octo', 'hello')).toBeNull();
    });

    withStorage('renames a repository: the old name points at the new one, until the old name is imported again', async (s) => {
      const { repo } = await s.importIssues(PUBLIC, makeIssues(2), [], NOW);
      const renamed = await s.renameRepo({ owner: 'octo', name: 'hello' }, { owner: 'octo', name: 'world' }, NOW + 1000);
      expect(renamed).toMatchObject({ id: repo.id, owner: 'octo', name: 'world' });
      expect(renamed.dataVersion).toBeGreaterThan(repo.dataVersion);
      expect(await s.findRepo('octo', 'hello')).toBeNull();
      expect((await s.findRenamed('octo', 'HELLO'))?.id).toBe(repo.id);
      await s.importIssues(PUBLIC, makeIssues(1), [], NOW + 2000);
      expect(await s.findRenamed('octo', 'hello')).toBeNull();
      await expect(attempt(() => s.renameRepo({ owner: 'octo', name: 'world' }, { owner: 'octo', name: 'hello' }, NOW))).rejects.toBeInstanceOf(StoreError);
      await expect(attempt(() => s.renameRepo({ owner: 'octo', name: 'nothing' }, { owner: 'octo', name: 'else' }, NOW))).rejects.toBeInstanceOf(StoreError);
    });

    withStorage('knows the users an import names, without case', async (s) => {
      await s.importIssues(PUBLIC, makeIssues(2), [], NOW);
      expect(await s.findUser('ALICE')).toMatchObject({ login: 'alice', type: 'User' });
      expect(await s.findUser('nobody')).toBeNull();
    });

    withStorage('moves its change version after every write', async (s) => {
      const before = s.changeVersion();
      await s.importIssues(PUBLIC, makeIssues(1), [], NOW);
      const afterImport = s.changeVersion();
      expect(afterImport).not.toBe(before);
      await s.renameRepo({ owner: 'octo', name: 'hello' }, { owner: 'octo', name: 'moved' }, NOW);
      expect(s.changeVersion()).not.toBe(afterImport);
    });
  });

  describe(`${engine} storage: pages and filters`, () => {
    const issues = makeIssues(45);
    const seeded = async (s: Storage) => (await s.importIssues(PUBLIC, issues, makeComments(1, 3), NOW)).repo.id;

    withStorage('lists open issues newest first by default, in pages whose total counts every match', async (s) => {
      const id = await seeded(s);
      const all = expectedNumbers(issues, (i) => i.state === 'open', (i) => i.created_at, true);
      const first = await s.listIssues(id, listParams('?per_page=10'));
      expect(first.total).toBe(all.length);
      expect(numbers(first)).toEqual(all.slice(0, 10));
      const third = await s.listIssues(id, listParams('?per_page=10&page=3'));
      expect(numbers(third)).toEqual(all.slice(20, 30));
      expect((await s.listIssues(id, listParams('?per_page=10&page=9'))).documents).toEqual([]);
    });

    withStorage('walks every sort and direction page by page, each issue once, in the order of the sort key then number', async (s) => {
      const id = await seeded(s);
      const keys = { created: (i: ImportedIssue) => i.created_at, updated: (i: ImportedIssue) => i.updated_at, comments: (i: ImportedIssue) => i.comments ?? 0 };
      for (const sort of ['created', 'updated', 'comments'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const walked: number[] = [];
          for (let page = 1; page <= 7; page++) walked.push(...numbers(await s.listIssues(id, listParams(`?state=all&sort=${sort}&direction=${direction}&per_page=7&page=${page}`))));
          expect(walked, `${sort} ${direction}`).toEqual(expectedNumbers(issues, () => true, keys[sort], direction === 'desc'));
        }
      }
    });

    withStorage('filters by labels (all of them, without case), creator, assignee, mentioned, milestone and since', async (s) => {
      const id = await seeded(s);
      const has = (i: ImportedIssue, name: string) => (i.labels ?? []).some((l) => (typeof l === 'string' ? l : l.name) === name);
      const cases: Array<[string, (i: ImportedIssue) => boolean]> = [
        ['?state=all&labels=BUG', (i) => has(i, 'bug')],
        ['?state=all&labels=enhancement,good first issue', (i) => has(i, 'enhancement') && has(i, 'good first issue')],
        ['?state=closed&creator=Alice', (i) => i.state === 'closed' && i.user?.login === 'alice'],
        ['?state=all&assignee=carol', (i) => (i.assignees ?? []).some((a) => a.login === 'carol')],
        ['?state=all&assignee=none', (i) => (i.assignees ?? []).length === 0],
        ['?state=all&assignee=*', (i) => (i.assignees ?? []).length > 0],
        ['?state=all&mentioned=dave', (i) => i.number === 2],
        ['?state=all&milestone=none', () => true],
        ['?state=all&milestone=*', () => false],
        ['?state=all&milestone=9223372036854775296', () => false],
        ['?state=all&creator=a%00b', () => false],
        ['?state=all&labels=no-such-label', () => false],
        ['?state=all&since=2024-03-01T00:00:00Z', (i) => i.updated_at >= '2024-03-01T00:00:00Z'],
      ];
      for (const [query, keep] of cases) {
        const expected = expectedNumbers(issues, keep, (i) => i.created_at, true);
        const page = await s.listIssues(id, listParams(`${query}&per_page=100`));
        expect(numbers(page), query).toEqual(expected);
        expect(page.total, query).toBe(expected.length);
      }
    });

    withStorage('answers the last page of a filtered list with exactly what is left', async (s) => {
      const id = await seeded(s);
      const expected = expectedNumbers(issues, (i) => i.state === 'closed', (i) => i.updated_at, false);
      const perPage = 4;
      const lastPage = Math.ceil(expected.length / perPage);
      const last = await s.listIssues(id, listParams(`?state=closed&sort=updated&direction=asc&per_page=${perPage}&page=${lastPage}`));
      expect(last.total).toBe(expected.length);
      expect(numbers(last)).toEqual(expected.slice((lastPage - 1) * perPage));
    });

    withStorage("lists an issue's comments oldest first, since a time, and the repository's comments", async (s) => {
      const id = await seeded(s);
      const params = (q: string) => {
        const parsed = parseCommentParams(reader(q));
        if (!parsed.ok) throw new Error(q);
        return parsed.value;
      };
      const comments = await s.listComments(id, 1, params('?per_page=2'));
      expect(comments.total).toBe(3);
      expect(docs(comments).map((d) => d.body)).toEqual(['Comment 1', 'Comment 2']);
      const since = await s.listComments(id, 1, params('?since=2024-01-03T00:00:00Z'));
      expect(docs(since).map((d) => d.body)).toEqual(['Comment 2', 'Comment 3']);
      const repoParams = parseRepoCommentParams(reader('?sort=created&direction=desc'));
      if (!repoParams.ok) throw new Error('repo comment params');
      expect(docs(await s.listRepoComments(id, repoParams.value)).map((d) => d.body)).toEqual(['Comment 3', 'Comment 2', 'Comment 1']);
    });

    withStorage('lists labels by name without case', async (s) => {
      const id = await seeded(s);
      const page = await s.listLabels(id, { page: 1, perPage: 3 });
      expect(page.total).toBe(4);
      expect(page.labels.map((l) => l.name)).toEqual(['bug', 'docs', 'enhancement']);
      expect(page.labels[0]).toMatchObject({ color: 'd73a4a', description: "Something isn't working", isDefault: false });
    });
  });

  describe(`${engine} storage: history and search`, () => {
    withStorage("keeps an issue's timeline and the repository's events", async (s) => {
      const { repo } = await s.importIssues(PUBLIC, HISTORY_ISSUES, HISTORY_COMMENTS, NOW, HISTORY_EVENTS);
      const events = await s.listIssueEvents(repo.id, null, { page: 1, perPage: 100 });
      expect(events.total).toBe(HISTORY_EVENTS.length);
      const timeline = await s.listTimeline(repo.id, HISTORY_ISSUES[0]?.number ?? 1, { page: 1, perPage: 100 });
      expect(timeline.total).toBeGreaterThan(0);
    });

    withStorage('finds words in titles, bodies and comments, and forgets old text after a re-import', async (s) => {
      const { repo } = await s.importIssues(PUBLIC, makeIssues(5), makeComments(1, 3), NOW);
      const found = await s.searchIssues(searchRequest('repo:octo/hello Issue'));
      expect(found.total).toBe(5);
      expect(found.hits.every((h) => h.repo.id === repo.id)).toBe(true);
      const inComment = await s.searchIssues(searchRequest('repo:octo/hello comment'));
      expect(inComment.hits.map((h) => (JSON.parse(h.document) as Doc).number)).toEqual([1]);
      await s.importIssues(PUBLIC, [{ ...(makeIssues(2)[1] as ImportedIssue), title: 'Windows crash', body: 'It fails' }], [], NOW + 1000);
      const crash = await s.searchIssues(searchRequest('crash'));
      expect(crash.hits.map((h) => (JSON.parse(h.document) as Doc).number)).toEqual([2]);
      expect((await s.searchIssues(searchRequest('dave'))).total).toBe(0);
    });

    withStorage('searches only public repositories and the private ones granted', async (s) => {
      await s.importIssues(PUBLIC, makeIssues(2), [], NOW);
      const secret = (await s.importIssues({ owner: 'octo', name: 'secret', makePrivate: true }, makeIssues(2, 'Hidden'), [], NOW)).repo;
      expect((await s.searchIssues(searchRequest('Hidden'))).total).toBe(0);
      const granted = await s.searchIssues({ ...searchRequest('Hidden'), privateRepoIds: new Set([secret.id]) });
      expect(granted.total).toBe(2);
    });
  });

  describe(`${engine} storage: tokens, counters, mirrors and transactions`, () => {
    withStorage('creates, finds and revokes tokens with their private repositories', async (s) => {
      const secret = (await s.importIssues({ owner: 'octo', name: 'secret', makePrivate: true }, makeIssues(1), [], NOW)).repo;
      await s.createToken({ hash: 'h1', login: 'mona', name: 'laptop', expiresAt: null, repos: ['octo/secret'] }, NOW);
      const token = await s.findToken('h1');
      expect(token).toMatchObject({ hash: 'h1', login: 'mona', name: 'laptop', expiresAt: null, createdAt: NOW / 1000 });
      expect([...(token?.privateRepoIds ?? [])]).toEqual([secret.id]);
      expect(await s.findUser('mona')).toMatchObject({ login: 'mona' });
      await expect(attempt(() => s.createToken({ hash: 'h2', login: 'mona', name: 'x', expiresAt: null, repos: ['octo/none'] }, NOW))).rejects.toBeInstanceOf(StoreError);
      expect(await s.findToken('h2')).toBeNull();
      expect(await s.revokeToken('h1')).toBe(true);
      expect(await s.revokeToken('h1')).toBe(false);
      expect(await s.findToken('h1')).toBeNull();
    });

    withStorage('saves rate-limit counters and loads the newest of each', async (s) => {
      await s.saveCounters([{ key: 'ip:1.2.3.4', windowStartMs: NOW, used: 3 }, { key: 'search:user:mona', windowStartMs: NOW, used: 1 }]);
      await s.saveCounters([{ key: 'ip:1.2.3.4', windowStartMs: NOW, used: 4 }]);
      const loaded = await s.loadCounters();
      expect(loaded.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: 'ip:1.2.3.4', windowStartMs: NOW, used: 4 },
        { key: 'search:user:mona', windowStartMs: NOW, used: 1 },
      ]);
    });

    withStorage('remembers a mirror walk, and starts afresh for another source', async (s) => {
      const source = 'https://api.github.com/repos/octo/hello';
      const opened = await s.openMirror(PUBLIC, source, NOW);
      expect(opened.walks.issues).toEqual({ firstUrl: null, etag: null, since: null, nextUrl: null, runNewest: null });
      const walk = { firstUrl: `${source}/issues`, etag: 'W/"1"', since: null, nextUrl: `${source}/issues?page=2`, runNewest: '2026-01-01T00:00:00Z' };
      await s.saveMirrorPage(PUBLIC, 'issues', walk, { issues: makeIssues(2) }, NOW);
      await s.setMirrorSourcePrivate(opened.repo.id, false);
      await s.completeMirror(opened.repo.id, NOW);
      const found = await s.findMirror('octo', 'hello', source);
      expect(found?.walks.issues).toEqual(walk);
      expect(found).toMatchObject({ sourcePrivate: false, completedAt: NOW / 1000 });
      expect((await s.listIssues(opened.repo.id, listParams('?state=all'))).total).toBe(2);
      expect(await s.findMirror('octo', 'hello', 'https://elsewhere.example/repos/octo/hello')).toBeNull();
      const other = await s.openMirror(PUBLIC, 'https://elsewhere.example/repos/octo/hello', NOW);
      expect(other.walks.issues.nextUrl).toBeNull();
    });

    withStorage('stores all of an atomic unit of work, or none of it', async (s) => {
      await expect(
        s.atomically(async (tx) => {
          await tx.importIssues(PUBLIC, makeIssues(2), [], NOW);
          await tx.createToken({ hash: 'h1', login: 'mona', name: 'x', expiresAt: null, repos: [] }, NOW);
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await s.findRepo('octo', 'hello')).toBeNull();
      expect(await s.findToken('h1')).toBeNull();
      const done = await s.atomically(async (tx) => (await tx.importIssues(PUBLIC, makeIssues(2), [], NOW)).issues);
      expect(done).toBe(2);
      expect(await s.findRepo('octo', 'hello')).not.toBeNull();
    });
  });
}
