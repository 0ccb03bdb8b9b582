/**
 * Issue types and sub-issue links, written once for both engines: what an import stores of them
 * (within its transaction, after every issue of the import is stored), what a mirror and a rename
 * change, and the reads of `…/sub_issues`, `…/parent` and `…/issue-types`. The rules are
 * ../issue-links.ts's: which parent an imported issue names, which links changed, which parents
 * count again, what a document says of them.
 */
import { sql, type SqlBool } from 'kysely';
import type { PageParams } from '../../../shared/list-params';
import type { ImportPlan } from '../import-rows';
import { withRepoPath } from '../issue-document';
import {
  changedLinks,
  crossParentUrl,
  parentsToCount,
  resolveParents,
  visibleOwnerTypes,
  withParentUrl,
  withSubIssueCounts,
  type CrossLinkRow,
  type IssueKey,
} from '../issue-links';
import type { DocumentPage, SubIssueOrder } from '../records';
import { prepareCountedList, readCountedList } from './counted-page';
import { compileNow, execute, prepareQuery, rowsOf, type Operation } from './prepared-query';
import { findRepo } from './repository-rows';
import type { Remembered } from './remembered-counts';
import { lockingRead, type StoreDialect } from './store-dialect';

/** Issue numbers per statement that names them in a list (`IN (…)`): well below either engine's limit of bound values. */
const NUMBERS_PER_STATEMENT = 1000;

/**
 * A link is shown (listed by `…/sub_issues`, counted in `sub_issues_summary`, named by
 * `parent_issue_url`, returned by `…/parent`, found by search) when its two issues are in one
 * repository, or when the other side's repository is public: an answer is one per repository,
 * kept by its data version, so it may name another repository's issue only when every caller
 * who may read it may read that one too (docs/api.md, "Sub-issues across repositories").
 * `s` is the link, `c_repo` the child's repository, `p_repo` the parent's.
 */
const CHILD_SHOWN = sql<SqlBool>`(s.repo_id = s.parent_repo_id OR c_repo.private = 0)`;
const PARENT_SHOWN = sql<SqlBool>`(s.parent_repo_id = s.repo_id OR p_repo.private = 0)`;

const UPSERT_TYPE = prepareQuery((db, a: { repoId: number; name: string; doc: string }) =>
  db
    .insertInto('issue_types')
    .values({ repo_id: a.repoId, name: a.name, doc: a.doc })
    .onConflict((oc) => oc.columns(['repo_id', 'name']).doUpdateSet((eb) => ({ doc: eb.ref('excluded.doc') }))),
);

const REPO_OWNER = prepareQuery((db, a: { repoId: number }) => db.selectFrom('repos').select('owner').where('id', '=', a.repoId));

const DELETE_LINK = prepareQuery((db, a: { repoId: number; number: number }) =>
  db.deleteFrom('sub_issues').where('repo_id', '=', a.repoId).where('number', '=', a.number),
);

/** A new link goes last among its parent's sub-issues. CAST: PostgreSQL infers no type for a bare placeholder in a select list. */
const INSERT_LINK = prepareQuery((db, a: { repoId: number; number: number; parentRepoId: number; parentNumber: number }) =>
  db
    .insertInto('sub_issues')
    .columns(['repo_id', 'number', 'parent_repo_id', 'parent_number', 'position'])
    .expression(
      db
        .selectFrom('sub_issues')
        .select((eb) => [
          eb.cast<number>(eb.val(a.repoId), 'bigint').as('repo_id'),
          eb.cast<number>(eb.val(a.number), 'bigint').as('number'),
          eb.cast<number>(eb.val(a.parentRepoId), 'bigint').as('parent_repo_id'),
          eb.cast<number>(eb.val(a.parentNumber), 'bigint').as('parent_number'),
          sql<number>`COALESCE(MAX(position), 0) + 1`.as('position'),
        ])
        .where('parent_repo_id', '=', a.parentRepoId)
        .where('parent_number', '=', a.parentNumber),
    ),
);

/** the parents in other repositories of this repository's sub-issues */
const PARENTS_ELSEWHERE = prepareQuery((db, a: { repoId: number }) =>
  db.selectFrom('sub_issues').select(['parent_repo_id', 'parent_number']).distinct().where('repo_id', '=', a.repoId).where('parent_repo_id', '<>', a.repoId),
);

