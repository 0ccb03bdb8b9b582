/**
 * A generated data set (search-arbitraries.ts) imported into SQLite, and as the reference
 * evaluator (search-reference.ts) reads it: the one import both search property tests start
 * from (PostgreSQL's copies the SQLite file it makes into PostgreSQL).
 */
import type { ImportedComment, ImportedIssue } from '../../src/server/store/import-schema';
import type { SqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';
import { REPOS, type GeneratedIssue } from './search-arbitraries';
import type { ReferenceRepo } from './search-reference';

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
