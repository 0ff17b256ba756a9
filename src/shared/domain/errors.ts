/**
 * Domain errors. Each carries the contract's stable `code` and the arguments of its message; the HTTP layer's one
 * exception filter turns them into the error envelope (CONTRACT §4) and picks the English or Spanish text.
 */
export type ErrorKind =
  | 'invalid' // 400
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not-found' // 404
  | 'conflict' // 409
  | 'gone' // 410
  | 'precondition-failed' // 412
  | 'too-large' // 413
  | 'uri-too-long' // 414
  | 'unsupported-media-type' // 415
  | 'too-many-requests' // 429
  | 'unavailable' // 503
  | 'internal'; // 500

/** A validation problem of one parameter (CONTRACT §4.3). `args` fill the detail sentence. */
export interface ParamProblem {
  param: string;
  detail: DetailCode;
  args?: Record<string, string | number>;
}

export type DetailCode =
  | 'rest_invalid_type'
  | 'rest_not_in_enum'
  | 'rest_out_of_bounds'
  | 'rest_empty_value'
  | 'rest_invalid_format'
  | 'rest_invalid_date'
  | 'rest_invalid_date_range'
  | 'rest_unknown_reference'
  | 'rest_invalid_image'
  | 'rest_image_role'
  | 'rest_not_allowed_value'
  | 'rest_missing_pair'
  | 'rest_invalid_parent'
  | 'rest_too_long'
  | 'rest_too_many_items';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    /** Values for the message placeholders, e.g. `{ id: 42 }` or `{ slug: 'jazz' }`. */
    readonly args: Record<string, string | number> = {},
    /** Extra keys of `data` (e.g. `term_id`, `reason`). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/** 400 rest_invalid_param with every failing parameter. */
export class InvalidParamsError extends DomainError {
  constructor(readonly problems: ParamProblem[], code = 'rest_invalid_param') {
    super('invalid', code);
  }
}

/** 400 rest_missing_callback_param. */
export class MissingParamsError extends DomainError {
  constructor(readonly names: string[]) {
    super('invalid', 'rest_missing_callback_param');
  }
}

/**
 * Runs a check that may throw rest_invalid_param and adds its problems to `problems` instead, returning undefined, so
 * that one error names every failing parameter (CONTRACT §4.3). Any other error passes through.
 */
export async function collectingProblems<T>(problems: ParamProblem[], check: () => Promise<T>): Promise<T | undefined> {
  try {
    return await check();
  } catch (e) {
    if (!(e instanceof InvalidParamsError) || e.code !== 'rest_invalid_param') throw e;
    problems.push(...e.problems);
    return undefined;
  }
}

export const invalidParam = (param: string, detail: DetailCode, args?: Record<string, string | number>) =>
  new InvalidParamsError([{ param, detail, args }]);

export const notFound = (code: string, args: Record<string, string | number>) => new DomainError('not-found', code, args);
export const forbidden = (code = 'rest_forbidden') => new DomainError('forbidden', code);
export const gone = (code: string) => new DomainError('gone', code);
export const preconditionFailed = () => new DomainError('precondition-failed', 'rest_precondition_failed');

/** 503 rest_write_contention: a write still could not take its records after the bounded retries (`Retry-After`). */
export const writeContention = (retryAfterSeconds: number) =>
  new DomainError('unavailable', 'rest_write_contention', {}, { retry_after: retryAfterSeconds });
