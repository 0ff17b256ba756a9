import fc from 'fast-check';
import ical from 'ical-generator';
import { withMeasuringTextEncoder } from './calendar-folding';

/** Text with everything folding must measure: ASCII, 2-, 3- and 4-byte characters, lone surrogates, line breaks. */
const text = fc.string({
  unit: fc.oneof(fc.constantFrom('a', ' ', ',', ';', '\n', 'é', '€', '字', '😀', '\ud800', '\udfff', '\\'), fc.string({ unit: 'binary', maxLength: 3 })),
  maxLength: 400,
});

const written = (summary: string, description: string) => {
  const calendar = ical({ name: 'Folding' });
  calendar.createEvent({ id: '1@test', start: new Date(Date.UTC(2027, 0, 1, 10)), stamp: new Date(Date.UTC(2026, 0, 1)), summary, description });
  return calendar.toString();
};

describe('writing calendars with a measuring TextEncoder (ical-generator 10 folding)', () => {
  it('folds to exactly the bytes the real TextEncoder gives', () => {
    fc.assert(
      fc.property(text, text, (summary, description) => {
        expect(withMeasuringTextEncoder(() => written(summary, description))).toBe(written(summary, description));
      }),
      { numRuns: 300 },
    );
  });

  it('measures every string as TextEncoder does', () => {
    fc.assert(
      fc.property(text, (s) => {
        const measured = withMeasuringTextEncoder(() => new TextEncoder().encode(s).length);
        expect(measured).toBe(new TextEncoder().encode(s).length);
      }),
    );
  });

  it('puts the real TextEncoder back, also when writing throws', () => {
    const real = globalThis.TextEncoder;
    expect(() =>
      withMeasuringTextEncoder(() => {
        expect(globalThis.TextEncoder).not.toBe(real);
        throw new Error('broken');
      }),
    ).toThrow('broken');
    expect(globalThis.TextEncoder).toBe(real);
    expect(new TextEncoder().encode('é')).toEqual(new Uint8Array([0xc3, 0xa9]));
  });
});
