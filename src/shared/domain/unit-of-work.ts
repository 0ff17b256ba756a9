/**
 * PORT: runs a use case's writes atomically. Repositories used inside `run` take part in the same transaction; if the
 * work throws, nothing it wrote is kept (CONTRACT §9.1).
 */
export abstract class UnitOfWork {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}

/** For in-memory adapters and unit tests: runs the work directly (in-memory adapters validate before they write). */
export class ImmediateUnitOfWork extends UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }
}
