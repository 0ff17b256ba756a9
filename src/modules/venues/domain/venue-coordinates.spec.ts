import { computeStateProvince, coordinateProblem, readCoordinate } from './venue';

describe('venue coordinates (CONTRACT §10.1: numbers or numeric strings within ±limit; "" and null clear)', () => {
  it('not sent, cleared, numbers and numeric strings', () => {
    expect(readCoordinate(undefined, 90)).toBeUndefined();
    expect(readCoordinate(null, 90)).toBeNull();
    expect(readCoordinate('', 90)).toBeNull();
    expect(readCoordinate(12.5, 90)).toBe(12.5);
    expect(readCoordinate(' -12.5 ', 90)).toBe(-12.5);
    expect(readCoordinate('+3', 90)).toBe(3);
    expect(readCoordinate('3.', 90)).toBe(3);
    expect(readCoordinate('.5', 90)).toBe(0.5);
    expect(readCoordinate('-.25', 90)).toBe(-0.25);
    expect(readCoordinate('12', 90)).toBe(12);
    expect(readCoordinate('1.25', 90)).toBe(1.25);
  });

  it('keeps 10 decimal places, which both back ends read back exactly', () => {
    expect(readCoordinate(40.123456789012344, 90)).toBe(40.123456789);
    expect(readCoordinate('-123.45678901234567', 180)).toBe(-123.4567890123);
    expect(readCoordinate(0.00000000004, 90)).toBe(0);
  });

  it('anything else is of the wrong type', () => {
    for (const v of ['abc', '1e3', '12abc', 'x12', '--1', '1.2.3', '.', '+', ' ', true, {}, [], NaN, Infinity, '0x10']) {
      expect(readCoordinate(v, 90)).toBe('type');
    }
  });

  it('the limits are inclusive on both sides', () => {
    expect(readCoordinate(90, 90)).toBe(90);
    expect(readCoordinate(-90, 90)).toBe(-90);
    expect(readCoordinate(90.0001, 90)).toBe('range');
    expect(readCoordinate(-90.0001, 90)).toBe('range');
    expect(readCoordinate('180', 180)).toBe(180);
  });

  it('names the problem of a sent coordinate as the contract does', () => {
    expect(coordinateProblem('abc', 'geo_lat', 90)).toEqual({ param: 'geo_lat', detail: 'rest_invalid_type', args: { param: 'geo_lat', type: 'number' } });
    expect(coordinateProblem(91, 'geo_lat', 90)).toEqual({ param: 'geo_lat', detail: 'rest_out_of_bounds', args: { param: 'geo_lat', min: -90, max: 90 } });
    expect(coordinateProblem(45, 'geo_lat', 90)).toBeNull();
    expect(coordinateProblem(null, 'geo_lat', 90)).toBeNull();
    expect(coordinateProblem(undefined, 'geo_lat', 90)).toBeNull();
  });
});

describe('stateprovince (CONTRACT §10.3)', () => {
  it('is the state for the United States (or no country), whatever the case and spaces', () => {
    expect(computeStateProvince(' US ', 'NY', 'P')).toBe('NY');
    expect(computeStateProvince('United States', '', 'P')).toBe('P');
    expect(computeStateProvince('', 'NY', '')).toBe('NY');
    expect(computeStateProvince('us', '', '')).toBe('');
  });

  it('is the province elsewhere', () => {
    expect(computeStateProvince('Canada', 'NY', 'QC')).toBe('QC');
    expect(computeStateProvince('Canada', 'NY', '')).toBe('');
  });
});
