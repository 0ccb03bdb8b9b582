/**
 * The SQLite schema, applied in order by version (PRAGMA user_version), so an
 * existing database file is upgraded in place. A migration is SQL, or a
 * function for what SQL cannot say.
 *
 * Every list order has an index that starts with the repository and the sort
 * column, so any page is an index walk, never a sort of the whole repository.
 */
import type Database from 'better-sqlite3';
import { backfillRows } from './backfill-rows';
import { issueReferencesIn } from '../build-event-documents';
import { foldName } from '../search-text';
import { CREATE_SEARCH_INDEX_SQL, insertIssueText, SEARCH_FACETS_INDEX, storedSearchText } from './sqlite-search-index';

/** The fields migration 8 appends to documents stored before it: no type, no sub-issues, no parent. */
const EMPTY_LINK_FIELDS = '"type":null,"sub_issues_summary":{"total":0,"completed":0,"percent_completed":0},"parent_issue_url":null';

export type Migration = string | ((db: Database.Database) => void);

/**
 * Migration 11's indexes, the same on PostgreSQL (postgres/schema.ts): each range qualifier's
 * column, then what the page of a search without text is sorted by.
 */
const RANGE_FACT_INDEXES_SQL = `
  DROP INDEX issues_closed;
  CREATE INDEX issues_closed ON issues (repo_id, closed_at, created_at, number);
  DROP INDEX issues_merged;
  CREATE INDEX issues_merged ON issues (repo_id, merged_at, created_at, number);
  DROP INDEX issues_reactions;
  CREATE INDEX issues_reactions ON issues (repo_id, reactions, number, created_at);
  DROP INDEX issues_interactions;
  CREATE INDEX issues_interactions ON issues (repo_id, comments + reactions, number, created_at);
`;

