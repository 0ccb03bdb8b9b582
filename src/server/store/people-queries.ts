/**
 * The repository's people and milestones, and who a login is: the SQL written once, with `?`
 * placeholders (SQLite's; `numberedPlaceholders` gives PostgreSQL's `$n`), and the rows turned
 * into records. Both engines hold the same tables and columns (postgres/schema.ts), and every
 * name compared here is case-blind on both (COLLATE NOCASE, CITEXT).
 *
 * None of this is a table of its own: the service keeps no list of collaborators or
 * milestones, so both are derived from the issues it holds (docs/api.md says how that
 * differs from GitHub). Orders are applied by the caller in JavaScript over these small
 * lists, so that both engines order alike whatever the database's collation.
 */
import type { MilestoneRecord, UserRecord } from './records';

/**
 * Who may be assigned in a repository, as far as the service can know: everyone assigned to
 * one of its issues or pull requests (open or closed), everyone an imported `assigned` event
 * names (assigned once, perhaps unassigned since), and its owner when the owner is known as a
 * person. An organisation owner is not assignable on GitHub, nor is a login with no row.
 *
 * `eventAssignee` is the engine's expression for the login of the `assignee` in the event
 * document `e.doc`: the one place the engines' SQL differs here (JSON paths).
 */
export function assigneesSql(eventAssignee: string): string {
  return `
  SELECT u.login, u.id, u.name, u.type FROM users u
  WHERE u.type <> 'Organization'
    AND (u.login IN (SELECT a.login FROM issue_assignees a WHERE a.repo_id = ?)
      OR u.login IN (SELECT ${eventAssignee} FROM issue_events e WHERE e.repo_id = ? AND e.event = 'assigned')
      OR u.login IN (SELECT r.owner FROM repos r WHERE r.id = ?))`;
}

export function assigneesArgs(repoId: number): unknown[] {
  return [repoId, repoId, repoId];
}

/**
 * Every milestone the repository's issues carry: its counts of open and closed issues and pull
 * requests (GitHub counts both), and the document of the issue updated last among them, whose
 * copy of the milestone is the freshest the service has.
 */
export const MILESTONES_SQL = `
  SELECT i.milestone AS number,
    SUM(CASE WHEN i.state = 'open' THEN 1 ELSE 0 END) AS open_count,
    SUM(CASE WHEN i.state = 'closed' THEN 1 ELSE 0 END) AS closed_count,
    (SELECT d.doc FROM issues d WHERE d.repo_id = i.repo_id AND d.milestone = i.milestone
      ORDER BY d.updated_at DESC, d.number DESC LIMIT 1) AS doc
  FROM issues i
  WHERE i.repo_id = ? AND i.milestone IS NOT NULL
  GROUP BY i.repo_id, i.milestone`;

export function milestonesArgs(repoId: number): unknown[] {
  return [repoId];
}

/** A repository the caller sees: every public one, and the private ones its token is granted. */
function visibleRepo(alias: string, privateRepoIds: readonly number[]): string {
  if (privateRepoIds.length === 0) return `${alias}.private = 0`;
  return `(${alias}.private = 0 OR ${alias}.id IN (${privateRepoIds.map(() => '?').join(', ')}))`;
}

/**
 * The earliest moment a login appears in what the caller may see: as the owner of a
 * repository, or the author, an assignee or someone mentioned on an issue, the assignee of an
 * imported `assigned` event (so everyone `/assignees` lists is someone `/users` knows), or the
 * author of a comment. No row (NULL) when it appears in none: a login known only from a private
 * repository the caller cannot see is answered as one never seen, so `GET /users/{login}`
 * cannot tell a stranger who works in private repositories (spec 4.1.8: private is missing).
 */
export function firstSeenQuery(login: string, privateRepoIds: readonly number[], eventAssignee: string): { sql: string; args: unknown[] } {
  const sources = [
    `SELECT r.created_at AS seen FROM repos r WHERE r.owner = ? AND ${visibleRepo('r', privateRepoIds)}`,
    `SELECT i.created_at AS seen FROM issues i JOIN repos r ON r.id = i.repo_id WHERE i.creator = ? AND ${visibleRepo('r', privateRepoIds)}`,
    `SELECT i.created_at AS seen FROM issue_assignees a JOIN issues i ON i.repo_id = a.repo_id AND i.number = a.number
       JOIN repos r ON r.id = a.repo_id WHERE a.login = ? AND ${visibleRepo('r', privateRepoIds)}`,
    `SELECT i.created_at AS seen FROM issue_mentions m JOIN issues i ON i.repo_id = m.repo_id AND i.number = m.number
       JOIN repos r ON r.id = m.repo_id WHERE m.login = ? AND ${visibleRepo('r', privateRepoIds)}`,
    `SELECT c.created_at AS seen FROM comments c JOIN repos r ON r.id = c.repo_id WHERE c.author = ? AND ${visibleRepo('r', privateRepoIds)}`,
    `SELECT e.created_at AS seen FROM issue_events e JOIN repos r ON r.id = e.repo_id
       WHERE e.event = 'assigned' AND ${eventAssignee} = ? AND ${visibleRepo('r', privateRepoIds)}`,
  ];
  return {
    sql: `SELECT MIN(seen) AS first_seen FROM (${sources.join('\n UNION ALL ')}) AS sightings`,
    args: sources.flatMap(() => [login, ...privateRepoIds]),
  };
}

/** `?` → `$1, $2 …`, for PostgreSQL. The queries above hold no `?` other than placeholders. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export interface UserRow {
  login: string;
  id: number;
  name: string | null;
  type: string;
}

export function toUserRecord(row: UserRow): UserRecord {
  const type = row.type === 'Bot' || row.type === 'Organization' ? row.type : 'User';
  return { login: row.login, id: Number(row.id), name: row.name, type };
}

export interface MilestoneRow {
  number: number;
  open_count: number;
  closed_count: number;
  doc: string;
}

/** The milestone as the stored issue document holds it (URL markers and all), with the counts taken now. */
export function toMilestoneRecord(row: MilestoneRow): MilestoneRecord | null {
  const issue = JSON.parse(row.doc) as { milestone?: Record<string, unknown> | null };
  if (!issue.milestone) return null;
  return { number: Number(row.number), openIssues: Number(row.open_count), closedIssues: Number(row.closed_count), document: issue.milestone };
}
