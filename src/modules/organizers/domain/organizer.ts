import { fold } from '../../../shared/domain/text';
import type { RecordStatus } from '../../../shared/domain/policy';

/** An organizer (CONTRACT §6.4, §10). Dates are wall-clock strings: `date` in the site timezone, the others in UTC. */
export interface Organizer {
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
  phone: string;
  website: string;
  email: string;
  imageId: number | null;
}

/** Fields searched by `search` (§10.6). */
export const ORGANIZER_SEARCH_FIELDS = ['name', 'description', 'phone', 'email', 'website'] as const;

export function searchFragments(search: string): string[] {
  return fold(search).match(/[\p{L}\p{N}-]+/gu) ?? [];
}

export function fieldMatchesAll(value: string, fragments: string[]): boolean {
  const key = fold(value);
  return fragments.every((f) => key.includes(f));
}

/** §10.4: the non-empty compared fields sent on a create; all compared for equality (folded). */
export interface OrganizerDuplicateProbe {
  name: string;
  description?: string;
  phone?: string;
  email?: string;
  website?: string;
}

export const ORGANIZER_DUPLICATE_FIELDS = ['name', 'description', 'phone', 'email', 'website'] as const;

export function isOrganizerDuplicate(organizer: Organizer, probe: OrganizerDuplicateProbe): boolean {
  if (organizer.status === 'trash') return false;
  for (const field of ORGANIZER_DUPLICATE_FIELDS) {
    const sent = probe[field];
    if (sent === undefined || sent === '') continue;
    if (fold(organizer[field]) !== fold(sent)) return false;
  }
  return true;
}

export { isEmail } from '../../../shared/domain/web-values';
