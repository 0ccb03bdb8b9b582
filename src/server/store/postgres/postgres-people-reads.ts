/** The repository's people and milestones, and who a login is, on PostgreSQL (`PeopleReader`; the SQL is ../people-queries.ts). */
import type { MilestoneRecord, UserRecord } from '../records';
import {
  assigneesSql,
  assigneesArgs,
  firstSeenQuery,
  MILESTONES_SQL,
  milestonesArgs,
  numberedPlaceholders,
  toMilestoneRecord,
  toUserRecord,
  type MilestoneRow,
  type UserRow,
} from '../people-queries';
import type { PeopleReader } from '../storage';
import { hasNul } from './sql';
import type { WriteTransactions } from './write-transaction';

/**
 * The login of an event document's `assignee` (people-queries.ts's one engine hook): the URL
 * markers (a U+0000 escape opening a string) go before it is read as JSON, as postgres-search.ts
 * reads documents; citext, so it compares without case.
 */
const EVENT_ASSIGNEE = `(replace(e.doc, '"\\u0000', '"')::json #>> '{assignee,login}')::citext`;
const ASSIGNEES = numberedPlaceholders(assigneesSql(EVENT_ASSIGNEE));
const MILESTONES = numberedPlaceholders(MILESTONES_SQL);

export class PostgresPeopleReads implements PeopleReader {
  constructor(private readonly tx: WriteTransactions) {}

  async listAssignees(repoId: number): Promise<UserRecord[]> {
    const rows = await this.tx.sql.query<UserRow & Record<string, unknown>>(ASSIGNEES, assigneesArgs(repoId));
    return rows.map(toUserRecord);
  }

  async listMilestones(repoId: number): Promise<MilestoneRecord[]> {
    const rows = await this.tx.sql.query<MilestoneRow & Record<string, unknown>>(MILESTONES, milestonesArgs(repoId));
    return rows.map(toMilestoneRecord).filter((m) => m !== null);
  }

  /** Both reads in one snapshot, so an import between them cannot pair a sighting with no row. */
  findVisibleUser(login: string, privateRepoIds: readonly number[]): Promise<{ user: UserRecord | null; firstSeen: string } | null> {
    // PostgreSQL's text cannot hold U+0000: no stored login has one (sql.ts `hasNul`).
    if (hasNul(login)) return Promise.resolve(null);
    const { sql, args } = firstSeenQuery(login, privateRepoIds, EVENT_ASSIGNEE);
    return this.tx.inSnapshot(async (snapshot) => {
      const [row] = await snapshot.query<{ first_seen: string | null }>(numberedPlaceholders(sql), args);
      if (!row?.first_seen) return null;
      const [user] = await snapshot.query<UserRow & Record<string, unknown>>('SELECT login::text AS login, id, name, type FROM users WHERE login = $1', [login]);
      return { user: user ? toUserRecord(user) : null, firstSeen: row.first_seen };
    });
  }
}
