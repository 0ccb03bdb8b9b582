// Search through the store as the route uses it: the index follows every import, mirror page
// and rename in the same transaction, a database from before search is indexed on opening,
// private repositories stay out of reach, and no typed character is read as FTS5 syntax.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchNode, SearchSort, TextField } from '../../shared/search-query';
import { commentRow, issueRow } from './import-rows';
import type { ImportedComment, ImportedIssue } from './import-schema';
import type { SearchPage } from './records';
import type { SqliteStorage } from './sqlite/sqlite-storage';
import { MIGRATIONS } from './sqlite/schema';
import { RUN_ISSUES } from './sqlite/sqlite-search-index';
import { openSqliteStorage } from './sqlite/sqlite-storage';

const SPAN = { start: 0, end: 0 };
const word = (text: string): SearchNode => ({ kind: 'text', text, phrase: false, span: SPAN });
const repoTerm = (owner: string, name: string): SearchNode => ({ kind: 'repo', owner, name, span: SPAN });
const and = (...operands: SearchNode[]): SearchNode => ({ kind: 'and', operands });

function issue(number: number, fields: Partial<ImportedIssue> = {}): ImportedIssue {
  return {
    number,
    title: `Issue ${number}`,
    user: { login: 'ann' },
    labels: [],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: `2024-01-${String(number).padStart(2, '0')}T00:00:00Z`,
    updated_at: `2024-01-${String(number).padStart(2, '0')}T00:00:00Z`,
    body: null,
    ...fields,
  };
}

function comment(id: number, number: number, body: string, login = 'bo', repo = 'octo/search'): ImportedComment {
  return {
    id,
    issue_url: `https://api.github.com/repos/${repo}/issues/${number}`,
    user: { login },
    created_at: '2024-02-01T00:00:00Z',
    updated_at: '2024-02-01T00:00:00Z',
    body,
  };
}

const REPO = { owner: 'octo', name: 'search', makePrivate: false };

function search(
  store: SqliteStorage,
  where: SearchNode | null,
  options: { privateRepoIds?: number[]; fields?: TextField[]; sort?: SearchSort | null; perPage?: number } = {},
): SearchPage {
  return store.searchIssues({
    query: { where, fields: options.fields ?? ['title', 'body', 'comments'], sort: null },
    privateRepoIds: new Set(options.privateRepoIds ?? []),
    sort: options.sort ?? null,
    page: 1,
    perPage: options.perPage ?? 100,
  });
}

const numbers = (page: SearchPage): number[] => page.hits.map((h) => (JSON.parse(h.document) as { number: number }).number);

