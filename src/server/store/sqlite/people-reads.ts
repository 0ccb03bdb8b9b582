/** The repository's people and milestones, and who a login is, on SQLite (`PeopleReader`; the SQL is ../people-queries.ts). */
import type { MilestoneRecord, UserRecord } from '../records';
import {
  assigneesSql,
  assigneesArgs,
  firstSeenQuery,
  MILESTONES_SQL,
  milestonesArgs,
  toMilestoneRecord,
  toUserRecord,
  type MilestoneRow,
  type UserRow,
} from '../people-queries';
import type { PeopleReader } from '../storage';
import type { SqliteConnection } from './connection';
import { findUser } from '../core/repository-rows';
import { SQLITE_DIALECT } from '../core/store-dialect';

/** The login of an event document's `assignee` (people-queries.ts's one engine hook); NOCASE, as logins compare. */
const EVENT_ASSIGNEE = "json_extract(e.doc, '$.assignee.login') COLLATE NOCASE";
const ASSIGNEES_SQL = assigneesSql(EVENT_ASSIGNEE);

export class SqlitePeopleReads implements PeopleReader {
  constructor(private readonly connection: SqliteConnection) {}

  listAssignees(repoId: number): UserRecord[] {
    const rows = this.connection.stmt(ASSIGNEES_SQL).all(...assigneesArgs(repoId)) as UserRow[];
    return rows.map(toUserRecord);
  }

  listMilestones(repoId: number): MilestoneRecord[] {
    const rows = this.connection.stmt(MILESTONES_SQL).all(...milestonesArgs(repoId)) as MilestoneRow[];
    return rows.map(toMilestoneRecord).filter((m) => m !== null);
  }

  findVisibleUser(login: string, privateRepoIds: readonly number[]): { user: UserRecord | null; firstSeen: string } | null {
    const { sql, args } = firstSeenQuery(login, privateRepoIds, EVENT_ASSIGNEE);
    // Both reads in one snapshot, so an import between them cannot pair a sighting with no row.
    return this.connection.inSnapshot(() => {
      const row = this.connection.stmt(sql).get(...args) as { first_seen: string | null } | undefined;
      if (!row?.first_seen) return null;
      return { user: this.connection.run(findUser(SQLITE_DIALECT, login)), firstSeen: row.first_seen };
    });
  }
}
