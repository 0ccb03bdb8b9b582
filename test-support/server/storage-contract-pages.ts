/**
 * The storage contract on lists: pages and totals, every sort and direction, every filter, and
 * comments and labels, each held to a reference order computed from the imported issues.
 */
import { describe, expect } from 'vitest';
import { parseCommentParams, parseRepoCommentParams } from '../../src/shared/list-params';
import type { ImportedIssue } from '../../src/server/store/import-schema';
import type { Storage } from '../../src/server/store/storage';
import { docs, expectedNumbers, numbers } from './storage-contract-answers';
import { listParams, reader } from './storage-contract-queries';
import { NOW, PUBLIC, type WithStorage } from './storage-under-test';
import { makeComments, makeIssues } from './test-service';

export function describePageContract(engine: string, withStorage: WithStorage): void {
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

    withStorage('imports an issue naming a label, an assignee or a reference twice, and finds it by each once', async (s) => {
      const [first, second] = makeIssues(2);
      const twice: ImportedIssue = {
        ...(first as ImportedIssue),
        labels: ['Bug', 'bug', { name: 'BUG', color: 'd73a4a' }],
        assignees: [{ login: 'carol' }, { login: 'Carol' }, { login: 'car\u0001ol' }],
        body: 'Same as #2, see #2 again',
      };
      const { repo } = await s.importIssues(PUBLIC, [twice, second as ImportedIssue], [], NOW);
      expect(numbers(await s.listIssues(repo.id, listParams('?state=all&labels=bug')))).toEqual([1]);
      expect(numbers(await s.listIssues(repo.id, listParams('?state=all&assignee=CAROL')))).toEqual([1]);
      const timeline = await s.listTimeline(repo.id, 2, { page: 1, perPage: 100 });
      expect(docs(timeline).filter((d) => d.event === 'cross-referenced')).toHaveLength(1);
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
}
