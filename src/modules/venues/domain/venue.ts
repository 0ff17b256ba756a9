import type { ParamProblem } from '../../../shared/domain/errors';
import { equalsSentFields, fieldMatchesAll, LinkedRecord, searchFragments } from '../../records/domain/linked-record';

export { fieldMatchesAll, searchFragments };

/** A venue (CONTRACT §6.3, §10): a linked record with an address, a map and coordinates. */
export interface Venue extends LinkedRecord {
  address: string;
  city: string;
  country: string;
  province: string;
  state: string;
  zip: string;
  phone: string;
  website: string;
  stateprovince: string;
  showMap: boolean;
  showMapLink: boolean;
  geoLat: number | null;
  geoLng: number | null;
}

/** Plain-text fields a client may write (besides the name). */
export const VENUE_TEXT_FIELDS = ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince'] as const;

/** Fields searched by `search` (§10.6), as domain property names. */
export const VENUE_SEARCH_FIELDS = [
  'name', 'description', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone',
] as const;

/** §10.3: `state` when the country is empty, US or United States; else `province`; else "". */
export function computeStateProvince(country: string, state: string, province: string): string {
  const c = country.trim().toLowerCase();
  if (c === '' || c === 'us' || c === 'united states') return state || province || '';
  return province || '';
}

/** §10.4: the non-empty compared fields that were sent on a create. Address is matched by word fragments. */
export interface VenueDuplicateProbe {
  name: string;
  description?: string;
  address?: string;
  city?: string;
  province?: string;
  state?: string;
  stateprovince?: string;
  zip?: string;
  phone?: string;
}

const VENUE_DUPLICATE_EQUAL_FIELDS = ['name', 'description', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'] as const;

/** Pure matcher (used by the in-memory adapter; the SQL adapter implements the same rule in SQL). */
export function isVenueDuplicate(venue: Venue, probe: VenueDuplicateProbe): boolean {
  if (!equalsSentFields(venue, probe, VENUE_DUPLICATE_EQUAL_FIELDS)) return false;
  if (probe.address) {
    const fragments = searchFragments(probe.address);
    if (!fieldMatchesAll(venue.address, fragments)) return false;
  }
  return true;
}

/**
 * Coordinates are kept to 10 decimal places (about 0.01 mm). mysql2 reads a MySQL DOUBLE by accumulating its decimal
 * digits in a double, which is exact only up to about 15 significant digits: a coordinate such as 40.123456789012344
 * came back from MariaDB as 40.12345678901234 while SQLite returned what was stored. With at most 10 decimals (13
 * significant digits within ±180) both back ends read back exactly the number stored.
 */
const COORDINATE_SCALE = 1e10;

/** undefined = not sent, null = clear, 'type' / 'range' = invalid; a number is rounded to 10 decimal places. */
export function readCoordinate(value: unknown, limit: number): number | null | undefined | 'type' | 'range' {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n)) return 'type';
  if (n < -limit || n > limit) return 'range';
  return Math.round(n * COORDINATE_SCALE) / COORDINATE_SCALE;
}

/** A problem for a sent coordinate (§10.1: numbers or numeric strings within ±limit; `""`/null clear). */
export function coordinateProblem(value: unknown, param: string, limit: number): ParamProblem | null {
  const read = readCoordinate(value, limit);
  if (read === 'type') return { param, detail: 'rest_invalid_type', args: { param, type: 'number' } };
  if (read === 'range') return { param, detail: 'rest_out_of_bounds', args: { param, min: -limit, max: limit } };
  return null;
}
