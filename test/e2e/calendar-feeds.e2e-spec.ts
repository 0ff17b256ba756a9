import { FEED_MAX_EVENTS } from '../../src/modules/events/application/events.service';
import { FixedClock } from '../../src/shared/domain/clock';
import { contentLines, expectSameEvents, PARSERS, parseWithIcalJs, UID_HOST, unfold } from './support/ical-parsers';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 16: every event list and every event as iCalendar (RFC 5545), with `ical=1` or `Accept: text/calendar`. Each
 * feed is read by two parsers nobody here wrote (ical.js, node-ical) and compared with the JSON answer to the same
 * request: same events, same instants (daylight-saving days in Madrid and New York included), same all-day days, same
 * titles and locations. Runs on SQLite, and on MariaDB with TEST_MYSQL_URL.
 */
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

type Json = Record<string, any>;

describe('iCalendar feeds (issue 16)', () => {
  // 1 March 2026: the default window (yesterday to 24 months ahead) holds both daylight-saving days of 2026.
  const clock = new FixedClock(new Date('2026-03-01T12:00:00Z'));
  let t: TestApp;
  let admin: string;
  let editor: string;
  const ids: Record<string, number> = {};
  const slugs: Record<string, string> = {};

  const create = async (key: string, body: Json) => {
    const e = await t.createEvent(body, admin);
    ids[key] = e.id;
    slugs[key] = e.slug;
    return e;
  };
  const json = (query: Json = {}, auth?: string, base = t.api) => {
    const req = t.http().get(`${base}/events`).query({ per_page: 50, ...query });
    return auth ? req.set('Authorization', auth) : req;
  };
  const feed = (query: Json = {}, auth?: string, base = t.api) => {
    const req = t.http().get(`${base}/events`).query({ ...query, ical: 1 });
    return auth ? req.set('Authorization', auth) : req;
  };
  const vevents = (text: string) => contentLines(text).filter((line) => line === 'BEGIN:VEVENT').length;
  /** The unfolded content lines of the VEVENT with this UID. */
  const veventLines = (text: string, id: number) => {
    const lines = contentLines(text);
    const at = lines.indexOf(`UID:${id}@${UID_HOST}`);
    expect(at).toBeGreaterThan(0);
    const begin = lines.lastIndexOf('BEGIN:VEVENT', at);
    return lines.slice(begin, lines.indexOf('END:VEVENT', at) + 1);
  };
  const property = (lines: string[], name: string) => lines.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

  beforeAll(async () => {
    t = await startTestApp({ CALENDAR_TIMEZONE: 'Europe/Madrid' }, clock);
    admin = await t.auth('administrator');
    editor = await t.auth('editor');
    const madrid = { timezone: 'Europe/Madrid' };
    const newYork = { timezone: 'America/New_York' };
    // Daylight-saving days: Madrid 29 March (02:00 → 03:00) and 25 October (03:00 → 02:00), New York 8 March and 1 November.
    await create('madridGap', { ...madrid, title: 'Across the Madrid gap', start_date: '2026-03-29 01:30', end_date: '2026-03-29 04:00' });
    await create('madridTwice', { ...madrid, title: 'Madrid hour that happens twice', start_date: '2026-10-25 02:30', end_date: '2026-10-25 04:00' });
    await create('madridAllDay', { ...madrid, title: 'Madrid 23-hour day', start_date: '2026-03-29', end_date: '2026-03-29', all_day: true });
    await create('madridDays', { ...madrid, title: 'Madrid days around the change', start_date: '2026-10-24', end_date: '2026-10-26', all_day: true });
    await create('nyGap', { ...newYork, title: 'Across the New York gap', start_date: '2026-03-08 01:00', end_date: '2026-03-08 04:00' });
    await create('nyBack', { ...newYork, title: 'Across the New York fall back', start_date: '2026-11-01 00:30', end_date: '2026-11-01 02:30' });
    await create('nyTwice', { ...newYork, title: 'New York hour that happens twice', start_date: '2026-11-01 01:30', end_date: '2026-11-01 03:00' });
    await create('nyAllDay', { ...newYork, title: 'New York 25-hour day', start_date: '2026-11-01', end_date: '2026-11-01', all_day: true });
    await create('rich', {
      ...madrid,
      title: 'Rock, Roll; & \\ "Jazz" 🎷 — ñandú, a title long enough to be folded over several lines of the feed',
      description:
        '<p>First <strong>paragraph</strong> &amp; more.</p><p>Second line<br>third; with, commas</p><ul><li>one</li><li>two</li></ul><script>x()</script>',
      start_date: '2026-04-10 20:00',
      end_date: '2026-04-10 23:00',
      venue: { venue: 'Sala Clamores', address: 'Calle de Alburquerque 14', city: 'Madrid', province: 'Madrid', zip: '28010', country: 'Spain', geo_lat: 40.4301, geo_lng: -3.7003 },
      organizer: [{ organizer: 'No Mail' }, { organizer: 'Ana "La Voz" Pérez', email: 'ana@example.com' }],
      categories: ['Jazz', 'Blues; Soul'],
      tags: ['outdoor'],
      featured: true,
    });
    await create('tokyo', { timezone: 'Asia/Tokyo', title: 'Tokyo night', start_date: '2026-05-02 23:30', end_date: '2026-05-03 01:00', ticketed: true });
    await create('offset', { timezone: 'UTC+5:30', title: 'Fixed offset', start_date: '2026-05-01 10:00', end_date: '2026-05-01 12:00' });
    await create('utc', { timezone: 'UTC', title: 'In UTC', start_date: '2026-05-04 10:00', end_date: '2026-05-04 11:00' });
    await create('instant', { ...madrid, title: 'No duration', start_date: '2026-05-05 09:00', end_date: '2026-05-05 09:00' });
    await create('alias', { timezone: 'Asia/Calcutta', title: 'Kolkata by its old name', start_date: '2026-05-06 18:00', end_date: '2026-05-06 20:00' });
    await create('protected', {
      ...madrid,
      title: 'Members only',
      description: '<p>The secret programme.</p>',
      post_password: 'sesame',
      start_date: '2026-05-07 19:00',
      end_date: '2026-05-07 21:00',
      venue: { venue: 'Secret room', city: 'Madrid' },
    });
    await create('draft', { ...madrid, title: 'Draft event', status: 'draft', start_date: '2026-05-08 10:00', end_date: '2026-05-08 11:00' });
    await create('private', { ...madrid, title: 'Private event', status: 'private', start_date: '2026-05-09 10:00', end_date: '2026-05-09 11:00' });
    await create('hidden', { ...madrid, title: 'Hidden event', hide_from_listings: true, start_date: '2026-05-10 10:00', end_date: '2026-05-10 11:00' });
    // Outside the default window, reached with `include`: zones whose rules changed, or that a VTIMEZONE only approximates.
    await create('mexico2021', { timezone: 'America/Mexico_City', title: 'Mexico City summer 2021', start_date: '2021-07-01 12:00', end_date: '2021-07-01 14:00' });
    await create('mexico2026', { timezone: 'America/Mexico_City', title: 'Mexico City summer 2026', start_date: '2026-07-01 12:00', end_date: '2026-07-01 14:00' });
    await create('jerusalem2028', { timezone: 'Asia/Jerusalem', title: 'Jerusalem, spring 2028', start_date: '2028-03-24 12:00', end_date: '2028-03-24 13:00' });
    await create('newYork2005', { ...newYork, title: 'New York, spring 2005', start_date: '2005-03-20 12:00', end_date: '2005-03-20 13:00' });
  });
  afterAll(async () => t.close());

  describe('GET /events', () => {
    it('answers ical=1 and Accept: text/calendar with one VCALENDAR holding one VEVENT per event of the list, read by both parsers as the JSON answer', async () => {
      const list = await json().expect(200);
      const byParam = await feed().expect(200);
      const byAccept = await t.http().get(`${t.api}/events`).set('Accept', 'text/calendar').expect(200);
      for (const res of [byParam, byAccept]) {
        expect(res.headers['content-type']).toBe(CALENDAR_TYPE);
        expect(res.headers['x-tec-total']).toBe(String(list.body.total));
        expect(res.headers['x-tec-totalpages']).toBe('1');
        expect(res.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
        expect(res.headers.vary).toMatch(/\bAccept\b/);
      }
      expect(byAccept.text).toBe(byParam.text);
      expect(byAccept.headers.etag).toBe(byParam.headers.etag);
      const text = byParam.text;
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
      expect(contentLines(text).filter((l) => l === 'BEGIN:VCALENDAR')).toHaveLength(1);
      expect(list.body.total).toBe(list.body.events.length);
      expect(vevents(text)).toBe(list.body.events.length);
      expect(list.body.events.map((e: Json) => e.title)).not.toContain('Hidden event');
      expectSameEvents(text, list.body.events, new Map([[ids.protected, { all_day: false }]]));
    });

    it('writes RFC 5545 text: CRLF line ends, lines of at most 75 octets, escaped text, the calendar name and zone', async () => {
      const { text } = await feed().expect(200);
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const physical = text.split('\r\n');
      for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(physical.some((line) => line.startsWith(' '))).toBe(true); // the long title is folded
      const lines = contentLines(text);
      expect(lines).toContain('VERSION:2.0');
      expect(lines).toContain('PRODID:-//Calendar Events//calendar/events/v1//EN');
      expect(lines).toContain('X-WR-CALNAME:Calendar Events');
      expect(lines).toContain('X-WR-TIMEZONE:Europe/Madrid');
      expect(lines).not.toContainEqual(expect.stringMatching(/^METHOD:/));
      // §3.7: the calendar's own properties come before its first component (Outlook ignores those after one).
      const firstComponent = lines.findIndex((line, i) => i > 0 && line.startsWith('BEGIN:'));
      const lastComponentEnd = lines.length - 2;
      expect(lines[lastComponentEnd]).toBe('END:VEVENT');
      for (const name of ['X-WR-TIMEZONE', 'REFRESH-INTERVAL', 'X-PUBLISHED-TTL', 'X-WR-CALNAME']) {
        const at = lines.findIndex((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
        expect(at).toBeGreaterThan(0);
        expect(at).toBeLessThan(firstComponent);
      }
      const rich = veventLines(text, ids.rich);
      expect(property(rich, 'SUMMARY')).toBe(
        'SUMMARY:Rock\\, Roll\\; & \\\\ "Jazz" 🎷 — ñandú\\, a title long enough to be folded over several lines of the feed',
      );
      expect(property(rich, 'CATEGORIES')).toBe('CATEGORIES:Blues\\; Soul,Jazz');
    });

    it('names a VTIMEZONE for each zone DTSTART and DTEND use, and no other', async () => {
      const { text } = await feed({ include: Object.values(ids).join(',') }).expect(200);
      const lines = contentLines(text);
      const used = new Set(lines.flatMap((line) => /^DT(?:START|END);TZID=([^:;]+)/.exec(line)?.[1] ?? []));
      const defined = lines.filter((line, i) => line.startsWith('TZID:') && lines[i - 1] === 'BEGIN:VTIMEZONE').map((line) => line.slice(5));
      expect([...used].sort()).toEqual(['America/Mexico_City', 'America/New_York', 'Asia/Kolkata', 'Asia/Tokyo', 'Europe/Madrid']);
      expect([...defined].sort()).toEqual([...used].sort());
    });

    it('keeps the instants on daylight-saving days in Madrid and New York, and all-day days with the exclusive end', async () => {
      const keys = ['madridGap', 'madridTwice', 'madridAllDay', 'madridDays', 'nyGap', 'nyBack', 'nyTwice', 'nyAllDay'];
      const query = { include: keys.map((k) => ids[k]).join(',') };
      const { text } = await feed(query).expect(200);
      const list = (await json(query).expect(200)).body.events;
      expectSameEvents(text, list);
      const at = (key: string) => parseWithIcalJs(text).find((e) => e.uid === `${ids[key]}@${UID_HOST}`)!;
      expect([at('madridGap').start, at('madridGap').end]).toEqual(['2026-03-29T00:30:00.000Z', '2026-03-29T02:00:00.000Z']);
      expect([at('nyGap').start, at('nyGap').end]).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T08:00:00.000Z']);
      expect([at('nyBack').start, at('nyBack').end]).toEqual(['2026-11-01T04:30:00.000Z', '2026-11-01T07:30:00.000Z']);
      expect([at('madridAllDay').start, at('madridAllDay').end]).toEqual(['2026-03-29', '2026-03-30']);
      expect([at('madridDays').start, at('madridDays').end]).toEqual(['2026-10-24', '2026-10-27']);
      expect([at('nyAllDay').start, at('nyAllDay').end]).toEqual(['2026-11-01', '2026-11-02']);
      // In the event's zone when the wall clock names one instant; in UTC when it happens twice (readers disagree which).
      expect(property(veventLines(text, ids.madridGap), 'DTSTART')).toBe('DTSTART;TZID=Europe/Madrid:20260329T013000');
      expect(property(veventLines(text, ids.madridGap), 'DTEND')).toBe('DTEND;TZID=Europe/Madrid:20260329T040000');
      expect(property(veventLines(text, ids.nyBack), 'DTEND')).toBe('DTEND;TZID=America/New_York:20261101T023000');
      expect(property(veventLines(text, ids.madridTwice), 'DTSTART')).toBe('DTSTART:20261025T003000Z');
      expect(property(veventLines(text, ids.nyTwice), 'DTSTART')).toBe('DTSTART:20261101T053000Z');
      expect(property(veventLines(text, ids.madridAllDay), 'DTSTART')).toBe('DTSTART;VALUE=DATE:20260329');
      expect(property(veventLines(text, ids.madridAllDay), 'DTEND')).toBe('DTEND;VALUE=DATE:20260330');
    });

    it('writes UTC for fixed offsets, for UTC, and for events a VTIMEZONE of current rules would shift', async () => {
      const keys = ['offset', 'utc', 'instant', 'alias', 'tokyo', 'mexico2021', 'mexico2026', 'jerusalem2028', 'newYork2005'];
      const query = { include: keys.map((k) => ids[k]).join(',') };
      const { text } = await feed(query).expect(200);
      expectSameEvents(text, (await json(query).expect(200)).body.events);
      const dtstart = (key: string) => property(veventLines(text, ids[key]), 'DTSTART');
      expect(dtstart('offset')).toBe('DTSTART:20260501T043000Z');
      expect(dtstart('utc')).toBe('DTSTART:20260504T100000Z');
      expect(dtstart('alias')).toBe('DTSTART;TZID=Asia/Kolkata:20260506T180000');
      expect(dtstart('tokyo')).toBe('DTSTART;TZID=Asia/Tokyo:20260502T233000');
      expect(dtstart('mexico2026')).toBe('DTSTART;TZID=America/Mexico_City:20260701T120000');
      expect(dtstart('mexico2021')).toBe('DTSTART:20210701T170000Z');
      expect(dtstart('jerusalem2028')).toBe('DTSTART:20280324T090000Z');
      expect(dtstart('newYork2005')).toBe('DTSTART:20050320T170000Z');
      // An event that ends when it starts has no DTEND (RFC 5545 §3.6.1).
      expect(property(veventLines(text, ids.instant), 'DTEND')).toBeUndefined();
    });

    it('describes each event: UID, DTSTAMP, LAST-MODIFIED, SEQUENCE, SUMMARY, DESCRIPTION, URL, LOCATION, GEO, ORGANIZER, CATEGORIES, STATUS', async () => {
      const { text } = await feed({ include: ids.rich }).expect(200);
      const rich = (await t.http().get(`${t.api}/events/${ids.rich}`).expect(200)).body;
      const lines = veventLines(text, ids.rich);
      const stamp = `${rich.modified_utc.replace(/[-:]/g, '').replace(' ', 'T')}Z`;
      expect(property(lines, 'DTSTAMP')).toBe(`DTSTAMP:${stamp}`);
      expect(property(lines, 'LAST-MODIFIED')).toBe(`LAST-MODIFIED:${stamp}`);
      expect(property(lines, 'SEQUENCE')).toBe('SEQUENCE:0');
      expect(property(lines, 'URL')).toBe(`URL;VALUE=URI:${rich.url}`);
      expect(property(lines, 'GEO')).toBe('GEO:40.4301;-3.7003');
      expect(property(lines, 'ORGANIZER')).toBe(`ORGANIZER;CN="Ana 'La Voz' Pérez":mailto:ana@example.com`);
      expect(property(lines, 'STATUS')).toBe('STATUS:CONFIRMED');
      for (const [name, parse] of PARSERS) {
        const [event] = parse(text);
        expect({ name, description: event.description, location: event.location, url: event.url }).toEqual({
          name,
          description: 'First paragraph & more.\n\nSecond line\nthird; with, commas\n\none\ntwo',
          location: 'Sala Clamores, Calle de Alburquerque 14, Madrid, Madrid, 28010, Spain',
          url: rich.url,
        });
      }
    });

    it('grows SEQUENCE with every update and keeps UID', async () => {
      const e = await t.createEvent({ title: 'Revised', start_date: '2026-06-01 10:00', end_date: '2026-06-01 11:00' }, admin);
      const sequence = async () => parseWithIcalJs((await t.http().get(`${t.api}/events/${e.id}?ical=1`).expect(200)).text)[0];
      expect(await sequence()).toMatchObject({ uid: `${e.id}@${UID_HOST}`, sequence: 0 });
      await t.http().post(`${t.api}/events/${e.id}`).set('Authorization', admin).send({ title: 'Revised once' }).expect(200);
      await t.http().patch(`${t.api}/events/${e.id}`).set('Authorization', admin).send({ start_date: '2026-06-01 10:30' }).expect(200);
      expect(await sequence()).toMatchObject({ uid: `${e.id}@${UID_HOST}`, sequence: 2, summary: 'Revised once' });
      await t.http().delete(`${t.api}/events/${e.id}`).set('Authorization', admin).expect(200);
      const trashed = await t.http().get(`${t.api}/events`).query({ ical: 1, status: 'trash', include: e.id }).set('Authorization', editor).expect(200);
      expect(parseWithIcalJs(trashed.text)[0]).toMatchObject({ sequence: 3, status: 'CANCELLED' });
    });

    it('honours every list filter, as the JSON list does', async () => {
      const queries: Json[] = [
        { categories: 'jazz' },
        { tags: 'outdoor' },
        { venue: (await json({ include: ids.rich }).expect(200)).body.events[0].venue.id },
        { search: 'Madrid' },
        { search: 'secret' }, // the protected event's description is not searched for anonymous callers
        { featured: 1 },
        { featured: 0 },
        { ticketed: 1 },
        { geoloc: 1 },
        { geoloc_lat: 40.43, geoloc_lng: -3.7, geoloc_radius: 5 },
        { start_date: '2026-05-01', end_date: '2026-05-31' },
        { starts_after: '2026-10-01' },
        { ends_before: '2026-04-01', strict_dates: 1 },
        { start_date: '2000-01-01', end_date: '2100-12-31' },
      ];
      for (const query of queries) {
        const list = (await json(query).expect(200)).body;
        const res = await feed(query).expect(200);
        expect({ query, total: res.headers['x-tec-total'], count: vevents(res.text) }).toEqual({ query, total: String(list.total), count: list.events.length });
        expectSameEvents(res.text, list.events, new Map([[ids.protected, { all_day: false }]]));
      }
      const organizer = (await t.http().get(`${t.api}/events/${ids.rich}`).expect(200)).body.organizer[1].id;
      const byOrganizer = await feed({ organizer }).expect(200);
      expect(parseWithIcalJs(byOrganizer.text).map((e) => e.uid)).toEqual([`${ids.rich}@${UID_HOST}`]);
    });

    it('refuses what the JSON list refuses, with the JSON error envelope', async () => {
      const bad = await feed({ start_date: 'next blursday' }).expect(400);
      expect(bad.headers['content-type']).toBe('application/json; charset=UTF-8');
      expect(bad.body.code).toBe('rest_invalid_param');
      const status = await feed({ status: 'draft' }).expect(400);
      expect(status.body.data.details.status.code).toBe('rest_not_allowed_value');
      const ical = await t.http().get(`${t.api}/events`).query({ ical: 'yes' }).set('Accept', 'text/calendar').expect(400);
      expect(Object.keys(ical.body.data.params)).toEqual(['ical']);
    });

    it('shows drafts and private events only to callers who may see them', async () => {
      const anonymous = parseWithIcalJs((await feed().expect(200)).text).map((e) => e.summary);
      expect(anonymous).not.toContain('Draft event');
      expect(anonymous).not.toContain('Private event');
      const query = { status: 'any' };
      const list = (await json(query, editor).expect(200)).body;
      const res = await feed(query, editor).expect(200);
      expectSameEvents(res.text, list.events);
      expect(property(veventLines(res.text, ids.draft), 'STATUS')).toBe('STATUS:TENTATIVE');
      expect(property(veventLines(res.text, ids.private), 'CLASS')).toBe('CLASS:PRIVATE');
    });

    it('hides the description, venue, organizers and categories of a protected event unless the password is sent', async () => {
      const locked = veventLines((await feed().expect(200)).text, ids.protected);
      expect(property(locked, 'SUMMARY')).toBe('SUMMARY:Members only');
      for (const name of ['DESCRIPTION', 'LOCATION', 'GEO', 'ORGANIZER', 'CATEGORIES']) expect(property(locked, name)).toBeUndefined();
      const unlocked = (await feed({ password: 'sesame' }).expect(200)).text;
      expect(property(veventLines(unlocked, ids.protected), 'DESCRIPTION')).toBe('DESCRIPTION:The secret programme.');
      expectSameEvents(unlocked, (await json({ password: 'sesame' }).expect(200)).body.events);
      const asEditor = (await feed({}, editor).expect(200)).text;
      expect(property(veventLines(asEditor, ids.protected), 'LOCATION')).toBe('LOCATION:Secret room\\, Madrid');
    });

    it('writes TEXT values without control characters, line separators as line feeds, and the excerpt when the description has no text (found by a probe)', async () => {
      const e = await t.createEvent(
        {
          timezone: 'Europe/Madrid',
          title: 'Ctrl\u0000nul\u0007bel\u001bend',
          description: '<p>one\u2028two\u2029three\u0085four</p>',
          start_date: '2026-05-13 10:00',
          end_date: '2026-05-13 11:00',
        },
        admin,
      );
      const spaces = await t.createEvent(
        { timezone: 'Europe/Madrid', title: 'Blank description', description: '<p>&nbsp;</p>', excerpt: '<p>The excerpt</p>', start_date: '2026-05-13 12:00', end_date: '2026-05-13 13:00' },
        admin,
      );
      const text = (await feed({ include: `${e.id},${spaces.id}` }).expect(200)).text;
      // eslint-disable-next-line no-control-regex -- the characters a feed must not hold
      expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0085\u2028\u2029]/);
      for (const [name, parse] of PARSERS) {
        const parsed = new Map(parse(text).map((p) => [p.uid, p]));
        const one = parsed.get(`${e.id}@${UID_HOST}`)!;
        expect([name, one.summary, one.description]).toEqual([name, 'Ctrlnulbelend', 'one\ntwo\nthree\nfour']);
        expect([name, parsed.get(`${spaces.id}@${UID_HOST}`)!.description]).toEqual([name, 'The excerpt']);
      }
    });

    it('does not tell a caller who may not see a protected event unlocked that it lasts whole days', async () => {
      const e = await t.createEvent(
        { timezone: 'Europe/Madrid', title: 'Members day', all_day: true, start_date: '2026-05-11', end_date: '2026-05-12', post_password: 'sesame' },
        admin,
      );
      const locked = (await feed({ include: e.id }).expect(200)).text;
      const lockedItem = (await json({ include: e.id }).expect(200)).body.events[0];
      expect(lockedItem.all_day).toBeNull();
      expect(property(veventLines(locked, e.id), 'DTSTART')).not.toMatch(/VALUE=DATE\b/);
      expect(locked).not.toContain('X-MICROSOFT-CDO-ALLDAYEVENT:TRUE');
      // Read by both parsers as the instants the list item shows (utc_start_date, utc_end_date).
      expectSameEvents(locked, [lockedItem], new Map([[e.id, { all_day: false }]]));
      const unlocked = (await feed({ include: e.id, password: 'sesame' }).expect(200)).text;
      expect(property(veventLines(unlocked, e.id), 'DTSTART')).toBe('DTSTART;VALUE=DATE:20260511');
      expectSameEvents(unlocked, (await json({ include: e.id, password: 'sesame' }).expect(200)).body.events);
    });

    it('returns the whole filtered window, not a page: page and per_page do not apply', async () => {
      const all = await feed().expect(200);
      const paged = await t.http().get(`${t.api}/events`).query({ ical: 1, page: 2, per_page: 2 }).expect(200);
      expect(paged.text).toBe(all.text);
      expect(vevents(all.text)).toBeGreaterThan(10);
      const none = await feed({ start_date: '2099-01-01', end_date: '2099-01-02' }).expect(200);
      expect([none.headers['x-tec-total'], none.headers['x-tec-totalpages'], vevents(none.text)]).toEqual(['0', '0', 0]);
    });

    it('answers JSON, with Vary: Accept, unless iCalendar is asked for and preferred', async () => {
      const accepts = [undefined, '*/*', 'application/json', 'text/html', 'text/calendar;q=0.5, application/json', 'application/json, text/calendar'];
      for (const accept of accepts) {
        const req = t.http().get(`${t.api}/events`);
        const res = await (accept ? req.set('Accept', accept) : req).expect(200);
        expect({ accept, type: res.headers['content-type'], vary: res.headers.vary }).toEqual({
          accept,
          type: 'application/json; charset=UTF-8',
          vary: expect.stringMatching(/\bAccept\b/),
        });
      }
      const zero = await t.http().get(`${t.api}/events?ical=0`).set('Accept', 'text/calendar').expect(200);
      expect(zero.headers['content-type']).toBe('application/json; charset=UTF-8');
      for (const accept of ['text/calendar, application/json', 'application/json;q=0.9, text/calendar', 'text/*']) {
        const res = await t.http().get(`${t.api}/events`).set('Accept', accept).expect(200);
        expect({ accept, type: res.headers['content-type'] }).toEqual({ accept, type: CALENDAR_TYPE });
      }
      const head = await t.http().head(`${t.api}/events?ical=1`).expect(200);
      expect(head.headers['content-type']).toBe(CALENDAR_TYPE);
      expect(head.headers['x-tec-total']).toBeDefined();
    });
  });

  describe('GET /events/{id} and /events/by-slug/{slug}', () => {
    it('answers one event as a calendar holding it, by id and by slug, with ical=1 or Accept', async () => {
      const single = (await t.http().get(`${t.api}/events/${ids.madridGap}`).expect(200)).body;
      const responses = [
        await t.http().get(`${t.api}/events/${ids.madridGap}?ical=1`).expect(200),
        await t.http().get(`${t.api}/events/${ids.madridGap}`).set('Accept', 'text/calendar').expect(200),
        await t.http().get(`${t.api}/events/by-slug/${slugs.madridGap}?ical=true`).expect(200),
      ];
      for (const res of responses) {
        expect(res.headers['content-type']).toBe(CALENDAR_TYPE);
        expect(res.headers.vary).toMatch(/\bAccept\b/);
        expect(res.text).toBe(responses[0].text);
        expectSameEvents(res.text, [single]);
      }
      const jsonTag = (await t.http().get(`${t.api}/events/${ids.madridGap}`).expect(200)).headers.etag;
      expect(responses[0].headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
      expect(responses[0].headers.etag).not.toBe(jsonTag);
      const hidden = await t.http().get(`${t.api}/events/${ids.hidden}?ical=1`).expect(200);
      expect(parseWithIcalJs(hidden.text).map((e) => e.summary)).toEqual(['Hidden event']);
    });

    it('applies the single read rules: a protected event needs its password, drafts their readers', async () => {
      const locked = await t.http().get(`${t.api}/events/${ids.protected}?ical=1`).expect(403);
      expect(locked.body.code).toBe('event-password-protected');
      const unlocked = await t.http().get(`${t.api}/events/${ids.protected}?ical=1&password=sesame`).expect(200);
      expect(parseWithIcalJs(unlocked.text)[0].description).toBe('The secret programme.');
      await t.http().get(`${t.api}/events/${ids.draft}?ical=1`).expect(403);
      const draft = await t.http().get(`${t.api}/events/${ids.draft}?ical=1`).set('Authorization', editor).expect(200);
      expect(parseWithIcalJs(draft.text)[0]).toMatchObject({ summary: 'Draft event', status: 'TENTATIVE' });
      await t.http().get(`${t.api}/events/987654321?ical=1`).expect(404);
    });
  });

  describe('polling', () => {
    it('answers If-None-Match with 304 while the feed is unchanged, and 200 with a new ETag after a change', async () => {
      const first = await feed().expect(200);
      const tag = first.headers.etag;
      const again = await feed().set('If-None-Match', tag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(tag);
      const single = await t.http().get(`${t.api}/events/${ids.utc}?ical=1`).expect(200);
      await t.http().get(`${t.api}/events/${ids.utc}?ical=1`).set('If-None-Match', single.headers.etag).expect(304);
      await t.http().post(`${t.api}/events/${ids.utc}`).set('Authorization', admin).send({ title: 'In UTC, renamed' }).expect(200);
      const changed = await feed().set('If-None-Match', tag).expect(200);
      expect(changed.headers.etag).not.toBe(tag);
      await t.http().get(`${t.api}/events/${ids.utc}?ical=1`).set('If-None-Match', single.headers.etag).expect(200);
    });

    it('serves repeated anonymous feeds from the read cache, apart from the JSON answer of the same URL', async () => {
      const url = `${t.api}/events?search=Tokyo`;
      // Each answer is stored from the second request of its key on (README "Read cache").
      await t.http().get(url).expect(200);
      const cachedJson = await t.http().get(url).expect(200);
      await t.http().get(url).set('Accept', 'text/calendar').expect(200);
      const cachedFeed = await t.http().get(url).set('Accept', 'text/calendar').expect(200);
      expect(cachedFeed.headers['content-type']).toBe(CALENDAR_TYPE);
      await t.dataSource.query('UPDATE events SET title = ? WHERE id = ?', ['Tokyo, renamed behind the back', ids.tokyo]);
      try {
        const fromMemory = await t.http().get(url).set('Accept', 'text/calendar').expect(200);
        expect(fromMemory.text).toBe(cachedFeed.text);
        expect(fromMemory.headers.etag).toBe(cachedFeed.headers.etag);
        expect(fromMemory.headers.vary).toMatch(/\bAccept\b/);
        const jsonFromMemory = await t.http().get(url).expect(200);
        expect(jsonFromMemory.headers['content-type']).toBe('application/json; charset=UTF-8');
        expect(jsonFromMemory.text).toBe(cachedJson.text);
        // A caller with a token is never served from memory.
        const fresh = await t.http().get(url).set('Accept', 'text/calendar').set('Authorization', editor).expect(200);
        expect(parseWithIcalJs(fresh.text)[0].summary).toBe('Tokyo, renamed behind the back');
      } finally {
        await t.dataSource.query('UPDATE events SET title = ? WHERE id = ?', ['Tokyo night', ids.tokyo]);
      }
    });
  });

  it('speaks Spanish at the Spanish base address', async () => {
    const es = await feed({}, undefined, `/es${t.api}`).expect(200);
    const lines = contentLines(es.text);
    expect(lines).toContain('X-WR-CALNAME:Eventos del calendario');
    expect(lines).toContain('X-WR-CALDESC:Eventos del servicio Calendar Events');
    expect(lines).toContain('PRODID:-//Eventos del calendario//calendar/events/v1//ES');
    const en = await feed().expect(200);
    expect(unfold(es.text).replace(/\r\n(?:X-WR-CALNAME|X-WR-CALDESC|PRODID|NAME):[^\r]*/g, '')).toBe(
      unfold(en.text).replace(/\r\n(?:X-WR-CALNAME|X-WR-CALDESC|PRODID|NAME):[^\r]*/g, ''),
    );
    const single = await t.http().get(`/es${t.api}/events/${ids.rich}?ical=1`).expect(200);
    expect(contentLines(single.text)).toContain('X-WR-CALNAME:Eventos del calendario');
  });

  it('is documented in /doc (English and Spanish): the ical parameter and the text/calendar answers', async () => {
    const doc = (await t.http().get(`${t.api}/doc`).expect(200)).body;
    for (const path of ['/events', '/events/{id}', '/events/by-slug/{slug}']) {
      const get = doc.paths[path].get;
      expect(get.parameters.find((p: Json) => p.name === 'ical')).toMatchObject({ in: 'query', schema: { type: 'boolean' } });
      expect(Object.keys(get.responses['200'].content)).toEqual(['application/json', 'text/calendar']);
      expect(get.responses['304']).toBeDefined();
    }
    expect(doc.paths['/events'].get.responses['200'].headers.ETag).toBeDefined();
    // The documented maximum is the one the service applies.
    const max = FEED_MAX_EVENTS.toLocaleString('en');
    expect(doc.paths['/events'].get.responses['200'].description).toContain(`up to ${max}`);
    expect(doc.paths['/events'].get.parameters.find((p: Json) => p.name === 'ical').description).toContain(`up to ${max}`);
    expect(doc.paths['/venues'].get.parameters.find((p: Json) => p.name === 'ical')).toBeUndefined();
    const index = (await t.http().get(`${t.api}`).expect(200)).body;
    expect(index.routes['/calendar/events/v1/events'].endpoints[0].args.ical).toMatchObject({ type: 'boolean', required: false });
    const es = (await t.http().get(`/es${t.api}/doc`).expect(200)).body;
    expect(es.paths['/events'].get.parameters.find((p: Json) => p.name === 'ical').description).toMatch(/^Responder en iCalendar/);
  });
});