describe('the search index through the store', () => {
  let dir: string;
  let store: SqliteStorage;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-search-'));
    store = openSqliteStorage(path.join(dir, 'db.sqlite'));
  });

  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds an import’s text right after it, and a re-import’s text instead of the old', () => {
    store.importIssues(REPO, [issue(1, { title: 'Rocket explodes on launch', body: 'Stack trace attached' })], [], 0);
    expect(numbers(search(store, word('explodes')))).toEqual([1]);
    expect(numbers(search(store, word('trace')))).toEqual([1]);

    store.importIssues(REPO, [issue(1, { title: 'Rocket lands softly', body: null })], [], 0);
    expect(search(store, word('explodes')).total).toBe(0);
    expect(search(store, word('trace')).total).toBe(0);
    expect(numbers(search(store, word('softly')))).toEqual([1]);
  });

  it('finds every issue of an import larger than the runs its text is written in, and none of a re-imported issue’s old text', () => {
    store.importIssues(REPO, [issue(1, { title: 'oldword' })], [], 0);
    const count = 2 * RUN_ISSUES + 7;
    const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString().replace('.000', '');
    const many = Array.from({ length: count }, (_, i) => issue(i + 1, { title: `Entry tag${i + 1}`, body: i === 0 ? 'newword' : null, created_at: day(i), updated_at: day(i) }));
    store.importIssues(REPO, many, [], 0);
    for (const n of [1, 2, RUN_ISSUES - 1, RUN_ISSUES, RUN_ISSUES + 1, 2 * RUN_ISSUES, 2 * RUN_ISSUES + 1, count]) {
      expect(numbers(search(store, word(`tag${n}`)))).toEqual([n]);
    }
    expect(search(store, word('entry'), { perPage: 1 }).total).toBe(count);
    expect(search(store, word('oldword')).total).toBe(0);
    expect(numbers(search(store, word('newword')))).toEqual([1]);
  });

  it('keeps earlier comments’ text when an issue is re-imported without them', () => {
    store.importIssues(REPO, [issue(1)], [comment(11, 1, 'segfault in the loader')], 0);
    store.importIssues(REPO, [issue(1, { title: 'Renamed issue' })], [], 0);
    expect(numbers(search(store, word('segfault')))).toEqual([1]);
    expect(numbers(search(store, word('renamed')))).toEqual([1]);
  });

  it('adds a mirrored page’s new comments to their issue’s text, and a changed comment replaces its old text', () => {
    store.importIssues(REPO, [issue(1, { title: 'Crash' }), issue(2)], [comment(11, 1, 'first remark')], 0);
    const mirror = store.openMirror(REPO, 'https://api.github.com/repos/octo/search', 0);
    const walk = mirror.walks.comments;
    store.saveMirrorPage(REPO, 'comments', walk, { issues: [], comments: [comment(12, 1, 'second remark about zeppelins')] }, 0);
    expect(numbers(search(store, word('zeppelins')))).toEqual([1]);
    expect(numbers(search(store, word('first')))).toEqual([1]);

    store.saveMirrorPage(REPO, 'comments', walk, { issues: [], comments: [comment(11, 1, 'edited remark')] }, 0);
    expect(search(store, word('first')).total).toBe(0);
    expect(numbers(search(store, word('edited')))).toEqual([1]);
    expect(numbers(search(store, and(word('remark'), { kind: 'user', role: 'commenter', login: 'BO', span: SPAN })))).toEqual([1]);
  });

  it('moves a comment’s text with the comment when it is imported under another issue', () => {
    store.importIssues(REPO, [issue(1), issue(2)], [comment(11, 1, 'wandering words')], 0);
    store.importIssues(REPO, [], [comment(11, 2, 'wandering words')], 0);
    expect(numbers(search(store, word('wandering')))).toEqual([2]);
  });

  it('finds a renamed repository under its new name with repo:', () => {
    store.importIssues(REPO, [issue(1, { title: 'Launch checklist' })], [], 0);
    store.renameRepo({ owner: 'octo', name: 'search' }, { owner: 'octo', name: 'found' }, 0);
    const page = search(store, and(repoTerm('OCTO', 'Found'), word('checklist')));
    expect(numbers(page)).toEqual([1]);
    expect(page.hits[0]?.repo.name).toBe('found');
    expect(search(store, and(repoTerm('octo', 'search'), word('checklist'))).total).toBe(0);
  });

  it('never returns a private repository’s issues to a caller not granted it', () => {
    const open = store.importIssues(REPO, [issue(1, { title: 'Shared secret handling' })], [], 0).repo;
    const hidden = store.importIssues({ owner: 'octo', name: 'vault', makePrivate: true }, [issue(1, { title: 'Secret rotation' })], [], 0).repo;
    const other = store.importIssues({ owner: 'octo', name: 'attic', makePrivate: true }, [issue(1, { title: 'Secret attic' })], [], 0).repo;

    const anonymous = search(store, word('secret'));
    expect(anonymous.hits.map((h) => h.repo.id)).toEqual([open.id]);
    expect(search(store, and(repoTerm('octo', 'vault'), word('secret'))).total).toBe(0);
    expect(search(store, { kind: 'not', operand: word('nothing'), span: SPAN }).hits.map((h) => h.repo.id)).toEqual([open.id]);
    expect(search(store, { kind: 'owner', login: 'octo', span: SPAN }).total).toBe(1);

    const granted = search(store, word('secret'), { privateRepoIds: [hidden.id] });
    expect(new Set(granted.hits.map((h) => h.repo.id))).toEqual(new Set([open.id, hidden.id]));
    expect(granted.hits.some((h) => h.repo.id === other.id)).toBe(false);
  });

  it('never throws on FTS5 syntax typed as text, and reads it as the words it contains', () => {
    store.importIssues(REPO, [issue(1, { title: 'near the launch pad', body: 'or else' }), issue(2, { title: 'Other' })], [], 0);
    for (const text of ['"', '""', '"launch', '*', 'launch*', 'NEAR', 'NEAR(launch pad)', 'OR', 'AND', 'NOT', '^launch', 'title:launch', ':', '{title}', '(', ')', '-', '+', "'", '\\', '\u0000']) {
      expect(() => search(store, word(text)), text).not.toThrow();
      expect(() => search(store, { kind: 'not', operand: word(text), span: SPAN }), text).not.toThrow();
    }
    expect(numbers(search(store, word('NEAR(launch pad)')))).toEqual([]);
    expect(numbers(search(store, word('near the launch')))).toEqual([1]);
    expect(numbers(search(store, word('title:launch')))).toEqual([]);
    expect(numbers(search(store, word('^launch*')))).toEqual([1]);
    expect(numbers(search(store, word('OR')))).toEqual([1]);
  });

  it('looks for text only in the fields `in:` names', () => {
    store.importIssues(REPO, [issue(1, { title: 'Gauge', body: 'needle' }), issue(2, { title: 'needle', body: 'Gauge' })], [comment(11, 1, 'thread')], 0);
    expect(numbers(search(store, word('needle'), { fields: ['title'] }))).toEqual([2]);
    expect(numbers(search(store, word('needle'), { fields: ['body'] }))).toEqual([1]);
    expect(numbers(search(store, word('thread'), { fields: ['title', 'body'] }))).toEqual([]);
    expect(numbers(search(store, word('thread'), { fields: ['comments'] }))).toEqual([1]);
  });

  it('ranks an issue about the word above one that mentions it in passing, and scores are positive', () => {
    const filler = Array.from({ length: 10 }, (_, i) => issue(i + 3, { title: `Unrelated ${i}`, body: 'nothing to see' }));
    store.importIssues(
      REPO,
      [issue(1, { title: 'Telemetry', body: `${'words '.repeat(80)} telemetry` }), issue(2, { title: 'Telemetry telemetry', body: 'telemetry again' }), ...filler],
      [],
      0,
    );
    const page = search(store, word('telemetry'));
    expect(numbers(page)).toEqual([2, 1]);
    expect(page.hits[0]!.score).toBeGreaterThan(page.hits[1]!.score);
    expect(page.hits[1]!.score).toBeGreaterThan(1);
    expect(search(store, { kind: 'state', value: 'open', span: SPAN }).hits.every((h) => h.score === 1)).toBe(true);
  });

  it('pages through a ranked search, and after an import ranks the new text, not what it remembered', () => {
    const filler = Array.from({ length: 20 }, (_, i) => issue(i + 10, { title: `Unrelated ${i}`, body: 'nothing to see' }));
    const about = (n: number, times: number) => issue(n, { title: 'Telemetry', body: `${'telemetry '.repeat(times)}${'words '.repeat(40)}` });
    store.importIssues(REPO, [about(1, 1), about(2, 2), about(3, 3), ...filler], [], 0);
    const page = (n: number) =>
      numbers(store.searchIssues({ query: { where: word('telemetry'), fields: ['title', 'body', 'comments'], sort: null }, privateRepoIds: new Set(), sort: null, page: n, perPage: 2 }));
    expect([...page(1), ...page(2)]).toEqual([3, 2, 1]);
    expect(page(2)).toEqual([1]);

    store.importIssues(REPO, [about(1, 6)], [], 0);
    expect([...page(1), ...page(2)]).toEqual([1, 3, 2]);
  });

  it('counts every result while returning one page, newest first without text', () => {
    store.importIssues(REPO, Array.from({ length: 25 }, (_, i) => issue(i + 1, { title: 'common word' })), [], 0);
    const page = search(store, word('common'), { perPage: 10 });
    expect(page.total).toBe(25);
    expect(numbers(page)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    const oldest = search(store, word('common'), { perPage: 3, sort: { field: 'created', order: 'asc' } });
    expect(numbers(oldest)).toEqual([1, 2, 3]);
  });
});

