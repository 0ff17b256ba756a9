import { IfMatch, ifMatchHits } from './entity-tags';
import { preconditionFailed } from './errors';

/**
 * PORT: the strong tag of a record (CONTRACT §9.11) — the hash of the body a single GET of it returns at an address —
 * which a write's `If-Match` is compared with once the write holds the record. The HTTP layer, which owns the body,
 * implements one per aggregate (each aggregate's subclass is its DI token).
 */
export abstract class RecordEtags<T> {
  abstract tagOf(record: T, address: string): Promise<string>;

  /** Throws 412 rest_precondition_failed unless `If-Match` (when sent) matches the record as this write holds it. */
  async assertIfMatch(ifMatch: IfMatch | undefined, record: T): Promise<void> {
    if (ifMatch !== undefined && !ifMatchHits(ifMatch.header, await this.tagOf(record, ifMatch.address))) throw preconditionFailed();
  }
}
