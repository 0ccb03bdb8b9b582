/**
 * A generated data set (search-arbitraries.ts) imported into SQLite, and as the reference
 * evaluator (search-reference.ts) reads it: the one import both search property tests start
 * from (PostgreSQL's copies the SQLite file it makes into PostgreSQL), and the one comparison
 * they hold an engine's answer to.
 */
import { expect } from 'vitest';
import type { ImportedComment, ImportedIssue } from '../../src/server/store/import-schema';
import type { SqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';
import { hasDefinedOrder, REPOS, type GeneratedIssue, type Search } from './search-arbitraries';
import { referenceRefuses, referenceSearch, type ReferenceRepo } from './search-reference';

/** What an engine answered to a search's first page of 100: its refusal, total and `repoId#number` keys. */
export interface EngineAnswer {
  refused: boolean;
  total: number;
  hits: string[];
}

/**
 * The engine's answer is the reference's: refused alike (naming only what the caller cannot see
 * is GitHub's 422, which the route answers), the same issues and total, and the same order when
 * the order is defined (a ranked search orders by each engine's own score).
 */
export function expectReferenceAnswer(repos: readonly ReferenceRepo[], s: Search, actual: EngineAnswer): void {
  const request = { query: { where: s.where, fields: s.fields, sort: null }, privateRepoIds: new Set(s.privateRepoIds), sort: s.sort };
  expect(actual.refused).toBe(referenceRefuses(repos, request));
  if (actual.refused) return;
  const expected = referenceSearch(repos, request).map((h) => `${h.repoId}#${h.number}`);
  expect(actual.total).toBe(expected.length);
  if (hasDefinedOrder(s)) expect(actual.hits).toEqual(expected);
  else expect([...actual.hits].sort()).toEqual([...expected].sort());
}

/** Imports one generated repository per entry of REPOS into `store`; issues are numbered from 1 in each. */
export function importDataset(store: SqliteStorage, generated: ReadonlyArray<readonly GeneratedIssue[]>): ReferenceRepo[] {
  let commentIds = 0;
  return REPOS.map((r, k): ReferenceRepo => {
    const issues = (generated[k] ?? []).map((g, i): ImportedIssue => ({ ...g.issue, number: i + 1 }));
    const comments = (generated[k] ?? []).flatMap((g, i) =>
      g.comments.map(
        (c): ImportedComment => ({
          id: ++commentIds,
          issue_url: `https://api.github.com/repos/${r.owner}/${r.name}/issues/${i + 1}`,
          user: c.user,
          created_at: c.createdAt,
          updated_at: c.createdAt,
          body: c.body,
        }),
      ),
    );
    const { repo } = store.importIssues({ owner: r.owner, name: r.name, makePrivate: r.isPrivate }, issues, comments, 0);
    return { id: repo.id, owner: r.owner, name: r.name, isPrivate: r.isPrivate, issues, comments };
  });
}
