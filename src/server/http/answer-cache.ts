/**
 * Rendered answers of repository resources (issue pages, single issues,
 * comment pages), so a repeated request sends bytes already encoded instead of
 * reading SQLite, filling URL markers into a page's JSON, encoding and
 * hashing it again. A 304 then costs one short hash.
 *
 * Bounded by bytes, least recently used first out. An entry belongs to one
 * repository at one data version (bumped in the same transaction as every
 * import, mirror page and rename), and the repository row is read on every
 * request, so a change made by any process is seen on the next request: its
 * key simply differs. Entries of older versions are dropped as soon as a newer
 * version of their repository is stored.
 */

export interface RenderedAnswer {
  /** the JSON body, UTF-8 encoded */
  body: Uint8Array<ArrayBuffer>;
  link: string | null;
  /** hex SHA-1 over `Link` and body: the per-caller ETag is derived from it (respond.ts) */
  digest: string;
  /** the body gzipped, once a client that accepts gzip has asked for it (content-encoding.ts) */
  gzip?: Uint8Array<ArrayBuffer>;
}

interface Entry {
  answer: RenderedAnswer;
  repoId: number;
  dataVersion: number;
  bytes: number;
}

/** What an entry costs besides its body: key, Link, digest and the bookkeeping objects. */
const ENTRY_OVERHEAD_BYTES = 256;

export const DEFAULT_ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

export interface AnswerScope {
  repoId: number;
  dataVersion: number;
}

export class AnswerCache {
  /** insertion order is recency: the first entry is the least recently used */
  private readonly entries = new Map<string, Entry>();
  private readonly newestVersion = new Map<number, number>();
  private usedBytes = 0;

  /** `maxBytes` 0 turns the cache off. */
  constructor(readonly maxBytes: number = DEFAULT_ANSWER_CACHE_BYTES) {}

  get bytes(): number {
    return this.usedBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** `what` names the exact request (its full URL): origin, path and query all shape the bytes. */
  get(scope: AnswerScope, what: string): RenderedAnswer | undefined {
    const key = keyOf(scope, what);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /** The entry, without counting this as a use. */
  peek(scope: AnswerScope, what: string): RenderedAnswer | undefined {
    return this.entries.get(keyOf(scope, what))?.answer;
  }

  set(scope: AnswerScope, what: string, answer: RenderedAnswer): void {
    const key = keyOf(scope, what);
    const bytes = answer.body.byteLength + (answer.gzip?.byteLength ?? 0) + 2 * (key.length + (answer.link?.length ?? 0) + answer.digest.length) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    const newest = this.newestVersion.get(scope.repoId);
    if (newest !== undefined && scope.dataVersion < newest) return; // rendered from data already replaced
    if (newest !== undefined && scope.dataVersion > newest) this.dropRepository(scope.repoId);
    this.newestVersion.set(scope.repoId, scope.dataVersion);

    this.remove(key);
    this.entries.set(key, { answer, repoId: scope.repoId, dataVersion: scope.dataVersion, bytes });
    this.usedBytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.usedBytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private dropRepository(repoId: number): void {
    for (const [key, entry] of this.entries) if (entry.repoId === repoId) this.remove(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.usedBytes -= entry.bytes;
  }
}

function keyOf(scope: AnswerScope, what: string): string {
  return `${scope.repoId}\u0000${scope.dataVersion}\u0000${what}`;
}
