import { fold } from '../../../shared/domain/text';
import type { RecordStatus } from '../../../shared/domain/policy';

/**
 * What venues and organizers have in common (CONTRACT §6.3, §6.4, §10): an authored record with a publication date, a
 * slug and a trash, that events link to. Dates are wall-clock strings: `date` in the site timezone, the others in UTC.
 * Each aggregate adds its own fields.
 */
export interface LinkedRecord {
  id: number;
  authorId: number;
  status: RecordStatus;
  date: string;
  dateUtc: string;
  modifiedUtc: string;
  slug: string;
  name: string;
  description: string;
  excerpt: string;
  imageId: number | null;
  /** Global ids of the records this one is a copy of (`npm run import`), shown after its own in `global_id_lineage`. */
  lineage?: string[];
}

/**
 * Search fragments (§10.6): runs of letters, digits and `-` of the folded search text. A record matches when one
 * searchable field contains all fragments.
 */
export function searchFragments(search: string): string[] {
  return fold(search).match(/[\p{L}\p{N}-]+/gu) ?? [];
}

export function fieldMatchesAll(value: string, fragments: string[]): boolean {
  const key = fold(value);
  return fragments.every((f) => key.includes(f));
}

/**
 * §10.4, the part both duplicate rules share: the record is not in the trash, and each of `fields` that the probe sent
 * non-empty equals the record's (folded).
 */
export function equalsSentFields<T extends LinkedRecord, F extends keyof T & string>(
  record: T,
  probe: Partial<Record<F, string>>,
  fields: readonly F[],
): boolean {
  if (record.status === 'trash') return false;
  return fields.every((field) => {
    const sent = probe[field];
    return sent === undefined || sent === '' || fold(String(record[field])) === fold(sent);
  });
}
