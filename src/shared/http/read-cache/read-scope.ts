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
  private oldestTaken: number | undefined;

  constructor(
    responses: ResponseCache,
    private readonly clock: Clock,
  ) {
    this.generation = responses.generation;
  }

  take<V>(store: ReadModelStore<V>, key: string): V | undefined {
    const found = store.entry(key);
    if (found === undefined) return undefined;
    if (this.oldestTaken === undefined || found.storedAt < this.oldestTaken) this.oldestTaken = found.storedAt;
    return found.value;
  }

  keep<V>(store: ReadModelStore<V>, key: string, value: V): void {
    store.set(key, value, this.generation, this.dataReadAt());
  }

  /** When the oldest data used so far was read: the oldest entry taken, or now when none was. */
  dataReadAt(): number {
    const now = this.clock.now().getTime();
    return this.oldestTaken === undefined ? now : Math.min(now, this.oldestTaken);
  }
}
