/**
 * The PostgreSQL search held to the reference evaluator (test-support/search-reference.ts) on
 * generated repositories and generated queries, as sqlite-search.property.test.ts holds SQLite:
 * the same issues, the same totals, and for an explicit sort (or a query without text) the same
 * order. Each generated data set is imported into SQLite (the only import there is to build
 * the rows with) and copied into one PostgreSQL database, emptied between runs.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEXT_FIELDS,
  type DateField,
  type MissingField,
  type SearchNode,
  type SearchSort,
  type SearchTerm,
  type TextField,
  type UserRole,
} from '../../../shared/search-query';
import { copySqliteToPostgres } from '../../test-support/copy-sqlite-to-postgres';
import { startPostgres, type PostgresServer } from '../../test-support/postgres-server';
import { referenceSearch, type ReferenceRepo } from '../../test-support/search-reference';
import type { ImportedComment, ImportedIssue } from '../import-schema';
import type { SearchRequest } from '../records';
import { openSqliteStore } from '../sqlite-store';
import { migratePostgres } from './migrate';
import { searchIssuesOnPostgres } from './postgres-search';
import { sqlOf, type Sql } from './sql';

const SETUP_TIMEOUT_MS = 30_000;
/** Each run copies a data set into PostgreSQL: far fewer runs than SQLite's in-memory property test. */
const SELECTION_RUNS = 50;
const PAGING_RUNS = 20;
const PROPERTY_TIMEOUT_MS = 120_000;

const SPAN = { start: 0, end: 0 };
/** Case and diacritic variants of a few words, so folding is exercised both ways. */
const WORDS = ['crash', 'Crash', 'CRASH', 'café', 'cafe', 'CAFÉ', 'naïve', 'naive', 'résumé', 'resume', 'page', 'empty', 'foo-bar', 'foo', 'bar', '42', 'x1', 'Ünïcode'];
const LOGINS = ['alice', 'Bob', 'carol', 'dave'];
const LABELS = ['bug', 'Bug', 'help wanted', 'Über', 'über'];
const MILESTONES = [
  { number: 1, title: 'v1.0' },
  { number: 2, title: 'Ünïcode' },
];
const DAYS = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04'];
const REPOS = [
  { owner: 'acme', name: 'rocket', isPrivate: false },
  { owner: 'Acme', name: 'secret', isPrivate: true },
  { owner: 'beta', name: 'Tools', isPrivate: false },
] as const;

/** Half the texts start with `common`, so it is found in most issues: a word that cannot rank. */
const text = fc
  .tuple(fc.constantFrom('', 'common '), fc.array(fc.constantFrom(...WORDS, '@alice', '@Bob', 'and', '.'), { maxLength: 8 }))
  .map(([first, words]) => first + words.join(' '));
const instant = fc.tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 23 })).map(([d, h]) => `${d}T${String(h).padStart(2, '0')}:00:00Z`);
const user = fc.constantFrom(...LOGINS).map((login) => ({ login }));

interface GeneratedIssue {
  issue: Omit<ImportedIssue, 'number'>;
  comments: Array<{ user: { login: string } | null; body: string; createdAt: string }>;
}

const generatedIssue = fc
  .record({
    title: text,
    body: fc.option(text),
    user: fc.option(user, { freq: 6 }),
    labels: fc.uniqueArray(fc.constantFrom(...LABELS), { maxLength: 2, selector: (l) => l.toLowerCase() }),
    assignees: fc.uniqueArray(user, { maxLength: 2, selector: (u) => u.login }),
    milestone: fc.option(fc.constantFrom(...MILESTONES)),
    closedAt: fc.option(instant),
    isPull: fc.boolean(),
    created: instant,
    updatedHours: fc.integer({ min: 0, max: 60 }),
    commentCount: fc.integer({ min: 0, max: 4 }),
    comments: fc.array(fc.record({ user: fc.option(user, { freq: 6 }), body: text, createdAt: instant }), { maxLength: 3 }),
  })
  .map(
    (g): GeneratedIssue => ({
      issue: {
        title: g.title,
        body: g.body,
        user: g.user,
        labels: g.labels,
        state: g.closedAt === null ? 'open' : 'closed',
        locked: false,
        assignees: g.assignees,
        milestone: g.milestone,
        comments: g.commentCount,
        created_at: g.created,
        updated_at: new Date(Date.parse(g.created) + g.updatedHours * 3_600_000).toISOString(),
        closed_at: g.closedAt === null ? null : new Date(Math.max(Date.parse(g.closedAt), Date.parse(g.created))).toISOString(),
        ...(g.isPull ? { pull_request: { merged_at: null } } : {}),
      },
      comments: g.comments,
    }),
  );

