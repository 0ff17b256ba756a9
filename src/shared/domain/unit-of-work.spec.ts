import { nameKey } from './unit-of-work';

describe('nameKey', () => {
  it('is the same for names equal ignoring case and accents, and kept apart by kind', () => {
    expect(nameKey('venue', 'Café Müller')).toBe(nameKey('venue', 'CAFE MULLER'));
    expect(nameKey('venue', 'Café')).not.toBe(nameKey('organizer', 'Café'));
    expect(nameKey('venue', 'Café').split(':')[1]).toBe(nameKey('organizer', 'Café').split(':')[1]);
    expect(nameKey('term:tag', 'Jazz')).toMatch(/^term:tag:\d+$/);
  });

  it('spreads names over a bounded set of keys', () => {
    const keys = new Set(Array.from({ length: 5000 }, (_, i) => nameKey('venue', `Hall ${i}`)));
    expect(keys.size).toBeLessThanOrEqual(256);
    expect(keys.size).toBeGreaterThan(200);
  });
});
