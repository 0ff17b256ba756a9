import { EventRepository, LISTED_TEXT_LIMIT, ListedEvent } from '../../src/modules/events/domain/event.repository';
import { EventCalendarPresenter } from '../../src/modules/events/http/event-calendar.presenter';
import { RenderBudget } from '../../src/shared/http/render-budget';
import { WHOLE_BODY_MAX_BYTES } from '../../src/shared/http/json-bytes';
import { parseWithIcalJs } from './support/ical-parsers';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Lists of events with long rich texts: their rows leave the texts out, the events are read whole one at a time when
 * rendered, and a body over WHOLE_BODY_MAX_BYTES is streamed. What the client reads is the same as ever: each list item
 * is the event's single body less json_ld, for every kind of reader, in JSON and in iCalendar.
 */
describe('large answers', () => {
  let t: TestApp;
  let editor: string;
  const DAY = '2027-09-09';
  const ids: number[] = [];
  /** About 450,000 characters, different per event (the list carries at most LISTED_TEXT_LIMIT). */
  const longText = (n: number) => `<p>${`Programme ${n}: overture, aria, finale. `.repeat(11_000)}</p>`;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await t.auth('editor');
    const at = (hour: number) => ({ start_date: `${DAY} ${hour}:00:00`, end_date: `${DAY} ${hour}:30:00` });
    const bodies = [
      { title: 'Short first', description: '<p>short</p>', ...at(9) },
      { title: 'Long one', description: longText(1), ...at(10) },
      { title: 'Long excerpt', description: '<p>d</p>', excerpt: longText(2), ...at(11) },
      { title: 'Short between', description: '<p>between</p>', timezone: 'Europe/Madrid', ...at(12) },
      { title: 'Long three', description: longText(3), excerpt: '<p>x</p>', timezone: 'America/New_York', ...at(13) },
    ];
    for (const body of bodies) ids.push((await t.createEvent(body, editor)).id as number);
  }, 120_000);
  afterAll(async () => t.close());

  const dayList = `/events?start_date=${DAY}&end_date=${DAY}`;
  const single = async (id: number) => {
    const { json_ld: _ignored, ...body } = (await t.http().get(`${t.api}/events/${id}`).set('Authorization', editor).expect(200)).body;
    return body;
  };

  it.each([
    ['anonymous (the read cache takes part)', undefined],
    ['with a token', 'editor'],
  ])('a list over %s streams its body, each item the single body less json_ld, in list order', async (_label, role) => {
    expect(longText(1).length).toBeGreaterThan(LISTED_TEXT_LIMIT);
    let request = t.http().get(`${t.api}${dayList}`);
    if (role) request = request.set('Authorization', editor);
    for (let round = 0; round < 2; round++) {
      const res = await request.expect(200);
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.headers['x-tec-total']).toBe('5');
      expect(res.body.events.map((e: { id: number }) => e.id)).toEqual(ids);
      for (const [i, id] of ids.entries()) expect(res.body.events[i]).toEqual(await single(id));
      expect(res.body).toMatchObject({ total: 5, total_pages: 1 });
      expect(Buffer.byteLength(res.text)).toBeGreaterThan(WHOLE_BODY_MAX_BYTES);
      request = t.http().get(`${t.api}${dayList}`); // again: from the fragments kept by the first (anonymous)
      if (role) request = request.set('Authorization', editor);
    }
  });

  it('a small list is still sent whole, with its length', async () => {
    const res = await t.http().get(`${t.api}${dayList}&per_page=1`).expect(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    expect(res.body.events[0].title).toBe('Short first');
  });

  it('HEAD of a streamed list: the headers and no body', async () => {
    const res = await t.http().head(`${t.api}${dayList}`).expect(200);
    expect(res.headers['x-tec-total']).toBe('5');
    expect(res.text ?? '').toBe('');
  });

  it('the iCalendar feed shows the long texts whole, streamed, with a strong ETag of what it is written from and 304 on a match', async () => {
    const res = await t.http().get(`${t.api}${dayList}&ical=1`).expect(200);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    await t.http().get(`${t.api}${dayList}&ical=1`).set('If-None-Match', res.headers.etag).expect(304);
    const again = await t.http().get(`${t.api}${dayList}&ical=1`).expect(200);
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.text).toBe(res.text);
    // A change of a long event's text changes the tag.
    const text = (await t.http().get(`${t.api}/events/${ids[1]}`).set('Authorization', editor)).body.description as string;
    await t.http().patch(`${t.api}/events/${ids[1]}`).set('Authorization', editor).send({ description: `${text}<p>encore</p>` }).expect(200);
    const changed = await t.http().get(`${t.api}${dayList}&ical=1`).expect(200);
    expect(changed.headers.etag).not.toBe(res.headers.etag);
    expect(changed.text).toContain('encore');
    await t.http().patch(`${t.api}/events/${ids[1]}`).set('Authorization', editor).send({ description: text }).expect(200);
    // The same bytes as a feed written whole: the list's own events, each feed of one event written whole, in order.
    const wholeFeeds = await Promise.all(ids.map(async (id) => (await t.http().get(`${t.api}/events/${id}?ical=1`).set('Authorization', editor).expect(200)).text));
    const vevent = (text: string) => text.slice(text.indexOf('BEGIN:VEVENT\r\n'), text.lastIndexOf('END:VEVENT\r\n') + 'END:VEVENT\r\n'.length);
    const final = (await t.http().get(`${t.api}${dayList}&ical=1`).expect(200)).text;
    expect(vevent(final)).toBe(wholeFeeds.map(vevent).join(''));
    expect(res.text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    const events = parseWithIcalJs(res.text);
    expect(events).toHaveLength(5);
    const long = events.find((e) => e.summary === 'Long one')!;
    expect(long.description?.length).toBeGreaterThan(400_000);
    expect(long.description).toContain('Programme 1: overture');
    expect(events.find((e) => e.summary === 'Long excerpt')?.description).toBe('d');
  });

  it('a calendar in parts is, joined, the text of the calendar written whole (head, zones, VEVENTs, end)', async () => {
    const repo = t.app.get(EventRepository);
    const presenter = t.app.get(EventCalendarPresenter);
    const listed = await repo.findByIds(ids);
    expect(listed.filter((e) => e.textsLeftOut !== undefined)).toHaveLength(3);
    const whole = async (e: ListedEvent) => repo.findById(e.id);
    const complete = await Promise.all(ids.map(async (id) => (await repo.findById(id))!));
    const nothingMasked = () => false;
    for (const locale of ['en', 'es'] as const) {
      const parts = await presenter.calendarParts(listed, locale, nothingMasked, whole, new RenderBudget(1000));
      const joined = [parts.head];
      for await (const vevent of { [Symbol.asyncIterator]: parts.vevents }) joined.push(vevent);
      joined.push(parts.end);
      expect(joined.join('')).toBe(await presenter.calendar(complete, locale, nothingMasked));
    }
  });
});
