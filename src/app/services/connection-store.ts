/**
 * The API client for the current (base URL, token) pair, and a non-secret
 * identity for it that every query key carries: a new pair gets a new identity,
 * so one identity's cached answers are never shown to another. The identity is
 * the base URL and a counter; the token never appears in it.
 */
import type { ApiClient } from '../api/api-types';
import type { ConnectionSettings, ConnectionSnapshot } from './connection-settings';

export interface Connection {
  /** goes into query keys: never the token */
  identity: string;
  baseUrl: string;
  hasToken: boolean;
  client: ApiClient;
}

export interface ConnectionStore {
  /** The same object until the base URL or token changes. */
  getSnapshot(): Connection;
  subscribe(listener: () => void): () => void;
}

/** Builds the client of one identity; `isCurrent` tells whether that identity is still the one in use. */
export type ClientFactory = (settings: ConnectionSnapshot, isCurrent: () => boolean) => ApiClient;

export function createConnectionStore(settings: ConnectionSettings, createClient: ClientFactory): ConnectionStore {
  let generation = 0;
  let source: ConnectionSnapshot | null = null;
  let connection: Connection | null = null;

  function getSnapshot(): Connection {
    const next = settings.getSnapshot();
    if (connection !== null && source !== null && next.baseUrl === source.baseUrl && next.token === source.token) {
      return connection;
    }
    generation += 1;
    const mine = generation;
    source = next;
    connection = {
      identity: `${next.baseUrl}#${mine}`,
      baseUrl: next.baseUrl,
      hasToken: next.token !== null && next.token !== '',
      client: createClient(next, () => mine === generation),
    };
    return connection;
  }

  return { getSnapshot, subscribe: (listener) => settings.subscribe(listener) };
}

/** The absolute URL of a path under the connection's base URL, as the client requests it. */
export function apiUrl(connection: Pick<Connection, 'baseUrl'>, path: string): string {
  return new URL(`${connection.baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`).href;
}
