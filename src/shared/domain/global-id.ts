/**
 * `global_id` of a record (CONTRACT §6.2): `{host}{path}?id={id}` from PUBLIC_URL without scheme and port, e.g.
 * `calendar.example.com?id=42` — the same rule for events, venues and organizers.
 */
export function globalIdOf(publicUrl: string, id: number): string {
  const u = new URL(publicUrl);
  return `${u.hostname}${u.pathname.replace(/\/+$/, '')}?id=${id}`;
}

/**
 * `global_id_lineage` (§6.2): the record's own global id, then the global ids of the records it was copied from
 * (`npm run import`, issue 15), oldest copy relation first, each once.
 */
export function lineageOf(ownGlobalId: string, copiedFrom: readonly string[] | undefined): string[] {
  return [ownGlobalId, ...(copiedFrom ?? []).filter((g) => g !== ownGlobalId)];
}

/** `current` with the global ids of `added` it lacks appended: a lineage only grows. */
export function appendLineage(current: readonly string[] | undefined, added: readonly string[]): string[] {
  const out = [...(current ?? [])];
  for (const g of added) if (g !== '' && !out.includes(g)) out.push(g);
  return out;
}

/** The stored form of the copied-from part of a lineage: a JSON array, or null when the record is no copy. */
export function encodeLineage(copiedFrom: readonly string[] | undefined): string | null {
  return copiedFrom && copiedFrom.length > 0 ? JSON.stringify(copiedFrom) : null;
}

export function decodeLineage(stored: string | null | undefined): string[] | undefined {
  if (!stored) return undefined;
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((g): g is string => typeof g === 'string') : undefined;
}

/** `{ lineage }` for a record read from storage, or nothing when it is no copy (records that are no copy stay as they were). */
export function lineageField(stored: string | null | undefined): { lineage?: string[] } {
  const lineage = decodeLineage(stored);
  return lineage && lineage.length > 0 ? { lineage } : {};
}