const repository = fc.array(generatedIssue, { maxLength: 7 });
const dataset = fc.tuple(repository, repository, repository);

function leaf(): fc.Arbitrary<SearchTerm> {
  const repoNames = [...REPOS.map((r) => [r.owner, r.name] as const), ['ACME', 'ROCKET'] as const, ['nobody', 'nothing'] as const];
  const range = fc.tuple(fc.option(instant), fc.option(fc.constantFrom(...DAYS).map((d) => `${d}T00:00:00Z`)));
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(text, fc.boolean()).map(([t, phrase]): SearchTerm => ({ kind: 'text', text: t, phrase, span: SPAN })) },
    fc.constantFrom(...WORDS, 'common').map((t): SearchTerm => ({ kind: 'text', text: t, phrase: false, span: SPAN })),
    // tsquery's own syntax typed as text is only the words in it
    fc.constantFrom("'", "crash:*", '!crash', 'crash & page', 'crash | page', 'crash <-> page', 'crash:A', '\\', '--').map((t): SearchTerm => ({ kind: 'text', text: t, phrase: false, span: SPAN })),
    fc.constantFrom(...repoNames).map(([owner, name]): SearchTerm => ({ kind: 'repo', owner, name, span: SPAN })),
    fc.constantFrom('acme', 'BETA', 'nobody').map((login): SearchTerm => ({ kind: 'owner', login, span: SPAN })),
    fc.constantFrom('issue' as const, 'pr' as const).map((value): SearchTerm => ({ kind: 'type', value, span: SPAN })),
    fc.constantFrom('open' as const, 'closed' as const).map((value): SearchTerm => ({ kind: 'state', value, span: SPAN })),
    fc.constantFrom(...LABELS, 'BUG', 'ÜBER', 'missing').map((name): SearchTerm => ({ kind: 'label', name, span: SPAN })),
    fc.constantFrom<MissingField>('label', 'assignee', 'milestone').map((field): SearchTerm => ({ kind: 'missing', field, span: SPAN })),
    fc
      .tuple(fc.constantFrom<UserRole>('author', 'assignee', 'mentions', 'commenter', 'involves'), fc.constantFrom(...LOGINS, 'ALICE', 'bob', 'CAROL', 'ghost', 'nobody'))
      .map(([role, login]): SearchTerm => ({ kind: 'user', role, login, span: SPAN })),
    fc.constantFrom('v1.0', 'V1.0', 'ünïcode', 'none').map((title): SearchTerm => ({ kind: 'milestone', title, span: SPAN })),
    fc
      .tuple(fc.constantFrom<DateField>('created', 'updated', 'closed'), range)
      .map(([field, [from, to]]): SearchTerm => ({ kind: 'date', field, range: { from, to }, span: SPAN })),
    fc
      .tuple(fc.option(fc.integer({ min: 0, max: 4 })), fc.option(fc.integer({ min: 0, max: 4 })))
      .map(([min, max]): SearchTerm => ({ kind: 'comments', range: { min, max }, span: SPAN })),
  );
}

const tree: fc.Arbitrary<SearchNode> = fc.letrec<{ node: SearchNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    { weight: 4, arbitrary: leaf() },
    tie('node').map((operand): SearchNode => ({ kind: 'not', operand, span: SPAN })),
    fc.array(tie('node'), { maxLength: 3 }).map((operands): SearchNode => ({ kind: 'and', operands })),
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((operands): SearchNode => ({ kind: 'or', operands })),
  ),
})).node;

const sort = fc.option(
  fc.record({ field: fc.constantFrom('created' as const, 'updated' as const, 'comments' as const), order: fc.constantFrom('asc' as const, 'desc' as const) }),
);
const fields = fc.subarray([...TEXT_FIELDS], { minLength: 1 });

interface Search {
  where: SearchNode | null;
  fields: TextField[];
  sort: SearchSort | null;
  privateRepoIds: number[];
}