export const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE repos (
    id INTEGER PRIMARY KEY,
    owner TEXT NOT NULL COLLATE NOCASE,
    name TEXT NOT NULL COLLATE NOCASE,
    private INTEGER NOT NULL DEFAULT 0,
    description TEXT,
    created_at TEXT NOT NULL,
    data_version INTEGER NOT NULL DEFAULT 1,
    modified_at INTEGER NOT NULL,
    UNIQUE (owner, name)
  );
  CREATE TABLE repo_redirects (
    owner TEXT NOT NULL COLLATE NOCASE,
    name TEXT NOT NULL COLLATE NOCASE,
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    PRIMARY KEY (owner, name)
  );
  CREATE TABLE users (
    login TEXT PRIMARY KEY COLLATE NOCASE,
    id INTEGER NOT NULL,
    name TEXT,
    type TEXT NOT NULL DEFAULT 'User'
  );
  CREATE TABLE issues (
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'closed')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    comments INTEGER NOT NULL,
    creator TEXT NOT NULL COLLATE NOCASE,
    milestone INTEGER,
    assignee_count INTEGER NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (repo_id, number)
  );
  CREATE INDEX issues_state_created ON issues (repo_id, state, created_at, number);
  CREATE INDEX issues_state_updated ON issues (repo_id, state, updated_at, number);
  CREATE INDEX issues_state_comments ON issues (repo_id, state, comments, number);
  CREATE INDEX issues_created ON issues (repo_id, created_at, number);
  CREATE INDEX issues_updated ON issues (repo_id, updated_at, number);
  CREATE INDEX issues_comments ON issues (repo_id, comments, number);
  CREATE INDEX issues_creator ON issues (repo_id, creator);
  CREATE TABLE labels (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    name TEXT NOT NULL COLLATE NOCASE,
    color TEXT NOT NULL,
    description TEXT,
    is_default INTEGER NOT NULL DEFAULT 0,
    UNIQUE (repo_id, name)
  );
  CREATE TABLE issue_labels (
    repo_id INTEGER NOT NULL,
    label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    PRIMARY KEY (repo_id, label_id, number)
  ) WITHOUT ROWID;
  CREATE INDEX issue_labels_by_issue ON issue_labels (repo_id, number);
  CREATE TABLE issue_assignees (
    repo_id INTEGER NOT NULL,
    login TEXT NOT NULL COLLATE NOCASE,
    number INTEGER NOT NULL,
    PRIMARY KEY (repo_id, login, number)
  ) WITHOUT ROWID;
  CREATE INDEX issue_assignees_by_issue ON issue_assignees (repo_id, number);
  CREATE TABLE issue_mentions (
    repo_id INTEGER NOT NULL,
    login TEXT NOT NULL COLLATE NOCASE,
    number INTEGER NOT NULL,
    PRIMARY KEY (repo_id, login, number)
  ) WITHOUT ROWID;
  CREATE INDEX issue_mentions_by_issue ON issue_mentions (repo_id, number);
  CREATE TABLE comments (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    issue_number INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    doc TEXT NOT NULL
  );
  CREATE INDEX comments_issue ON comments (repo_id, issue_number, created_at, id);
  CREATE TABLE tokens (
    hash TEXT PRIMARY KEY,
    login TEXT NOT NULL COLLATE NOCASE,
    name TEXT NOT NULL,
    expires_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE token_repos (
    token_hash TEXT NOT NULL REFERENCES tokens(hash) ON DELETE CASCADE,
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    PRIMARY KEY (token_hash, repo_id)
  ) WITHOUT ROWID;
  CREATE TABLE rate_counters (
    key TEXT PRIMARY KEY,
    window_start_ms INTEGER NOT NULL,
    used INTEGER NOT NULL
  );
  `,
  // 2: repository-wide comment lists (`GET /repos/{o}/{r}/issues/comments`), and what a
  // mirror remembers between runs (mirror/mirror-repository.ts).
  `
  CREATE INDEX comments_repo_created ON comments (repo_id, created_at, id);
  CREATE INDEX comments_repo_updated ON comments (repo_id, updated_at, id);
  CREATE TABLE mirrors (
    repo_id INTEGER PRIMARY KEY REFERENCES repos(id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    source_private INTEGER,
    completed_at INTEGER
  );
  CREATE TABLE mirror_walks (
    repo_id INTEGER NOT NULL REFERENCES mirrors(repo_id) ON DELETE CASCADE,
    walk TEXT NOT NULL CHECK (walk IN ('issues', 'comments')),
    first_url TEXT,
    etag TEXT,
    since TEXT,
    next_url TEXT,
    run_newest TEXT,
    PRIMARY KEY (repo_id, walk)
  ) WITHOUT ROWID;
  `,
  // 3: search (`GET /search/issues`, sqlite-search.ts): what the qualifiers compare, and the
  // full-text index, filled from the documents already stored.
  addSearch,
  // 4: an issue's history (`/issues/{n}/timeline`, `/issues/events`, core/timeline-reads.ts): its
  // events as imported, and the references other issues' texts make to it.
  addHistory,
  // 5: what a ranked search reads of every match, beside its key, so ranking a common word's
  // matches walks this small index rather than the table, whose rows hold the documents
  // (sqlite-search.ts, drivingJoin).
  `CREATE INDEX ${SEARCH_FACETS_INDEX} ON issues (repo_id, number, created_at, updated_at, comments, state, is_pull_request, creator);`,
  // 6: what search's reactions:, interactions:, is:merged and merged: compare and their orders
  // sort by, as columns: read from each document, an order by reactions over 100,000 issues took
  // seconds a page. Filled from the documents already stored.
  `
  ALTER TABLE issues ADD COLUMN reactions INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE issues ADD COLUMN merged_at TEXT;
  UPDATE issues SET reactions = COALESCE(json_extract(doc, '$.reactions.total_count'), 0), merged_at = json_extract(doc, '$.pull_request.merged_at');
  CREATE INDEX issues_reactions ON issues (repo_id, reactions, number);
  CREATE INDEX issues_interactions ON issues (repo_id, comments + reactions, number);
  CREATE INDEX issues_merged ON issues (repo_id, merged_at);
  `,
  // 7: what is:locked, is:draft and draft:, reason: compare and the orders by one kind of reaction
  // (sort:reactions-heart …) sort by, as columns (store/fact-columns.ts): read from each document,
  // one of them alone over 100,000 issues took seconds a page. The indexes lead with what each
  // predicate fixes and end in the newest-first order of a search without text. Filled from the
  // documents already stored.
  `
  ALTER TABLE issues ADD COLUMN locked INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE issues ADD COLUMN draft INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE issues ADD COLUMN state_reason TEXT;
  ALTER TABLE issues ADD COLUMN reactions_plus_one INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE issues ADD COLUMN reactions_minus_one INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE issues ADD COLUMN reactions_laugh INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE issues ADD COLUMN reactions_hooray INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE issues ADD COLUMN reactions_confused INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE issues ADD COLUMN reactions_heart INTEGER NOT NULL DEFAULT 0;
  UPDATE issues SET
    locked = COALESCE(json_extract(doc, '$.locked'), 0),
    draft = COALESCE(json_extract(doc, '$.draft'), 0),
    state_reason = json_extract(doc, '$.state_reason'),
    reactions_plus_one = COALESCE(json_extract(doc, '$.reactions."+1"'), 0),
    reactions_minus_one = COALESCE(json_extract(doc, '$.reactions."-1"'), 0),
    reactions_laugh = COALESCE(json_extract(doc, '$.reactions.laugh'), 0),
    reactions_hooray = COALESCE(json_extract(doc, '$.reactions.hooray'), 0),
    reactions_confused = COALESCE(json_extract(doc, '$.reactions.confused'), 0),
    reactions_heart = COALESCE(json_extract(doc, '$.reactions.heart'), 0);
  CREATE INDEX issues_locked ON issues (repo_id, locked, created_at, number);
  CREATE INDEX issues_draft ON issues (repo_id, is_pull_request, draft, created_at, number);
  CREATE INDEX issues_state_reason ON issues (repo_id, is_pull_request, state_reason, created_at, number);
  CREATE INDEX issues_reactions_plus_one ON issues (repo_id, reactions_plus_one, number);
  CREATE INDEX issues_reactions_minus_one ON issues (repo_id, reactions_minus_one, number);
  CREATE INDEX issues_reactions_laugh ON issues (repo_id, reactions_laugh, number);
  CREATE INDEX issues_reactions_hooray ON issues (repo_id, reactions_hooray, number);
  CREATE INDEX issues_reactions_confused ON issues (repo_id, reactions_confused, number);
  CREATE INDEX issues_reactions_heart ON issues (repo_id, reactions_heart, number);
  `,
  // 8 (issue 47): issue types and sub-issues. A type is
  // kept as its finished document per repository; a sub-issue link is the child's row, with its
  // place in the parent's priority order. Documents stored before gain GitHub's fields with
  // nothing in them (no type, no parent, no sub-issues), and every repository's data version
  // moves on, so no ETag handed out before names the old bodies.
  `
  CREATE TABLE issue_types (
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    name TEXT NOT NULL COLLATE NOCASE,
    doc TEXT NOT NULL,
    PRIMARY KEY (repo_id, name)
  );
  CREATE TABLE sub_issues (
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    parent_number INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (repo_id, number)
  );
  CREATE INDEX sub_issues_by_parent ON sub_issues (repo_id, parent_number, position, number);
  UPDATE issues SET doc = substr(doc, 1, length(doc) - 1) || ',${EMPTY_LINK_FIELDS}}';
  UPDATE repos SET data_version = data_version + 1;
  `,
  // 10 (issue 47; the sub-issues' branch brings 9, and this one needs nothing of it): what
  // `type:` compares, the name of the issue's type folded in ASCII letters (fact-columns.ts
  // issueTypeKey; SQLite's lower() folds exactly those), read from each document instead before:
  // a JSON read per candidate that no index could serve. Its index leads with the repository
  // and the type and ends in the newest-first order of a search without text. Only the
  // documents that hold a type object are parsed; the answers do not change, so no data version moves.
  `
  ALTER TABLE issues ADD COLUMN type_name TEXT;
  UPDATE issues SET type_name = lower(json_extract(doc, '$.type.name')) WHERE doc LIKE '%"type":{%';
  CREATE INDEX issues_type_name ON issues (repo_id, type_name, created_at, number);
  `,
  // 10 by the list's length (issue 47): a sub-issue's parent may be in another repository of the
  // same owner, as GitHub allows ("The sub-issue must belong to the same repository owner as the
  // parent issue", its POST …/sub_issues). A link names the parent's repository; every link kept
  // before is within one repository, so it names its own. SQLite cannot add a NOT NULL column
  // with a foreign key, so the table is built anew; the parent's side gets its index. The answers
  // do not change, so no data version moves.
  `
  CREATE TABLE sub_issues_across (
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    parent_number INTEGER NOT NULL,
    position INTEGER NOT NULL,
    -- last, where PostgreSQL's ALTER TABLE puts it: the two schemas are compared column by column
    parent_repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    PRIMARY KEY (repo_id, number)
  );
  INSERT INTO sub_issues_across (repo_id, number, parent_number, position, parent_repo_id)
    SELECT repo_id, number, parent_number, position, repo_id FROM sub_issues;
  DROP TABLE sub_issues;
  ALTER TABLE sub_issues_across RENAME TO sub_issues;
  CREATE INDEX sub_issues_by_parent ON sub_issues (parent_repo_id, parent_number, position, number);
  `,
  // 11 (issue 45): the indexes of the range qualifiers (`closed:`, `merged:`, `reactions:`,
  // `interactions:`) also hold the newest-first order of a search without text, so a page of
  // their matches is sorted from the index alone. Before, each match's table row was read for its
  // `created_at` (docs/performance-log.md, "the range qualifiers' indexes"). The orders by
  // reactions and interactions still walk them.
  RANGE_FACT_INDEXES_SQL,
];

function addSearch(db: Database.Database): void {
  db.exec(`
    ALTER TABLE issues ADD COLUMN is_pull_request INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE issues ADD COLUMN closed_at TEXT;
    ALTER TABLE issues ADD COLUMN milestone_title TEXT;
    ALTER TABLE comments ADD COLUMN author TEXT NOT NULL DEFAULT '' COLLATE NOCASE;
    UPDATE comments SET author = json_extract(doc, '$.user.login');
    ${CREATE_SEARCH_INDEX_SQL};
  `);
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    const s = statements.get(sql) ?? db.prepare(sql);
    statements.set(sql, s);
    return s;
  };
  const slice = db.prepare('SELECT rowid, repo_id, number, doc FROM issues WHERE rowid > ? ORDER BY rowid LIMIT ?');
  const update = db.prepare('UPDATE issues SET is_pull_request = ?, closed_at = ?, milestone_title = ? WHERE rowid = ?');
  backfillRows<{ rowid: number; repo_id: number; number: number; doc: string }>(slice, (row) => {
    const doc = JSON.parse(row.doc) as { pull_request?: unknown; closed_at: string | null; milestone: { title: string } | null };
    update.run(doc.pull_request === undefined ? 0 : 1, doc.closed_at, doc.milestone ? foldName(doc.milestone.title) : null, row.rowid);
    const text = storedSearchText(prepare, row.repo_id, row.number, row.doc);
    if (text) insertIssueText(prepare, row.repo_id, row.number, text);
  });
  db.exec(SEARCH_INDEXES_SQL);
}

/**
 * Search's qualifiers as indexed predicates. Each starts with the repository, as every search
 * is scoped to the repositories the caller may see.
 */
const SEARCH_INDEXES_SQL = `
  CREATE INDEX issues_kind_state_created ON issues (repo_id, is_pull_request, state, created_at, number);
  CREATE INDEX issues_closed ON issues (repo_id, closed_at);
  CREATE INDEX issues_milestone_title ON issues (repo_id, milestone_title);
  CREATE INDEX comments_author ON comments (repo_id, author, issue_number);
`;

/** `source_comment` is 0 where the reference is in the source issue's own body. */
const CREATE_HISTORY_SQL = `
  CREATE TABLE issue_events (
    id INTEGER PRIMARY KEY,
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    issue_number INTEGER NOT NULL,
    event TEXT NOT NULL,
    created_at TEXT NOT NULL,
    doc TEXT NOT NULL
  );
  CREATE INDEX issue_events_issue ON issue_events (repo_id, issue_number, created_at, id);
  CREATE INDEX issue_events_repo ON issue_events (repo_id, created_at, id);
  CREATE TABLE issue_references (
    repo_id INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    target_number INTEGER NOT NULL,
    source_number INTEGER NOT NULL,
    source_comment INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (repo_id, source_number, source_comment, target_number)
  );
  CREATE INDEX issue_references_target ON issue_references (repo_id, target_number, created_at);
`;

/** A mirror walks the repository's events too: the walks' CHECK is widened (SQLite rebuilds the table for that). */
const MIRROR_EVENTS_WALK_SQL = `
  CREATE TABLE mirror_walks_new (
    repo_id INTEGER NOT NULL REFERENCES mirrors(repo_id) ON DELETE CASCADE,
    walk TEXT NOT NULL CHECK (walk IN ('issues', 'comments', 'events')),
    first_url TEXT,
    etag TEXT,
    since TEXT,
    next_url TEXT,
    run_newest TEXT,
    PRIMARY KEY (repo_id, walk)
  ) WITHOUT ROWID;
  INSERT INTO mirror_walks_new SELECT * FROM mirror_walks;
  DROP TABLE mirror_walks;
  ALTER TABLE mirror_walks_new RENAME TO mirror_walks;
`;

function addHistory(db: Database.Database): void {
  db.exec(CREATE_HISTORY_SQL);
  db.exec(MIRROR_EVENTS_WALK_SQL);
  const insert = db.prepare(
    'INSERT OR IGNORE INTO issue_references (repo_id, target_number, source_number, source_comment, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const texts = [
    db.prepare('SELECT rowid, repo_id, number, 0 AS comment, created_at, doc FROM issues WHERE rowid > ? ORDER BY rowid LIMIT ?'),
    db.prepare('SELECT rowid, repo_id, issue_number AS number, id AS comment, created_at, doc FROM comments WHERE rowid > ? ORDER BY rowid LIMIT ?'),
  ];
  for (const slice of texts) {
    backfillRows<{ rowid: number; repo_id: number; number: number; comment: number; created_at: string; doc: string }>(slice, (row) => {
      const { body } = JSON.parse(row.doc) as { body: string | null };
      for (const target of issueReferencesIn(body, row.number)) insert.run(row.repo_id, target, row.number, row.comment, row.created_at);
    });
  }
}
