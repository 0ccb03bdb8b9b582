/**
 * The tables the shared core reads and writes, as Kysely's query builder types them: one column
 * list for both engines, whose schemas (sqlite/schema.ts, postgres/schema.ts) hold the same
 * tables and columns. Types are what a row reads as on both engines: BIGINT comes back as a
 * number (postgres/sql.ts), CITEXT as a string, booleans as 0 or 1. `Generated`: a column the
 * database fills when an insert leaves it out. An issue's tables list the columns the core reads
 * or writes; the rest (the facts search filters on) are the import's, written by each engine.
 */
import type { Generated } from 'kysely';

export interface StoreTables {
  repos: {
    id: Generated<number>;
    owner: string;
    name: string;
    private: number;
    description: string | null;
    created_at: string;
    data_version: Generated<number>;
    modified_at: number;
  };
  /** the issue columns the core's fixed statements read (the lists' conditions are SQL in pieces: core/issue-reads.ts) */
  issues: { repo_id: number; number: number; state: 'open' | 'closed'; doc: string };
  labels: { id: Generated<number>; repo_id: number; name: string; color: string; description: string | null; is_default: number };
  repo_redirects: { owner: string; name: string; repo_id: number };
  users: { login: string; id: number; name: string | null; type: string };
  tokens: { hash: string; login: string; name: string; expires_at: number | null; created_at: number };
  token_repos: { token_hash: string; repo_id: number };
  rate_counters: { key: string; window_start_ms: number; used: number };
  mirrors: { repo_id: number; source: string; source_private: number | null; completed_at: number | null };
  mirror_walks: {
    repo_id: number;
    walk: 'issues' | 'comments' | 'events';
    first_url: string | null;
    etag: string | null;
    since: string | null;
    next_url: string | null;
    run_newest: string | null;
  };
  comments: { id: number; repo_id: number; issue_number: number; created_at: string; doc: string };
  issue_events: { id: number; repo_id: number; issue_number: number; event: string; created_at: string; doc: string };
  issue_references: { repo_id: number; target_number: number; source_number: number; source_comment: number; created_at: string };
  sub_issues: { repo_id: number; number: number; parent_repo_id: number; parent_number: number; position: number };
  issue_types: { repo_id: number; name: string; doc: string };
}
