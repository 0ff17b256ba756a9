import type { ParamProblem } from '../../../../shared/domain/errors';
import { exceedsLength } from '../../../../shared/domain/input-limits';
import { MAX_POST_PASSWORD_LENGTH } from '../../domain/calendar-event';
import { isDateForm, normalizeTimezone } from '../../../../shared/domain/time/date-input';

/**
 * Format checks that run with the type checks (CONTRACT §4.4, step 5), so that one error names every malformed
 * parameter (§4.3: `start_date=foo&featured=yes` names both). The service repeats them with the full context.
 */
export const dateForm = (value: unknown, param: string): ParamProblem | null =>
  (typeof value === 'string' || typeof value === 'number') && isDateForm(value) ? null : { param, detail: 'rest_invalid_date' };

export const timezoneForm = (value: unknown, param: string): ParamProblem | null =>
  typeof value !== 'string' || value.trim() === '' || normalizeTimezone(value) !== null
    ? null
    : { param, detail: 'rest_invalid_format', args: { kind: 'time zone' } };

/** §4.3 names an over-long password a malformed one. */
export const overLongPassword = (param: string): ParamProblem => ({ param, detail: 'rest_invalid_format', args: { kind: 'password' } });

export const passwordForm = (value: unknown, param: string): ParamProblem | null =>
  typeof value !== 'string' || !exceedsLength(value, MAX_POST_PASSWORD_LENGTH) ? null : overLongPassword(param);