/** Text within one repository, the common shape of a search. */
const inOneRepository = fc
  .tuple(fc.constantFrom(...REPOS), fc.constantFrom('common', 'crash', 'café', 'common crash'), fc.option(tree, { freq: 2 }))
  .map(([r, t, more]): SearchNode => ({
    kind: 'and',
    operands: [{ kind: 'repo', owner: r.owner, name: r.name, span: SPAN }, { kind: 'text', text: t, phrase: false, span: SPAN }, ...(more ? [more] : [])],
  }));

const search = fc.record({
  where: fc.option(fc.oneof({ weight: 3, arbitrary: tree }, inOneRepository), { freq: 8 }),
  fields,
  sort,
  privateRepoIds: fc.subarray([1, 2, 3]),
});

let server: PostgresServer;
let client: pg.Client;
let sql: Sql;
let dir: string;
/** every table the migrations made but their own bookkeeping, emptied before each data set */
let dataTables: string;
let runs = 0;
let commentIds = 0;

beforeAll(async () => {
  server = await startPostgres();
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-pg-search-property-'));
  client = new pg.Client({ connectionString: await server.freshDatabase() });
  await client.connect();
  await migratePostgres(client);
  sql = sqlOf(client);
  const rows = await sql.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'store_version') ORDER BY tablename",
  );
  dataTables = rows.map((r) => r.name).join(', ');
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await client?.end();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The data set in PostgreSQL (through SQLite's import), and as the reference evaluator reads it. */
async function load(generated: ReadonlyArray<readonly GeneratedIssue[]>): Promise<ReferenceRepo[]> {
  const file = path.join(dir, `run-${++runs}.sqlite`);
  const store = openSqliteStore(file);
  let repos: ReferenceRepo[];
  try {
    repos = REPOS.map((r, k): ReferenceRepo => {
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
  } finally {
    store.close();
  }
  await sql.query(`TRUNCATE ${dataTables} RESTART IDENTITY`);
  const db = new Database(file, { readonly: true });
  try {
    await copySqliteToPostgres(db, sql);
  } finally {
    db.close();
    rmSync(file, { force: true });
  }
  return repos;
}

function requestOf(s: Search, page: number, perPage: number): SearchRequest {
  return { query: { where: s.where, fields: s.fields, sort: null }, privateRepoIds: new Set(s.privateRepoIds), sort: s.sort, page, perPage };
}

async function engineSearch(s: Search, page = 1, perPage = 100): Promise<{ total: number; hits: string[] }> {
  const answer = await searchIssuesOnPostgres(sql, requestOf(s, page, perPage));
  return { total: answer.total, hits: answer.hits.map((h) => `${h.repo.id}#${(JSON.parse(h.document) as { number: number }).number}`) };
}

function hasText(node: SearchNode | null): boolean {
  if (node === null) return false;
  if (node.kind === 'text') return true;
  if (node.kind === 'not') return hasText(node.operand);
  if (node.kind === 'and' || node.kind === 'or') return node.operands.some(hasText);
  return false;
}

describe('PostgreSQL search against the reference evaluator', () => {
  it(
    'selects exactly the issues the reference selects, in its order when the order is defined',
    async () => {
      await fc.assert(
        fc.asyncProperty(dataset, fc.array(search, { minLength: 1, maxLength: 12 }), async (data, searches) => {
          const repos = await load(data);
          for (const s of searches) {
            const expected = referenceSearch(repos, {
              query: { where: s.where, fields: s.fields, sort: null },
              privateRepoIds: new Set(s.privateRepoIds),
              sort: s.sort,
            }).map((h) => `${h.repoId}#${h.number}`);
            const actual = await engineSearch(s);
            expect(actual.total).toBe(expected.length);
            if (s.sort !== null || !hasText(s.where)) expect(actual.hits).toEqual(expected);
            else expect([...actual.hits].sort()).toEqual([...expected].sort());
          }
        }),
        { numRuns: SELECTION_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'pages never overlap and together hold every result',
    async () => {
      await fc.assert(
        fc.asyncProperty(dataset, search, fc.integer({ min: 1, max: 4 }), async (data, s, perPage) => {
          await load(data);
          const all = await engineSearch(s);
          const paged: string[] = [];
          for (let page = 1; (page - 1) * perPage < all.total; page++) {
            const p = await engineSearch(s, page, perPage);
            expect(p.total).toBe(all.total);
            paged.push(...p.hits);
          }
          expect(paged).toEqual(all.hits);
        }),
        { numRuns: PAGING_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
