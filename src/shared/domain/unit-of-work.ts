import { fold } from './text';

/**
 * PORT: runs a use case's writes atomically. Repositories used inside `run` take part in the same transaction; if the
 * work throws, nothing it wrote is kept (CONTRACT §9.1).
 */
export abstract class UnitOfWork {
  abstract run<T>(work: () => Promise<T>): Promise<T>;

  /**
   * Inside `run`: holds the named lock `key` until the unit of work ends, so writes holding the same key run one at a
   * time. For writes that must see each other's inserts before deciding (a create looking for a record of the same
   * name): there is no row to lock before the insert, so they lock a name instead (see `nameKey`).
   */
  abstract hold(key: string): Promise<void>;
}

/** Buckets per kind of `nameKey`: keys stay bounded, and two different names rarely share one. */
const NAME_BUCKETS = 256;

/** The lock key of a name of one kind (`venue`, `term:category`…): equal for names equal ignoring case and accents. */
export function nameKey(kind: string, name: string): string {
  let hash = 0x811c9dc5; // FNV-1a over the folded name
  for (const ch of fold(name)) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return `${kind}:${hash % NAME_BUCKETS}`;
}

/** For in-memory adapters and unit tests: runs the work directly (in-memory adapters validate before they write). */
export class ImmediateUnitOfWork extends UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** Unit tests run their writes one at a time: there is nothing to hold. */
  async hold(): Promise<void> {}
}
