import type { DetailCode, ParamProblem } from '../../domain/errors';
import { exceedsLength, MAX_LENGTH } from '../../domain/input-limits';

/**
 * How one request parameter is read (CONTRACT §1.4, §4.3): its kind, whether it is required, its range or allowed
 * values. The same spec validates input, converts it to a typed value, and documents the parameter (Swagger, index).
 */
type ParamKind = 'integer' | 'number' | 'boolean' | 'string' | 'enum' | 'list' | 'date' | 'object' | 'any';

export interface ParamSpec {
  kind: ParamKind;
  description: string;
  required?: boolean;
  /**
   * JSON null reaches the handler as null, which clears the field its own way (e.g. a description that may not be sent
   * as `""`, the venue links, the image). Without it null becomes the kind's empty value, or a 400 (`emptyValueOf`).
   */
  nullable?: boolean;
  /** `""` is rejected with rest_empty_value. */
  nonEmpty?: boolean;
  min?: number;
  max?: number;
  /** number: `min` itself is refused too (a radius must be above 0); /doc says so with `exclusiveMinimum`. */
  exclusiveMin?: boolean;
  /**
   * The longest accepted text, in characters (issue 14): of a string or date, of a string sent to an `any` parameter,
   * of each item of a list. Strings and dates without one get DEFAULT_MAX_LENGTH.
   */
  maxLength?: number;
  /** list: the most items accepted (default DEFAULT_MAX_ITEMS). */
  maxItems?: number;
  /** The problem of a text over `maxLength` where the contract names another one than rest_too_long (a password). */
  tooLong?: (param: string) => ParamProblem;
  /** enum: the allowed values (compared case-insensitively when `caseInsensitive`). */
  values?: readonly string[];
  caseInsensitive?: boolean;
  /** list: the kind of each item ('integer' items must be positive integers). */
  items?: 'integer' | 'string';
  /** boolean: extra words accepted as true / false (venue map flags, has_events, strict_dates). */
  trueWords?: readonly string[];
  falseWords?: readonly string[];
  /** boolean: any other value is false instead of an error. */
  lenient?: boolean;
  /** string: also accept JSON numbers (dates, image, cost). */
  acceptNumbers?: boolean;
  /** A documented default (index, /doc); the handler applies the real default. */
  default?: unknown;
  /** A documented default that depends on the moment (event list dates), computed when the index or /doc is served. */
  defaultAt?: (now: Date, siteZone: string) => unknown;
  format?: string;
  /**
   * A realistic value, valid on its own, shown by /doc and the explorer. Write fields and the parameters of writes have
   * one; list filters have none, because the explorer fills a query field with its example and "Try it out" would then
   * send every filter at once.
   */
  example?: unknown;
  /** Extra validation after the kind check; returns a problem or null. */
  check?: (value: unknown, param: string) => ParamProblem | null;
}

const problem = (param: string, detail: DetailCode, args?: Record<string, string | number>): ParamProblem => ({
  param,
  detail,
  args,
});

const BOOL_TRUE = ['true', '1'];
const BOOL_FALSE = ['false', '0'];

function readBoolean(spec: ParamSpec, value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  // Exactly the spellings of §1.4, in any letter case: ` 1` or `1\r\n` is not one (a black-box probe, 2026-11-27).
  const v = value.toLowerCase();
  if (BOOL_TRUE.includes(v) || spec.trueWords?.includes(v)) return true;
  if (BOOL_FALSE.includes(v) || spec.falseWords?.includes(v)) return false;
  return spec.lenient ? false : undefined;
}

/**
 * The ceiling of integer parameters that declare no maximum: 2^53−1, the largest integer a JSON number carries exactly
 * (the bound of a token's `sub`, §3.1). It is the `{max}` of their rest_out_of_bounds sentence (§4.3), so `page=0`
 * reads "page must be between 1 and 9007199254740991." — the range really is "≥ 1", and this is its only ceiling.
 */
export const MAX_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * An integer parameter's value (§1.4: a JSON integer or a string of ASCII digits): the number, `'out'` for an integer
 * beyond ±MAX_INTEGER (refused as out of bounds, not as a wrong type: it is an integer), else undefined.
 */
