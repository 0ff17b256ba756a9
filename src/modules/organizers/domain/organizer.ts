import { equalsSentFields, LinkedRecord, searchFragments } from '../../records/domain/linked-record';

export { searchFragments };

/** An organizer (CONTRACT §6.4, §10): a linked record with contact details. */
export interface Organizer extends LinkedRecord {
  phone: string;
  website: string;
  email: string;
}

/** Fields searched by `search` (§10.6). */
export const ORGANIZER_SEARCH_FIELDS = ['name', 'description', 'phone', 'email', 'website'] as const;

/** §10.4: the non-empty compared fields sent on a create; all compared for equality (folded). */
export interface OrganizerDuplicateProbe {
  name: string;
  description?: string;
  phone?: string;
  email?: string;
  website?: string;
}

const ORGANIZER_DUPLICATE_FIELDS = ['name', 'description', 'phone', 'email', 'website'] as const;

export function isOrganizerDuplicate(organizer: Organizer, probe: OrganizerDuplicateProbe): boolean {
  return equalsSentFields(organizer, probe, ORGANIZER_DUPLICATE_FIELDS);
}

export { isEmail } from '../../../shared/domain/web-values';