/** a parent's sub-issues that are stored and shown, and how many of them are closed */
const SUB_ISSUE_COUNTS = prepareQuery((db, a: { repoId: number; number: number }) =>
  db
    .selectFrom('sub_issues as s')
    .innerJoin('issues as c', (join) => join.onRef('c.repo_id', '=', 's.repo_id').onRef('c.number', '=', 's.number'))
    .innerJoin('repos as c_repo', 'c_repo.id', 's.repo_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`COALESCE(SUM(CASE WHEN c.state = 'closed' THEN 1 ELSE 0 END), 0)`.as('completed'),
    ])
    .where('s.parent_repo_id', '=', a.repoId)
    .where('s.parent_number', '=', a.number)
    .where(CHILD_SHOWN),
);

/**
 * The links between this repository and another, either way round, with the parent's
 * repository's name and visibility: what the child's `parent_issue_url` says depends on them.
 */
const CROSS_LINKS = prepareQuery((db, a: { repoId: number }) => {
  const links = db
    .selectFrom('sub_issues as s')
    .innerJoin('repos as p_repo', 'p_repo.id', 's.parent_repo_id')
    .select(['s.repo_id', 's.number', 's.parent_number', 'p_repo.owner', 'p_repo.name', 'p_repo.private']);
  return links
    .where('s.repo_id', '=', a.repoId)
    .where('s.parent_repo_id', '<>', a.repoId)
    .unionAll(links.where('s.parent_repo_id', '=', a.repoId).where('s.repo_id', '<>', a.repoId));
});

const ISSUE_DOC = prepareQuery((db, a: { repoId: number; number: number }) =>
  db.selectFrom('issues').select('doc').where('repo_id', '=', a.repoId).where('number', '=', a.number),
);

const SET_DOC = prepareQuery((db, a: { repoId: number; number: number; doc: string }) =>
  db.updateTable('issues').set({ doc: a.doc }).where('repo_id', '=', a.repoId).where('number', '=', a.number),
);

/** A parent's shown sub-issues in priority order; `owner` and `name` are the child's repository's, null when it is the parent's own. */
const SUB_ISSUES = prepareCountedList((db, a: { repoId: number; number: number }, p) => {
  const shown = db
    .selectFrom('sub_issues as s')
    .innerJoin('issues as c', (join) => join.onRef('c.repo_id', '=', 's.repo_id').onRef('c.number', '=', 's.number'))
    .innerJoin('repos as c_repo', 'c_repo.id', 's.repo_id')
    .where('s.parent_repo_id', '=', a.repoId)
    .where('s.parent_number', '=', a.number)
    .where(CHILD_SHOWN);
  return {
    count: shown.select((eb) => eb.fn.countAll<number>().as('total')),
    page: shown
        .select((eb) => [
          'c.doc',
          eb.case().when('s.repo_id', '=', eb.ref('s.parent_repo_id')).then(sql.lit(null)).else(eb.ref('c_repo.owner')).end().as('owner'),
          eb.case().when('s.repo_id', '=', eb.ref('s.parent_repo_id')).then(sql.lit(null)).else(eb.ref('c_repo.name')).end().as('name'),
        ])
        .orderBy('s.position')
        .orderBy('s.repo_id')
        .orderBy('s.number')
        .limit(p.limit)
        .offset(p.offset),
  };
});

/** An issue's shown parent; `owner` and `name` are the parent's repository's, null when it is the child's own. */
const PARENT = prepareQuery((db, a: { repoId: number; number: number }) =>
  db
    .selectFrom('sub_issues as s')
    .innerJoin('issues as p', (join) => join.onRef('p.repo_id', '=', 's.parent_repo_id').onRef('p.number', '=', 's.parent_number'))
    .innerJoin('repos as p_repo', 'p_repo.id', 's.parent_repo_id')
    .select((eb) => [
      'p.doc',
      eb.case().when('s.repo_id', '=', eb.ref('s.parent_repo_id')).then(sql.lit(null)).else(eb.ref('p_repo.owner')).end().as('owner'),
      eb.case().when('s.repo_id', '=', eb.ref('s.parent_repo_id')).then(sql.lit(null)).else(eb.ref('p_repo.name')).end().as('name'),
    ])
    .where('s.repo_id', '=', a.repoId)
    .where('s.number', '=', a.number)
    .where(PARENT_SHOWN),
);

/** by name as GitHub's list has them (its order is the organization's; here, the name's) */
const ISSUE_TYPES = prepareQuery((db, a: { repoId: number }) =>
  db
    .selectFrom('issue_types')
    .select('doc')
    .where('repo_id', '=', a.repoId)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('name'),
);