function readIntegerValue(value: unknown): number | 'out' | undefined {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return undefined;
    return Number.isSafeInteger(value) ? value : 'out';
  }
  if (typeof value !== 'string') return undefined;
  // A leading "-" is read too, so that `page=-1` is out of bounds rather than of the wrong type.
  // `-0` is neither ASCII digits nor below any range: it is not an integer's spelling.
  if (!/^-?\d+$/.test(value) || /^-0+$/.test(value)) return undefined;
  const n = Number(value);
  // Stryker disable next-line ConditionalExpression: equivalent, an integer beyond ±MAX_INTEGER is beyond every declared range too, refused by the same rest_out_of_bounds
  return Math.abs(n) <= MAX_INTEGER ? n : 'out';
}

function readInteger(value: unknown): number | undefined {
  const n = readIntegerValue(value);
  return typeof n === 'number' ? n : undefined;
}

function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(value.trim())) return Number(value); // Number() ignores the same surrounding whitespace as trim()
  return undefined;
}

/**
 * Comma strings, arrays and bracket objects (`a[0]=x&a[1]=y` may arrive as an object) all become string lists. A comma
 * string is split; an item of an array or object is one item (§9.6: "a comma list or array"), so a category named
 * `Rock, Pop` can be named in `["Rock, Pop"]` — as the plugin reads arrays. Items are trimmed, empty ones dropped.
 */
export function readList(value: unknown): string[] | undefined {
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'string') items = value.split(',');
  else if (typeof value === 'number') items = [String(value)];
  else if (value && typeof value === 'object') items = Object.values(value);
  else return undefined;
  const out: string[] = [];
  for (const item of items) {
    if (typeof item === 'number') out.push(String(item));
    else if (typeof item !== 'string') return undefined;
    else if (item.trim() !== '') out.push(item.trim());
  }
  return out;
}

/** Whether a list (array or bracket object) holds a JSON number that is not a whole number of at least 0. */
function hasNumberOtherThanId(value: unknown): boolean {
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: equivalent, a string (the only other value here) has no number items
  const items = typeof value === 'number' ? [value] : value && typeof value === 'object' ? Object.values(value) : [];
  return items.some((item) => typeof item === 'number' && !(Number.isSafeInteger(item) && item >= 0));
}

/**
 * What JSON null becomes (CONTRACT §1.4: null means "clear"): null itself for `nullable` parameters (their handler
 * clears them), otherwise the kind's empty value where the parameter may be empty — `false`, `""`, `[]`, or `0` when
 * 0 is in range — and `undefined` where it may not (a 400 rest_empty_value: title, names, slug, dates, status, author).
 */
export function emptyValueOf(spec: ParamSpec): unknown {
  if (spec.nullable) return null;
  switch (spec.kind) {
    case 'boolean':
      return false;
    case 'string':
      return spec.nonEmpty ? undefined : '';
    case 'list':
      return [];
    case 'integer':
      return (spec.min ?? 0) <= 0 && (spec.max ?? 0) >= 0 ? 0 : undefined;
    // Stryker disable next-line ConditionalExpression: equivalent, without it the function ends and returns undefined as well
    default:
      return undefined;
  }
}

/** Whether JSON null is an accepted value of this parameter (it clears the field). */
export const acceptsNull = (spec: ParamSpec): boolean => emptyValueOf(spec) !== undefined;

/** Parameters that declare no limit: free text of a query (search, password) and list filters. */
const DEFAULT_MAX_LENGTH = MAX_LENGTH.search;
export const DEFAULT_MAX_ITEMS = 1000;

/** The longest text a parameter accepts (per item for lists); undefined where no text is read (numbers, enums…). */
export function maxLengthOf(spec: ParamSpec): number | undefined {
  if (spec.maxLength !== undefined) return spec.maxLength;
  if (spec.kind === 'string' || spec.kind === 'date' || spec.kind === 'list') return spec.kind === 'date' ? MAX_LENGTH.date : DEFAULT_MAX_LENGTH;
  return undefined;
}

export const maxItemsOf = (spec: ParamSpec): number | undefined => (spec.kind === 'list' ? (spec.maxItems ?? DEFAULT_MAX_ITEMS) : spec.maxItems);

const tooLong = (spec: ParamSpec, param: string, max: number) => spec.tooLong?.(param) ?? problem(param, 'rest_too_long', { max });

