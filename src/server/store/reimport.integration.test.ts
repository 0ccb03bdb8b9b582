// What an import leaves behind when it writes over issues and users stored before: the rows
// hanging off a re-imported issue (labels, assignees, mentions) are the new ones, mentions from
// comments imported earlier still count, and a user named many times ends as upserting each
// record in turn would leave them. The import skips work for new issues and writes each user
// once, so these pin down that the shortcuts change nothing a client can see.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ListParams } from '../../shared/list-params';
import type { ImportedComment, ImportedIssue } from './import-schema';
import type { SqliteStorage } from './sqlite/sqlite-storage';
import { openSqliteStorage } from './sqlite/sqlite-storage';

const REPO = { owner: 'octo', name: 'again', makePrivate: false };
const ALL: ListParams = {
  page: 1, perPage: 100, state: 'all', sort: 'created', direction: 'asc', labels: [],
  since: null, creator: null, assignee: null, mentioned: null, milestone: null,
};

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
    created_at: `2024-01-0${number}T00:00:00Z`,
    updated_at: `2024-01-0${number}T00:00:00Z`,
    body: null,
    ...fields,
  };
}

const comment: ImportedComment = {
  id: 501,
  issue_url: 'https://api.github.com/repos/octo/again/issues/1',
  user: { login: 'ben' },
  created_at: '2024-02-01T00:00:00Z',
  updated_at: '2024-02-01T00:00:00Z',
  body: 'cc @dora',
};

let dir: string;
let store: SqliteStorage;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-reimport-'));
  store = openSqliteStorage(path.join(dir, 'again.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const numbers = (params: Partial<ListParams>) =>
  store.listIssues(store.findRepo('octo', 'again')?.id ?? -1, { ...ALL, ...params }).documents.map((d) => (JSON.parse(d) as { number: number }).number);

describe('importing over issues stored before', () => {
  it('replaces their labels, assignees and body mentions, keeps mentions from earlier comments, and leaves other issues alone', () => {
    store.importIssues(REPO, [
      issue(1, { labels: ['bug', 'ui'], assignees: [{ login: 'cat' }], body: 'see @eve' }),
      issue(2, { labels: ['bug'], assignees: [{ login: 'cat' }], body: 'see @eve' }),
    ], [comment], Date.now());
    expect(numbers({ mentioned: 'dora' })).toEqual([1]);

    store.importIssues(REPO, [issue(1, { labels: ['docs'], body: 'nobody' }), issue(3, { labels: ['bug'] })], [], Date.now());

    expect(numbers({})).toEqual([1, 2, 3]);
    expect(numbers({ labels: ['bug'] })).toEqual([2, 3]);
    expect(numbers({ labels: ['ui'] })).toEqual([]);
    expect(numbers({ labels: ['docs'] })).toEqual([1]);
    expect(numbers({ assignee: 'cat' })).toEqual([2]);
    expect(numbers({ assignee: 'none' })).toEqual([1, 3]);
    expect(numbers({ mentioned: 'eve' })).toEqual([2]);
    expect(numbers({ mentioned: 'dora' })).toEqual([1]);
  });

  it('leaves each user as the records in turn would: first spelling of the login, last id and type, last name given', () => {
    store.importIssues(REPO, [
      issue(1, { user: { login: 'Mona', id: 7, name: 'Mona Lisa' } }),
      issue(2, { user: { login: 'mona', id: 8 }, assignees: [{ login: 'MONA', id: 8, type: 'Bot' }] }),
      issue(3, { user: { login: 'hubot', name: 'Hubot' } }),
    ], [], Date.now());
    expect(store.findUser('mona')).toEqual({ login: 'Mona', id: 8, name: 'Mona Lisa', type: 'Bot' });

    store.importIssues(REPO, [issue(4, { user: { login: 'MONA', id: 9, name: 'Mona' } })], [], Date.now());
    expect(store.findUser('Mona')).toEqual({ login: 'Mona', id: 9, name: 'Mona', type: 'User' });
    expect(store.findUser('hubot')?.name).toBe('Hubot');
  });
});
