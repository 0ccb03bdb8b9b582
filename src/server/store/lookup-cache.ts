/**
 * The repository and token rows every request looks up, remembered in front
 * of the storage until anything stored changes (`changeVersion`, any process).
 *
 * Only rows found are remembered, never misses, so strangers asking for names
 * that do not exist cannot fill it. The cached-answer lane asks `remembered*`,
 * which never wait; the chain asks `find*`, which read the storage on a miss.
 */
import type { RepoRecord, TokenRecord } from './records';
import type { Awaitable, ChangeSignal, RepositoryReader, TokenStore } from './storage';

/** Past this many rows a map starts afresh: a bound, not an eviction policy. */
const MAX_ROWS = 1000;

/** Names compare without case, as the storage compares them. */
function repoKey(owner: string, name: string): string {
  return `${owner.toLowerCase()}/${name.toLowerCase()}`;
}

export class LookupCache {
  private readonly repos = new Map<string, RepoRecord>();
  private readonly tokens = new Map<string, TokenRecord>();
  private version: number;

  constructor(private readonly storage: Pick<RepositoryReader, 'findRepo'> & Pick<TokenStore, 'findToken'> & ChangeSignal) {
    this.version = storage.changeVersion();
  }

  /** The version now, having forgotten everything when it moved. */
  private current(): number {
    const version = this.storage.changeVersion();
    if (version !== this.version) {
      this.repos.clear();
      this.tokens.clear();
      this.version = version;
    }
    return version;
  }

  rememberedRepo(owner: string, name: string): RepoRecord | null {
    this.current();
    return this.repos.get(repoKey(owner, name)) ?? null;
  }

  rememberedToken(hash: string): TokenRecord | null {
    this.current();
    return this.tokens.get(hash) ?? null;
  }

  findRepo(owner: string, name: string): Awaitable<RepoRecord | null> {
    return this.rememberedRepo(owner, name) ?? this.read(this.repos, repoKey(owner, name), () => this.storage.findRepo(owner, name));
  }

  findToken(hash: string): Awaitable<TokenRecord | null> {
    return this.rememberedToken(hash) ?? this.read(this.tokens, hash, () => this.storage.findToken(hash));
  }

  /**
   * Reads a row and remembers it, unless the data changed while it was read
   * (an engine that answers later): then it may predate the change.
   */
  private read<T>(map: Map<string, T>, key: string, find: () => Awaitable<T | null>): Awaitable<T | null> {
    const before = this.version;
    const keep = (row: T | null): T | null => {
      if (row !== null && this.current() === before) {
        if (map.size >= MAX_ROWS) map.clear();
        map.set(key, row);
      }
      return row;
    };
    const found = find();
    return found instanceof Promise ? found.then(keep) : keep(found);
  }
}