/** an account's repositories, and their issue types (null `doc`: a repository without any) */
const OWNER_ISSUE_TYPES = prepareQuery((db, a: { owner: string }) =>
  db
    .selectFrom('repos as r')
    .leftJoin('issue_types as t', 't.repo_id', 'r.id')
    .select(['r.id', 'r.private', 't.name', 't.doc'])
    .where('r.owner', '=', a.owner)
    .orderBy('r.id')
    .orderBy((eb) => eb.fn('lower', ['t.name']))
    .orderBy('t.name'),
);

/** `values` in lists short enough for one statement each. */
function inLists<T>(values: readonly T[]): T[][] {
  const lists: T[][] = [];
  for (let i = 0; i < values.length; i += NUMBERS_PER_STATEMENT) lists.push(values.slice(i, i + NUMBERS_PER_STATEMENT));
  return lists;
}

/** The parent each of `numbers` is linked to now, if any. */
function* storedParents(dialect: StoreDialect, repoId: number, numbers: readonly number[]): Operation<Map<number, IssueKey>> {
  const parents = new Map<number, IssueKey>();
  for (const list of inLists(numbers)) {
    const rows = (yield compileNow(dialect, (db) =>
      db.selectFrom('sub_issues').select(['number', 'parent_repo_id', 'parent_number']).where('repo_id', '=', repoId).where('number', 'in', list),
    )) as Array<{ number: number; parent_repo_id: number; parent_number: number }>;
    for (const r of rows) parents.set(Number(r.number), { repoId: Number(r.parent_repo_id), number: Number(r.parent_number) });
  }
  return parents;
}

/** Those of `numbers` that are parents of a stored link. */
function* parentsAmong(dialect: StoreDialect, repoId: number, numbers: readonly number[]): Operation<IssueKey[]> {
  const parents: IssueKey[] = [];
  for (const list of inLists(numbers)) {
    const rows = (yield compileNow(dialect, (db) =>
      db.selectFrom('sub_issues').select('parent_number').distinct().where('parent_repo_id', '=', repoId).where('parent_number', 'in', list),
    )) as Array<{ parent_number: number }>;
    parents.push(...rows.map((r) => ({ repoId, number: Number(r.parent_number) })));
  }
  return parents;
}

/** The ids of the other repositories the imported issues' parents are in, by `owner/name` (null: not here). */
function* otherRepositories(dialect: StoreDialect, plan: Pick<ImportPlan, 'parents'>): Operation<Map<string, number | null>> {
  const ids = new Map<string, number | null>();
  for (const { otherRepository } of plan.parents) {
    if (otherRepository === null) continue;
    const key = `${otherRepository.owner}/${otherRepository.name}`;
    if (!ids.has(key)) ids.set(key, (yield* findRepo(dialect, otherRepository.owner, otherRepository.name))?.id ?? null);
  }
  return ids;
}

/**
 * Stores the import's issue types and links, then the counts of every parent they touch and the
 * `parent_issue_url` of every link across repositories; returns the other repositories whose
 * documents it changed, whose data versions the caller moves on with its own.
 */
export function* writeIssueLinks(dialect: StoreDialect, repoId: number, plan: Pick<ImportPlan, 'issueTypes' | 'parents' | 'numbers'>): Operation<number[]> {
  for (const type of plan.issueTypes) yield* execute(UPSERT_TYPE.bind(dialect, { repoId, name: type.name, doc: JSON.stringify(type) }));
  const [here] = yield* rowsOf(REPO_OWNER, dialect, { repoId });
  const repoIds = yield* otherRepositories(dialect, plan);
  const resolved = resolveParents(plan, { id: repoId, owner: here?.owner ?? '' }, (o, n) => repoIds.get(`${o}/${n}`) ?? null);
  const storedParent = yield* storedParents(dialect, repoId, plan.parents.map((p) => p.number));
  // One at a time: each new link goes after those before it, read by the next.
  for (const link of changedLinks(resolved, storedParent)) {
    yield* execute(DELETE_LINK.bind(dialect, { repoId, number: link.number }));
    if (link.after !== null) {
      yield* execute(INSERT_LINK.bind(dialect, { repoId, number: link.number, parentRepoId: link.after.repoId, parentNumber: link.after.number }));
    }
  }
  const importedParents = yield* parentsAmong(dialect, repoId, plan.numbers);
  const elsewhere = (yield* rowsOf(PARENTS_ELSEWHERE, dialect, { repoId })).map((r) => ({ repoId: Number(r.parent_repo_id), number: Number(r.parent_number) }));
  const touched = new Set<number>();
  for (const parent of parentsToCount(resolved, storedParent, importedParents, elsewhere)) {
    const [issue] = (yield lockingRead(dialect, ISSUE_DOC.bind(dialect, { repoId: parent.repoId, number: parent.number }))) as Array<{ doc: string }>;
    if (issue === undefined) continue;
    const [counts] = yield* rowsOf(SUB_ISSUE_COUNTS, dialect, { repoId: parent.repoId, number: parent.number });
    const updated = withSubIssueCounts(issue.doc, counts?.total ?? 0, counts?.completed ?? 0);
    if (updated === null) continue;
    yield* execute(SET_DOC.bind(dialect, { repoId: parent.repoId, number: parent.number, doc: updated }));
    touched.add(parent.repoId);
  }
  for (const other of yield* rewriteCrossParentUrls(dialect, repoId)) touched.add(other);
  touched.delete(repoId);
  return [...touched];
}

