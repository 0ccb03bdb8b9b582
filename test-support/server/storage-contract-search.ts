/**
 * The storage contract on history and search: timelines and events, full-text search that forgets
 * replaced text, and search that never reaches a private repository not granted.
 */
import { describe, expect } from 'vitest';
import type { ImportedIssue } from '../../src/server/store/import-schema';
import type { Doc } from './storage-contract-answers';
import { searchRequest } from './storage-contract-queries';
import { HISTORY_COMMENTS, HISTORY_EVENTS, HISTORY_ISSUES } from './history-repository';
import { NOW, PUBLIC, type WithStorage } from './storage-under-test';
import { makeComments, makeIssues } from './test-service';

export function describeSearchContract(engine: string, withStorage: WithStorage): void {
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
}