/** Returns the first problem with `value` for this parameter, or null when it is acceptable. */
export function checkParam(spec: ParamSpec, param: string, value: unknown): ParamProblem | null {
  if (value === undefined) return null;
  if (value === null) return acceptsNull(spec) ? null : problem(param, 'rest_empty_value');
  const typeError = (type: string) => problem(param, 'rest_invalid_type', { type });
  switch (spec.kind) {
    case 'integer': {
      const n = readIntegerValue(value);
      if (n === undefined) return typeError('integer');
      const min = spec.min ?? -MAX_INTEGER;
      const max = spec.max ?? MAX_INTEGER;
      if (n === 'out' || n < min || n > max) return problem(param, 'rest_out_of_bounds', { min, max });
      break;
    }
    case 'number': {
      const n = readNumber(value);
      if (n === undefined) return typeError('number');
      const belowMin = spec.min !== undefined && (n < spec.min || (spec.exclusiveMin === true && n === spec.min));
      if (belowMin || (spec.max !== undefined && n > spec.max)) {
        return problem(param, 'rest_out_of_bounds', { min: spec.min ?? '-∞', max: spec.max ?? '∞' });
      }
      break;
    }
    case 'boolean':
      if (readBoolean(spec, value) === undefined) return typeError('boolean');
      break;
    case 'string':
    case 'date': {
      if (typeof value === 'number' && (spec.acceptNumbers || spec.kind === 'date')) break;
      if (typeof value !== 'string') return typeError('string');
      // Before any format check reads it: no parser or pattern ever sees more than the limit.
      if (exceedsLength(value, maxLengthOf(spec)!)) return tooLong(spec, param, maxLengthOf(spec)!);
      if ((spec.nonEmpty || spec.kind === 'date') && value.trim() === '') {
        return problem(param, spec.kind === 'date' ? 'rest_invalid_date' : 'rest_empty_value');
      }
      break;
    }
    case 'enum': {
      if (typeof value !== 'string') return typeError('string');
      const v = spec.caseInsensitive ? value.toLowerCase() : value;
      if (!spec.values?.includes(v)) return problem(param, 'rest_not_in_enum', { values: (spec.values ?? []).join(', ') });
      break;
    }
    case 'list': {
      if (typeof value === 'string' && exceedsLength(value, maxLengthOf(spec)! * maxItemsOf(spec)!)) return tooLong(spec, param, maxLengthOf(spec)!);
      const items = readList(value);
      if (items === undefined) return typeError('array');
      // A JSON number is an item only as an id (§9.6: digits): `7.25` or `-3` is no id, and no name either (§1.4).
      if (hasNumberOtherThanId(value)) return typeError(spec.items === 'integer' ? 'array of positive integers' : 'array');
      if (items.length > maxItemsOf(spec)!) return problem(param, 'rest_too_many_items', { max: maxItemsOf(spec)! });
      if (items.some((item) => exceedsLength(item, maxLengthOf(spec)!))) return tooLong(spec, param, maxLengthOf(spec)!);
      if (spec.items === 'integer') {
        if (items.some((i) => !/^\d+$/.test(i) || Number(i) === 0)) return typeError('array of positive integers');
        // §1.3: an id of more than 15 digits names nothing (found nowhere, like any unknown id); past 2^53−1 it is out
        // of bounds, as for an integer parameter.
        if (items.some((i) => Number(i) > MAX_INTEGER)) return problem(param, 'rest_out_of_bounds', { min: 1, max: MAX_INTEGER });
      }
      break;
    }
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) return typeError('object');
      break;
    case 'any':
      if (typeof value === 'string' && spec.maxLength !== undefined && exceedsLength(value, spec.maxLength)) return tooLong(spec, param, spec.maxLength);
      break;
  }
  return spec.check ? spec.check(value, param) : null;
}

/** Converts an accepted value into its typed form (call only after `checkParam` returned null). */
export function coerceParam(spec: ParamSpec, value: unknown): unknown {
  if (value === undefined) return value;
  if (value === null) return emptyValueOf(spec);
  switch (spec.kind) {
    // Stryker disable next-line ConditionalExpression: equivalent, falling through to readNumber gives the same number for every integer checkParam accepted
    case 'integer':
      return readInteger(value);
    case 'number':
      return readNumber(value);
    case 'boolean':
      return readBoolean(spec, value);
    case 'enum':
      return spec.caseInsensitive ? (value as string).toLowerCase() : value;
    case 'list': {
      // Stryker disable next-line ArrayDeclaration: not reachable, a list checkParam accepted is always read
      const items = readList(value) ?? [];
      return spec.items === 'integer' ? items.map(Number) : items;
    }
    case 'date':
      return value; // text, or a JSON number: a Unix timestamp whose sign and fraction only a number may carry (§8.2.2)
    case 'string':
      return String(value); // a string, or a number where the spec accepts one
    default:
      return value;
  }
}
