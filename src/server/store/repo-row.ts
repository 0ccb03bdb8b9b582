/** A `repos` row as every engine stores it, and the record the service uses. */
import type { RepoRecord } from './records';

export interface RepoRow {
  id: number;
  owner: string;
  name: string;
  private: number;
  description: string | null;
  created_at: string;
  data_version: number;
  modified_at: number;
}

export function toRepo(row: RepoRow): RepoRecord {
  return {
    id: row.id,
    owner: row.owner,
    name: row.name,
    isPrivate: row.private === 1,
    description: row.description,
    createdAt: row.created_at,
    dataVersion: row.data_version,
    modifiedAt: row.modified_at,
  };
}
