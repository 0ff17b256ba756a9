import { defaultEndBound, defaultStartBound } from '../../src/modules/events/domain/event-date-window';
import { LinkTargetsGoneError } from '../../src/modules/events/domain/event.repository';
import { readCoordinate } from '../../src/modules/venues/domain/venue';
import { collectingProblems, InvalidParamsError, ParamProblem } from '../../src/shared/domain/errors';
import { Policy } from '../../src/shared/domain/policy';
import { readCacheScope, takesPart } from '../../src/shared/http/read-cache/read-cache-rules';

describe('rules at their edges (issue 19)', () => {
  it('an unknown site zone is a configuration error, named', () => {
    expect(() => defaultStartBound(new Date(), 'Mars/Base')).toThrow('unknown site time zone "Mars/Base"');
    expect(() => defaultEndBound(new Date(), 'Mars/Base')).toThrow('unknown site time zone "Mars/Base"');
  });

  it('links deleted meanwhile are named in the message', () => {
    expect(new LinkTargetsGoneError('venue', [3, 4]).message).toBe('venue gone: 3, 4');
  });

  it('coordinates: a bare fraction is a number', () => {
    expect(readCoordinate('.25', 90)).toBe(0.25);
    expect(readCoordinate('-.5', 90)).toBe(-0.5);
  });

  it('invalid parameters of another code are not collected: they pass through', async () => {
    const problem: ParamProblem = { param: 'p', detail: 'rest_invalid_type' };
    const problems: ParamProblem[] = [];
    const other = new InvalidParamsError([problem], 'rest_invalid_date');
    await expect(collectingProblems(problems, () => Promise.reject(other))).rejects.toBe(other);
    expect(problems).toEqual([]);
  });

  it('scheduled records count as published', () => {
    expect(Policy.isPublished('future')).toBe(true);
    expect(Policy.isPublished('draft')).toBe(false);
  });

  it('the documentation route stays out of the read cache with any number of trailing slashes', () => {
    const scope = readCacheScope('/WP-JSON');
    expect(scope).toEqual({ resources: '/wp-json/calendar/events/v1/', documentation: '/wp-json/calendar/events/v1/doc' });
    const req = (path: string) => ({ headers: {}, query: {}, path, rateLimited: undefined });
    expect(takesPart(req('/wp-json/calendar/events/v1/doc//'), scope)).toBe(false);
    expect(takesPart(req('/wp-json/calendar/events/v1/doc/'), scope)).toBe(false);
  });
});
