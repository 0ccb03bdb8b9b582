/**
 * Tells an instance when anything in the database changed, by any instance
 * or command: every write that changes what readers see bumps
 * `store_version`, whose trigger notifies STORE_VERSION_CHANNEL at commit
 * (schema.ts). One connection LISTENs; `version()` is what the storage's
 * `changeVersion` returns.
 *
 * While that connection is down the instance cannot hear of changes, so
 * `version()` moves on every call and nothing derived from the data is kept;
 * it reconnects by itself, and the reconnection counts as a change too.
 *
 * Only a serving instance keeps what it derived from the data across
 * requests; a command (import, token, mirror …) uses `UnheardChanges`
 * instead, and holds no connection it would never read.
 */
import pg from 'pg';
import { STORE_VERSION_CHANNEL } from './schema';

const RECONNECT_MS = 1000;

/** What the storage asks to know whether what it derived from the data still holds. */
export interface ChangeSource {
  /** differs after any change this source has heard of, or may have missed */
  version(): number;
  /** a write of this instance that readers see, known before any notification comes back */
  bump(): void;
  close(): Promise<void>;
}

/** For a storage that listens to nothing: every call may follow a change elsewhere, so nothing derived is kept. */
export class UnheardChanges implements ChangeSource {
  private generation = 0;

  version(): number {
    this.generation += 1;
    return this.generation;
  }

  bump(): void {
    this.generation += 1;
  }

  async close(): Promise<void> {}
}

export class ChangeListener implements ChangeSource {
  private client: pg.Client | null = null;
  private listening = false;
  private generation = 0;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly log: (line: string) => void,
  ) {}

  /** Connects and listens; rejects when the first connection fails (the caller reports it). */
  async start(): Promise<void> {
    await this.connect();
  }

  version(): number {
    if (!this.listening) this.generation += 1;
    return this.generation;
  }

  bump(): void {
    this.generation += 1;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.listening = false;
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      if (message.channel === STORE_VERSION_CHANNEL) this.generation += 1;
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${STORE_VERSION_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.listening = true;
    this.generation += 1;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.log('warning: lost the connection that hears of changes in PostgreSQL; nothing is cached until it is back, reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => this.log('listening for changes in PostgreSQL again'),
        () => {
          if (!this.closed) this.scheduleReconnect();
        },
      );
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