/**
 * Writes the `parent_issue_url` of every link between this repository and another as the
 * parent's repository's name and visibility now say (after an import, which may make it private,
 * or a rename); returns the repositories whose documents changed.
 */
export function* rewriteCrossParentUrls(dialect: StoreDialect, repoId: number): Operation<number[]> {
  const touched = new Set<number>();
  for (const link of (yield* rowsOf(CROSS_LINKS, dialect, { repoId })) as CrossLinkRow[]) {
    const [child] = (yield lockingRead(dialect, ISSUE_DOC.bind(dialect, { repoId: link.repo_id, number: link.number }))) as Array<{ doc: string }>;
    const updated = child === undefined ? null : withParentUrl(child.doc, crossParentUrl(link));
    if (updated === null) continue;
    yield* execute(SET_DOC.bind(dialect, { repoId: link.repo_id, number: link.number, doc: updated }));
    touched.add(Number(link.repo_id));
  }
  return [...touched];
}

/** A stored document of another repository, its repository named in it (issue-document.ts). */
function ownDocument(row: { doc: string; owner: string | null; name: string | null }): string {
  return row.owner === null || row.name === null ? row.doc : withRepoPath(row.doc, `${row.owner}/${row.name}`);
}

/** A parent's shown sub-issues in priority order (`GET …/issues/{n}/sub_issues`); its total remembered as every counted list's (counted-page.ts). */
export function* readSubIssues(dialect: StoreDialect, remembered: Remembered, repoId: number, number: number, params: PageParams): Operation<DocumentPage> {
  const { total, rows } = yield* readCountedList(dialect, remembered, SUB_ISSUES, { repoId, number }, params);
  return { total, documents: rows.map(ownDocument) };
}

/** The shown parent of an issue (`GET …/issues/{n}/parent`), or null. */
export function* readParentIssue(dialect: StoreDialect, repoId: number, number: number): Operation<string | null> {
  const [row] = yield* rowsOf(PARENT, dialect, { repoId, number });
  return row === undefined ? null : ownDocument(row);
}

/** The repository's issue types by name (`GET /repos/{o}/{r}/issue-types`). */
export function* readIssueTypes(dialect: StoreDialect, repoId: number): Operation<string[]> {
  return (yield* rowsOf(ISSUE_TYPES, dialect, { repoId })).map((r) => r.doc);
}

/** An account's issue types the caller may see (`GET /orgs/{org}/issue-types`), or null. */
export function* readOwnerIssueTypes(dialect: StoreDialect, owner: string, privateRepoIds: ReadonlySet<number>): Operation<string[] | null> {
  if (dialect.namesNothing(owner)) return null;
  return visibleOwnerTypes(yield* rowsOf(OWNER_ISSUE_TYPES, dialect, { owner }), privateRepoIds);
}

/**
 * Puts each parent's stored sub-issues in the source's priority order (mirror): one statement per
 * parent. A child named twice takes its last place, as one update per child in turn would leave it.
 */
export function* writeSubIssueOrders(dialect: StoreDialect, repoId: number, orders: readonly SubIssueOrder[]): Operation<void> {
  for (const { parent, children } of orders) {
    if (children.length === 0) continue;
    const places = new Map(children.map((child, i) => [child, i + 1]));
    // Literal places: PostgreSQL types no bare placeholder among a CASE's results.
    const placeOf = sql.join([...places].map(([child, place]) => sql`WHEN ${child} THEN ${sql.lit(place)}`), sql` `);
    yield compileNow(dialect, (db) =>
      db
        .updateTable('sub_issues')
        .set({ position: sql<number>`CASE number ${placeOf} END` })
        .where('repo_id', '=', repoId)
        .where('parent_repo_id', '=', repoId)
        .where('parent_number', '=', parent)
        .where('number', 'in', [...places.keys()]),
    );
  }
}
