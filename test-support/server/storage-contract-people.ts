/**
 * The storage contract on a repository's people and milestones, and who a login is
 * (store/people-queries.ts): what `/assignees`, `/milestones` and `/users/{login}` are built from.
 */
import { describe, expect } from 'vitest';
import { HIDDEN_LOGIN, importPeopleRepositories } from './people-repository';
import { NOW, type WithStorage } from './storage-under-test';

export function describePeopleContract(engine: string, withStorage: WithStorage): void {
  describe(`${engine} storage: people and milestones`, () => {
    withStorage('lists everyone assigned to an issue, open or closed, or by an imported event, and an owner known as a person', async (s) => {
      await importPeopleRepositories(s, NOW);
      const plans = await s.findRepo('mona', 'plans');
      const logins = (await s.listAssignees(plans?.id ?? -1)).map((u) => u.login).sort();
      expect(logins).toEqual(['Zoe', 'alice', 'bob', 'carol', 'mona', 'yuki']);
      // An organisation owner is not assignable: octo has no row, acme is one.
      await s.importIssues({ owner: 'acme', name: 'tools', makePrivate: false }, [
        { number: 1, title: 'x', user: { login: 'acme', type: 'Organization' }, labels: [], state: 'open', locked: false, assignees: [{ login: 'dana' }], comments: 0, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', body: null },
      ], [], NOW);
      const tools = await s.findRepo('acme', 'tools');
      expect((await s.listAssignees(tools?.id ?? -1)).map((u) => u.login)).toEqual(['dana']);
    });

    withStorage("counts each milestone's open and closed issues and pull requests, from the issue updated last", async (s) => {
      await importPeopleRepositories(s, NOW);
      const plans = await s.findRepo('mona', 'plans');
      const milestones = (await s.listMilestones(plans?.id ?? -1)).sort((a, b) => a.number - b.number);
      expect(milestones.map((m) => [m.number, m.openIssues, m.closedIssues, m.document.title])).toEqual([
        [1, 1, 2, 'v1.0'],
        [2, 2, 0, 'v2.0'],
        [3, 0, 1, 'Someday'],
        [4, 0, 2, 'v0.9'],
      ]);
    });

    withStorage('finds a login only where the caller may see it, with when it was first seen there', async (s) => {
      await importPeopleRepositories(s, NOW);
      const hush = await s.findRepo('mona', 'hush');
      expect(await s.findVisibleUser('ZOE', [])).toEqual({ user: expect.objectContaining({ login: 'Zoe', name: 'Zoe Quinn' }), firstSeen: '2024-01-01T00:00:00Z' });
      // Mentioned in a body only: seen, with no row of its own.
      expect(await s.findVisibleUser('dave', [])).toEqual({ user: null, firstSeen: '2024-01-09T00:00:00Z' });
      expect(await s.findVisibleUser(HIDDEN_LOGIN, [])).toBeNull();
      expect(await s.findVisibleUser(HIDDEN_LOGIN, [hush?.id ?? -1])).toMatchObject({ user: { login: HIDDEN_LOGIN } });
      expect(await s.findVisibleUser('nobody-at-all', [])).toBeNull();
    });
  });
}