describe('a database from before search', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-search-migrate-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('is indexed when opened: qualifiers and text find what was imported before', () => {
    const file = path.join(dir, 'old.sqlite');
    const db = new Database(file);
    for (const migration of MIGRATIONS.slice(0, 2)) {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.pragma('user_version = 2');
    db.prepare("INSERT INTO repos (id, owner, name, private, created_at, modified_at) VALUES (1, 'octo', 'old', 0, '2024-01-01T00:00:00Z', 0)").run();
    const old = [
      issue(1, { title: 'Café crashes', milestone: { number: 1, title: 'Spring' } }),
      issue(2, { title: 'Merged change', state: 'closed', closed_at: '2024-03-01T00:00:00Z', pull_request: { merged_at: null } }),
    ];
    for (const imported of old) {
      // The rows as the previous schema's import wrote them.
      const row = issueRow(imported, 1, new Map(), { localAvatars: false });
      db.prepare(
        'INSERT INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(row.number, row.state, row.createdAt, row.updatedAt, row.comments, row.creator, row.milestone, row.assigneeCount, row.doc);
    }
    const c = commentRow(comment(31, 1, 'reproduced on ARM', 'cy', 'octo/old'), { localAvatars: false });
    db.prepare('INSERT INTO comments (id, repo_id, issue_number, created_at, updated_at, doc) VALUES (?, 1, ?, ?, ?, ?)').run(c.id, c.issueNumber, c.createdAt, c.updatedAt, c.doc);
    db.close();

    const store = openSqliteStorage(file);
    try {
      expect(numbers(search(store, word('cafe')))).toEqual([1]);
      expect(numbers(search(store, word('arm')))).toEqual([1]);
      expect(numbers(search(store, { kind: 'type', value: 'pr', span: SPAN }))).toEqual([2]);
      expect(numbers(search(store, { kind: 'milestone', title: 'SPRING', span: SPAN }))).toEqual([1]);
      expect(numbers(search(store, { kind: 'user', role: 'commenter', login: 'cy', span: SPAN }))).toEqual([1]);
      const closedInMarch = { kind: 'date', field: 'closed', range: { from: '2024-03-01T00:00:00Z', to: '2024-03-02T00:00:00Z' }, span: SPAN } as const;
      expect(numbers(search(store, closedInMarch))).toEqual([2]);
    } finally {
      store.close();
    }
  });
});

describe('a database from before the reactions and merge columns', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-reactions-migrate-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills them from the stored documents when opened: reactions:, interactions:, is:merged, merged: and their orders answer', () => {
    const file = path.join(dir, 'old.sqlite');
    const db = new Database(file);
    for (const migration of MIGRATIONS.slice(0, 5)) {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.pragma('user_version = 5');
    db.prepare("INSERT INTO repos (id, owner, name, private, created_at, modified_at) VALUES (1, 'octo', 'old', 0, '2024-01-01T00:00:00Z', 0)").run();
    const old = [
      issue(1, { reactions: { '+1': 2, heart: 3 }, comments: 1 }),
      issue(2, { title: 'Merged change', state: 'closed', closed_at: '2024-03-01T00:00:00Z', pull_request: { merged_at: '2024-03-01T00:00:00Z' }, reactions: { eyes: 1 } }),
      issue(3, { comments: 4 }),
    ];
    for (const imported of old) {
      // The rows as the previous schema's import wrote them.
      const row = issueRow(imported, 1, new Map(), { localAvatars: false });
      db.prepare(
        `INSERT INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc, is_pull_request, closed_at, milestone_title)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(row.number, row.state, row.createdAt, row.updatedAt, row.comments, row.creator, row.milestone, row.assigneeCount, row.doc, row.isPullRequest ? 1 : 0, row.closedAt, row.milestoneTitle);
    }
    db.close();

    const store = openSqliteStorage(file);
    try {
      expect(numbers(search(store, { kind: 'count', field: 'reactions', range: { min: 1, max: null }, span: SPAN }))).toEqual([2, 1]);
      expect(numbers(search(store, { kind: 'count', field: 'interactions', range: { min: 4, max: null }, span: SPAN }))).toEqual([3, 1]);
      expect(numbers(search(store, { kind: 'merged', value: true, span: SPAN }))).toEqual([2]);
      const mergedInMarch = { kind: 'date', field: 'merged', range: { from: '2024-03-01T00:00:00Z', to: '2024-03-02T00:00:00Z' }, span: SPAN } as const;
      expect(numbers(search(store, mergedInMarch))).toEqual([2]);
      expect(numbers(search(store, null, { sort: { field: 'reactions', order: 'desc' } }))).toEqual([1, 2, 3]);
    } finally {
      store.close();
    }
  });
});
