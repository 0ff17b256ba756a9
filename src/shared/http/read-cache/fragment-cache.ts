import type { Clock } from '../../domain/clock';
import { ReadModelStore } from './read-model-store';
import type { ResponseCache } from './response-cache';

/**
 * Rendered JSON of single records, as UTF-8 bytes (JsonBytes), (issue 18), reused across the different answers that
 * embed them: a calendar asking for its own day or week misses the read cache with every address, yet shows mostly the
 * events the previous address showed. Keys name everything the text depends on besides the data (record, revision,
 * variant, API root). Its budget counts bytes.
 */
export class FragmentCache extends ReadModelStore<Buffer> {
  constructor(responses: ResponseCache, ttlMs: number, maxBytes: number, clock: Clock) {
    super(responses, ttlMs, maxBytes, (_key, bytes) => bytes.length, clock);
  }
}

/**
 * Rendered single-event bodies (issue 18) keyed by the data version their event was read at: every committed write,
 * here or in any other process, raises it, so an entry is found only while nothing has been written since it was
 * rendered — checked by the key, it need not age out, and it lives until the budget or a write here pushes it out. On
 * with the read cache, off (`enabled` false) without it.
 */
export class VersionedFragmentCache extends ReadModelStore<Buffer> {
  constructor(responses: ResponseCache, enabled: boolean, maxBytes: number, clock: Clock) {
    super(responses, enabled ? Number.MAX_SAFE_INTEGER : 0, maxBytes, (_key, bytes) => bytes.length, clock);
  }
}

/**
 * Pages of lists (their events' stamps and totals, issue 18), each with the data version it was read at, which the
 * reader compares with the current one before using it: as `VersionedFragmentCache`'s bodies, a page is used only while
 * nothing has been written since, so it need not age out. Its budget counts approximate bytes (`approximateBytes`).
 */
export class VersionedPageCache extends ReadModelStore<object> {
  constructor(responses: ResponseCache, enabled: boolean, maxBytes: number, clock: Clock) {
    super(responses, enabled ? Number.MAX_SAFE_INTEGER : 0, maxBytes, (key, page) => key.length + approximateBytes(page), clock);
  }
}

/**
 * The venues, organizers, terms (with their counts) and images that event answers embed, as read by the read model
 * (issue 18), by kind and id: a page whose events are not all kept as fragments reads only the linked records it has
 * not read lately — on MySQL a round trip saved for about half the pages of a calendar paging through its days. Its
 * budget counts approximate bytes (`approximateBytes`).
 */
export class LinkedRecordCache extends ReadModelStore<object> {
  constructor(responses: ResponseCache, ttlMs: number, maxBytes: number, clock: Clock) {
    super(responses, ttlMs, maxBytes, (key, record) => key.length + approximateBytes(record), clock);
  }
}

/** About what a record of plain values takes in memory: two bytes a character, eight a number, nested objects too. */
export function approximateBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 16 + 2 * value.length;
  if (value === null || typeof value !== 'object' || depth > 4) return 8;
  let bytes = 16;
  for (const item of Object.values(value)) bytes += 8 + approximateBytes(item, depth + 1);
  return bytes;
}
