/**
 * What PostgreSQL's failures mean for the person running the service: a
 * server that cannot be reached or that stopped answering, and the storage
 * faults SQLite has too (a full disk, a read-only server). Messages name the
 * server without its password, never SQL or data.
 */
import { StorageError, type StorageProblem } from '../store-error';

/** Node's codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** SQLSTATE classes and codes (PostgreSQL's appendix A) that are the storage's fault, not the query's. */
function problemOfSqlState(code: string): StorageProblem | null {
  if (code.startsWith('08')) return 'unreachable'; // connection exception
  if (code === '57P01' || code === '57P02' || code === '57P03') return 'unreachable'; // shutting down, crash, cannot connect now
  if (code === '53100') return 'disk-full';
  if (code === '53300') return 'busy'; // too many connections
  if (code === '25006') return 'read-only'; // read-only transaction (a standby)
  if (code === '3D000') return 'cannot-open'; // no such database
  if (code === '28P01' || code === '28000') return 'cannot-open'; // authentication
  if (code === '57014') return 'unreachable'; // statement timeout: the server did not answer in time
  return null;
}

function problemOf(err: Error & { code?: unknown }): StorageProblem | null {
  const code = typeof err.code === 'string' ? err.code : '';
  if (NETWORK_CODES.has(code)) return 'unreachable';
  const sqlState = /^[0-9A-Z]{5}$/.test(code) ? problemOfSqlState(code) : null;
  if (sqlState) return sqlState;
  // node-postgres's own words for a connection it lost or could not make in time.
  if (/Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(err.message)) {
    return 'unreachable';
  }
  return null;
}

function messageFor(problem: StorageProblem, name: string, err: Error): string {
  switch (problem) {
    case 'unreachable':
      return `cannot reach the PostgreSQL database ${name}: ${err.message.split('\n')[0] ?? 'no answer'}`;
    case 'disk-full':
      return `cannot write to ${name}: the database server's disk is full`;
    case 'busy':
      return `cannot use ${name}: the server has no free connection; try again, or raise its max_connections`;
    case 'read-only':
      return `cannot write to ${name}: the server is read-only (a standby?)`;
    default:
      return `cannot use ${name}: ${err.message.split('\n')[0] ?? 'refused'}`;
  }
}

/** `err` as a StorageError when it is a fault of the database or the way to it; anything else unchanged. */
export function toPostgresStorageError(err: unknown, name: string): unknown {
  if (!(err instanceof Error) || err instanceof StorageError) return err;
  const problem = problemOf(err as Error & { code?: unknown });
  if (problem === null) return err;
  const code = (err as { code?: unknown }).code;
  return new StorageError(messageFor(problem, name, err), problem, typeof code === 'string' ? code : 'PG');
}
