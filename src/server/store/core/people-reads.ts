/**
 * The repository's people and milestones, and who a login is (`PeopleReader`), run alike on both
 * engines. The SQL is ../people-queries.ts, written once with `?` placeholders (PostgreSQL's get
 * numbered once per engine); the engine's one hook in it is where a stored event document holds
 * its assignee's login (`StoreDialect.loginInDocument`).
 */
import {
  assigneesArgs,
  assigneesSql,
  firstSeenQuery,
  MILESTONES_SQL,
  milestonesArgs,
  numberedPlaceholders,
  toMilestoneRecord,
  toUserRecord,
  type MilestoneRow,
  type UserRow,
} from '../people-queries';
import type { MilestoneRecord, UserRecord } from '../records';
import type { Operation } from './prepared-query';
import { findUser } from './repository-rows';
import { oncePerEngine, type StoreDialect } from './store-dialect';

/** `?` as the engine binds it: SQLite's own, PostgreSQL's `$n`. */
function placeholdersOf(dialect: StoreDialect, sql: string): string {
  return dialect.engine === 'postgres' ? numberedPlaceholders(sql) : sql;
}

function eventAssignee(dialect: StoreDialect): string {
  return dialect.loginInDocument('e.doc', 'assignee');
}

const assigneesStatement = oncePerEngine((dialect) => placeholdersOf(dialect, assigneesSql(eventAssignee(dialect))));
const milestonesStatement = oncePerEngine((dialect) => placeholdersOf(dialect, MILESTONES_SQL));

export function* listAssignees(dialect: StoreDialect, repoId: number): Operation<UserRecord[]> {
  const rows = (yield { sql: assigneesStatement(dialect), parameters: assigneesArgs(repoId) }) as UserRow[];
  return rows.map(toUserRecord);
}

export function* listMilestones(dialect: StoreDialect, repoId: number): Operation<MilestoneRecord[]> {
  const rows = (yield { sql: milestonesStatement(dialect), parameters: milestonesArgs(repoId) }) as MilestoneRow[];
  return rows.map(toMilestoneRecord).filter((m) => m !== null);
}

/** Its two reads belong in one snapshot (each engine's `inSnapshot`), so an import between them cannot pair a sighting with no row. */
export function* findVisibleUser(
  dialect: StoreDialect,
  login: string,
  privateRepoIds: readonly number[],
): Operation<{ user: UserRecord | null; firstSeen: string } | null> {
  if (dialect.namesNothing(login)) return null;
  const { sql, args } = firstSeenQuery(login, privateRepoIds, eventAssignee(dialect));
  // Its shape follows the number of private repositories the caller may see.
  const [row] = (yield { sql: placeholdersOf(dialect, sql), parameters: args, shapeVaries: true }) as Array<{ first_seen: string | null }>;
  if (!row?.first_seen) return null;
  return { user: yield* findUser(dialect, login), firstSeen: row.first_seen };
}
