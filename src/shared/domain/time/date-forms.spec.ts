import { DateTime } from 'luxon';
import { readDateForm } from './date-forms';

/**
 * The plain wall forms (`2026-12-05`, `2026-12-05 20:00[:30]`) are read without luxon when every field is in range; the
 * reading must be luxon's whatever is written. Checked over a grid of edge values of every field, luxon as the referee.
 */
describe('readDateForm — plain wall forms read as luxon reads them', () => {
  const NOW = new Date('2026-11-22T15:00:00Z');
  const years = ['0000', '1900', '2000', '2024', '2026', '9999']; // leap by 400, not by 100, by 4, none
  const months = Array.from({ length: 14 }, (_, i) => String(i).padStart(2, '0')); // 00–13
  const days = ['00', '01', '28', '29', '30', '31', '32'];
  const times = [null, ...['00', '23', '24'].flatMap((h) => ['00', '59', '60'].flatMap((mi) => [`${h}:${mi}`, ...['00', '59', '60'].map((s) => `${h}:${mi}:${s}`)]))];

  /** luxon's reading: the wall parts, or null where it refuses the text (or moves it to another day: `24:00`). */
  function luxonReading(text: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } | null {
    const format = text.length === 10 ? 'yyyy-MM-dd' : text.length === 16 ? 'yyyy-MM-dd HH:mm' : 'yyyy-MM-dd HH:mm:ss';
    const dt = DateTime.fromFormat(text, format, { zone: 'utc' });
    if (!dt.isValid || !text.startsWith(dt.toFormat('yyyy-MM-dd'))) return null;
    return { y: dt.year, mo: dt.month, d: dt.day, h: dt.hour, mi: dt.minute, s: dt.second };
  }

  it('agrees with luxon on every combination of edge values', () => {
    let read = 0;
    const disagreements: string[] = [];
    for (const y of years) {
      for (const mo of months) {
        for (const d of days) {
          for (const time of times) {
            const text = time === null ? `${y}-${mo}-${d}` : `${y}-${mo}-${d} ${time}`;
            const expected = luxonReading(text);
            const form = readDateForm(text, NOW, () => 0);
            const got = form?.kind === 'wall' ? form.parts : null;
            if (expected) read++;
            if (JSON.stringify(got) !== JSON.stringify(expected) || (form?.kind === 'wall' && form.hasTime !== (time !== null))) {
              disagreements.push(`${text}: ${JSON.stringify(form)} against luxon's ${JSON.stringify(expected)}`);
            }
          }
        }
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(read).toBeGreaterThan(4_000); // the grid holds valid values too, not only refusals
  });
});
