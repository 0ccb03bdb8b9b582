/**
 * The storage contract on repositories and imports: what an import stores and counts, re-imports,
 * renames, the users an import names, and the change version caches are keyed by.
 */
import { describe, expect } from 'vitest';
import { StoreRefusal } from '../../src/server/store/store-error';
import { attempt, docs, type Doc } from './storage-contract-answers';
import type { ImportedIssue } from '../../src/server/store/import-schema';
import { listParams, searchRequest } from './storage-contract-queries';
import { NOW, PUBLIC, type WithStorage } from './storage-under-test';
import { makeComments, makeIssues } from './test-service';

export function describeRepositoryContract(engine: string, withStorage: WithStorage): void {
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

    withStorage('re-imports stored issues and adds new ones in one import', async (s) => {
      const { repo } = await s.importIssues(PUBLIC, makeIssues(2), [], NOW);
      await s.importIssues(PUBLIC, makeIssues(4, 'Again'), [], NOW + 1000);
      const page = await s.listIssues(repo.id, listParams('?state=all'));
      expect(docs(page).map((d) => d.title)).toEqual(['Again 4', 'Again 3', 'Again 2', 'Again 1']);
      expect((await s.searchIssues(searchRequest('repo:octo/hello Again'))).total).toBe(4);
      expect((await s.searchIssues(searchRequest('repo:octo/hello Issue'))).total).toBe(0);
    });

    withStorage("keeps an issue's text as imported: other scripts, emoji, quotes, backslashes, tabs and newlines", async (s) => {
      const title = 'Größe 🚀 "quoted" back\\slash\ttab';
      const body = 'line one\nline two\r\n\\n is not a newline; 日本語';
      const [first] = makeIssues(1);
      const issue = { ...(first as ImportedIssue), title, body, user: { login: 'Mixed-Case' }, milestone: { number: 1, title: 'Étape\t1' } } as ImportedIssue;
      const { repo } = await s.importIssues(PUBLIC, [issue], [], NOW);
      const doc = JSON.parse((await s.getIssue(repo.id, 1)) ?? 'null') as Doc & { body: string; user: { login: string }; milestone: { title: string } };
      expect(doc).toMatchObject({ title, body, user: { login: 'Mixed-Case' }, milestone: { title: 'Étape\t1' } });
      expect(docs(await s.listIssues(repo.id, listParams('?creator=mixed-case'))).map((d) => d.title)).toEqual([title]);
      expect((await s.searchIssues(searchRequest('repo:octo/hello 日本語'))).total).toBe(1);
      expect((await s.searchIssues(searchRequest('repo:octo/hello größe'))).total).toBe(1);
    });

    withStorage('refuses a comment on an issue the repository lacks, and stores nothing of that import', async (s) => {
      const failed = attempt(() => s.importIssues(PUBLIC, makeIssues(2), makeComments(5, 1), NOW));
      await expect(failed).rejects.toBeInstanceOf(StoreRefusal);
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
      await expect(attempt(() => s.renameRepo({ owner: 'octo', name: 'world' }, { owner: 'octo', name: 'hello' }, NOW))).rejects.toBeInstanceOf(StoreRefusal);
      await expect(attempt(() => s.renameRepo({ owner: 'octo', name: 'nothing' }, { owner: 'octo', name: 'else' }, NOW))).rejects.toBeInstanceOf(StoreRefusal);
    });

    withStorage('knows the users an import names, without case', async (s) => {
      await s.importIssues(PUBLIC, makeIssues(2), [], NOW);
      expect(await s.findUser('ALICE')).toMatchObject({ login: 'alice', type: 'User' });
      expect(await s.findUser('nobody')).toBeNull();
    });

    withStorage('finds no repository, redirect, user or token by a name holding U+0000 (no stored text holds one)', async (s) => {
      const { repo } = await s.importIssues(PUBLIC, makeIssues(1), [], NOW);
      await s.renameRepo({ owner: 'octo', name: 'hello' }, { owner: 'octo', name: 'world' }, NOW);
      expect(await s.findRepo('octo', 'world\u0000')).toBeNull();
      expect(await s.findRenamed('octo\u0000', 'hello')).toBeNull();
      expect(await s.findUser('alice\u0000')).toBeNull();
      expect(await s.findToken('\u0000')).toBeNull();
      expect((await s.findRepo('octo', 'world'))?.id).toBe(repo.id);
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
}
