import type { Caller } from '../../../shared/domain/caller';
import type { ImportKind } from '../domain/import-mapping';

/** A copy as written: its local id and slug. */
export interface WrittenCopy {
  id: number;
  slug: string;
}

/**
 * PORT: writes a copy through the create and update use cases of its aggregate, from write parameters as a client
 * would send them to this service's API (CONTRACT §9–§11), so every rule of the contract applies: the same reading,
 * types, formats, limits, cleaning, slugs and checks as a request. Runs inside the caller's unit of work.
 * `lineage`: the source record's global ids, appended to the copy's `global_id_lineage` (records; terms have none).
 */
export abstract class CopyWriter {
  abstract create(kind: ImportKind, body: Record<string, unknown>, lineage: readonly string[], caller: Caller): Promise<WrittenCopy>;
  abstract update(kind: ImportKind, localId: number, body: Record<string, unknown>, lineage: readonly string[], caller: Caller): Promise<WrittenCopy>;
  /** Whether the local record is in the trash here (terms have no trash; a record that is gone is not). */
  abstract inTrash(kind: ImportKind, localId: number, caller: Caller): Promise<boolean>;
}
