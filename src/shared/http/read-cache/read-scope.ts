import type { Clock } from '../../domain/clock';
import type { ReadModelStore } from './read-model-store';
import type { ResponseCache } from './response-cache';

/**
 * One request's use of the read model stores (issue 18). It starts in the read cache's current generation, so nothing
 * read before a write is kept after it, and it remembers when the oldest data it took from a store was read: what it
 * keeps — a fragment rendered from kept records, an answer joined from kept fragments — is dated back to then, so no
 * answer or fragment ever carries data older than the read cache's lifetime.
 */
export class ReadScope {
  private readonly generation: number;
  /** Made before the request reads anything: what it reads from the database is at most this old. */
  private readonly startedAt: number;
  private oldestTaken: number | undefined;

  constructor(responses: ResponseCache, clock: Clock) {
    this.generation = responses.generation;
    this.startedAt = clock.now().getTime();
  }

  take<V>(store: ReadModelStore<V>, key: string): V | undefined {
    const found = store.entry(key);
    if (found === undefined) return undefined;
    if (this.oldestTaken === undefined || found.storedAt < this.oldestTaken) this.oldestTaken = found.storedAt;
    return found.value;
  }

  /**
   * The entry of `key` in a store whose keys name the data version this request read (`VersionedFragmentCache`): as
   * current as the request's own reads, it leaves `dataReadAt` as it is.
   */
  takeCurrent<V>(store: ReadModelStore<V>, key: string): V | undefined {
    return store.entry(key)?.value;
  }

  keep<V>(store: ReadModelStore<V>, key: string, value: V): void {
    store.set(key, value, this.generation, this.dataReadAt());
  }

  /**
   * When the oldest data used so far was read: the oldest entry taken, or the request's start (a slow statement must
   * not make what it read look younger than it is).
   */
  dataReadAt(): number {
    return this.oldestTaken === undefined ? this.startedAt : Math.min(this.startedAt, this.oldestTaken);
  }
}
