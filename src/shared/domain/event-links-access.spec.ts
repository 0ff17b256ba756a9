import { ANONYMOUS, Caller } from './caller';
import { EventAccessStamp, eventLinksAccess } from './event-links-access';

const NOW = '2026-11-26 12:00:00';
const stamp = (over: Partial<EventAccessStamp> = {}): EventAccessStamp => ({ authorId: 3, status: 'publish', dateUtc: '2026-01-01 00:00:00', postPassword: '', ...over });
const as = (role: Caller['role'], userId: number): Caller => ({ role, userId });
const contributor = as('contributor', 4);
const owner = as('contributor', 3);
const editor = as('editor', 2);

describe('eventLinksAccess: what the event filter of a venue, organizer or term list may show (§3.4, §6.11)', () => {
  it('no event, or one the caller may not see: unknown', () => {
    expect(eventLinksAccess(null, editor, NOW)).toBe('unknown');
    for (const status of ['draft', 'pending', 'private', 'trash'] as const) {
      expect([status, eventLinksAccess(stamp({ status }), ANONYMOUS, NOW)]).toEqual([status, 'unknown']);
      expect([status, eventLinksAccess(stamp({ status }), contributor, NOW)]).toEqual([status, 'unknown']);
      expect([status, eventLinksAccess(stamp({ status }), owner, NOW)]).toEqual([status, 'visible']);
      expect([status, eventLinksAccess(stamp({ status }), editor, NOW)]).toEqual([status, 'visible']);
    }
  });

  it('a scheduled event is shown once its date has come (§3.5), before the job has published it', () => {
    expect(eventLinksAccess(stamp({ status: 'future', dateUtc: NOW }), ANONYMOUS, NOW)).toBe('visible');
    expect(eventLinksAccess(stamp({ status: 'future', dateUtc: '2026-11-26 12:00:01' }), ANONYMOUS, NOW)).toBe('unknown');
  });

  it('a protected event: masked unless the caller is its author, an editor, or sends its password', () => {
    const locked = stamp({ postPassword: 'sesame' });
    expect(eventLinksAccess(locked, ANONYMOUS, NOW)).toBe('masked');
    expect(eventLinksAccess(locked, contributor, NOW)).toBe('masked');
    expect(eventLinksAccess(locked, ANONYMOUS, NOW, 'Sesame')).toBe('masked');
    expect(eventLinksAccess(locked, ANONYMOUS, NOW, '')).toBe('masked');
    expect(eventLinksAccess(locked, ANONYMOUS, NOW, 'sesame')).toBe('visible');
    expect(eventLinksAccess(locked, owner, NOW)).toBe('visible');
    expect(eventLinksAccess(locked, editor, NOW)).toBe('visible');
    expect(eventLinksAccess(stamp(), ANONYMOUS, NOW, 'anything')).toBe('visible');
  });
});
