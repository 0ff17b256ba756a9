import ICAL from 'ical.js';
import { cleanRichTextNow, isRichTextCleaned, longRichTextsWorkedOnLoop, OFF_LOOP_MIN_CHARS, plainFormsNow, stripMarkup } from '../../src/shared/domain/text-cleaning';
import { builtTextCleaningWorker } from '../support/service-process';
import { startTestApp, TestApp } from './support/test-app';

/** Markup-dense rich text of `chars` characters, different for each `seed`. */
const richText = (chars: number, seed: string) => {
  const unit = `<p class="c">${seed} <b>bold</b> &amp; <script>x</script><a href="javascript:y">l</a> < </p>`;
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
};

/**
 * Long rich texts of every write (event description and excerpt, an inline venue's and organizer's description, venue,
 * organizer, category and tag descriptions, creates and updates) are cleaned by the worker thread before the write's
 * unit of work, and the write finds them cleaned: nothing long is cleaned on the event loop, and what is stored and
 * answered is what cleaning on the loop stores (README "Limits and timeouts"). Runs on SQLite and (npm run
 * test:mysql) on MariaDB.
 */
describe('long rich texts are cleaned off the event loop in every write', () => {
  let t: TestApp;
  let admin: string;
  let contributor: string;
  const when = { start_date: '2027-06-01 10:00', end_date: '2027-06-01 12:00' };
  const long = (seed: string) => richText(OFF_LOOP_MIN_CHARS + 5_000, seed);

  beforeAll(async () => {
    t = await startTestApp({}, undefined, { textCleaningWorker: builtTextCleaningWorker() });
    admin = await t.auth('administrator');
    contributor = await t.auth('contributor');
  }, 120_000);
  afterAll(async () => t.close());

  /** Runs `write` and expects no long text cleaned on the event loop meanwhile. */
  const offLoop = async <T>(write: () => Promise<T>): Promise<T> => {
    const before = longRichTextsWorkedOnLoop();
    const result = await write();
    expect(longRichTextsWorkedOnLoop()).toBe(before);
    return result;
  };

  it('events: description, excerpt and an inline venue and organizer, on create and on update', async () => {
    const [description, excerpt, venueText, organizerText] = ['event', 'excerpt', 'venue', 'organizer'].map(long);
    const created = await offLoop(() =>
      t.createEvent(
        { ...when, title: 'Long texts', description, excerpt, venue: { venue: 'Hall', description: venueText }, organizer: [{ organizer: 'Org', description: organizerText }] },
        admin,
      ),
    );
    expect(created.description).toBe(cleanRichTextNow(description));
    expect(created.excerpt).toBe(cleanRichTextNow(excerpt));
    expect(created.venue.description).toBe(cleanRichTextNow(venueText));
    expect(created.organizer[0].description).toBe(cleanRichTextNow(organizerText));

    const single = await t.http().get(`${t.api}/events/${created.id}`);
    expect(single.status).toBe(200);
    expect(single.body.description).toBe(cleanRichTextNow(description));
    expect(single.body.json_ld.description).toBe(stripMarkup(cleanRichTextNow(excerpt)));

    const changed = long('changed');
    const updated = await offLoop(() => t.http().patch(`${t.api}/events/${created.id}`).set('Authorization', admin).send({ description: changed }));
    expect(updated.status).toBe(200);
    expect(updated.body.description).toBe(cleanRichTextNow(changed));
  }, 60_000);

  it('venues, organizers, categories and tags, on create and on update', async () => {
    for (const [kind, name] of [['venues', 'venue'], ['organizers', 'organizer'], ['categories', 'name'], ['tags', 'name']]) {
      const description = long(kind);
      const created = await offLoop(() => t.http().post(`${t.api}/${kind}`).set('Authorization', admin).send({ [name]: `A ${kind}`, description }));
      expect([kind, created.status]).toEqual([kind, 201]);
      expect(created.body.description).toBe(cleanRichTextNow(description));
      const changed = long(`${kind} again`);
      const updated = await offLoop(() => t.http().post(`${t.api}/${kind}/${created.body.id}`).set('Authorization', admin).send({ description: changed }));
      expect([kind, updated.status]).toEqual([kind, 200]);
      expect(updated.body.description).toBe(cleanRichTextNow(changed));
    }
  }, 60_000);

  it('a caller refused before the write (no token, or a role that may not) has nothing cleaned at all', async () => {
    const before = longRichTextsWorkedOnLoop();
    const description = long('refused');
    const anonymous = await t.http().post(`${t.api}/categories`).send({ name: 'Nope', description });
    expect(anonymous.status).toBe(401);
    const subscriber = await t.http().post(`${t.api}/categories`).set('Authorization', await t.auth('subscriber')).send({ name: 'Nope', description });
    expect(subscriber.status).toBe(403);
    expect(longRichTextsWorkedOnLoop()).toBe(before);
    expect(isRichTextCleaned(description)).toBe(false); // not by the worker either
    // A contributor may write events: the text is cleaned, off the loop.
    const created = await offLoop(() => t.createEvent({ ...when, title: 'By a contributor', description }, contributor));
    expect(created.description).toBe(cleanRichTextNow(description));
  }, 60_000);

  it('reads show long stored texts made plain off the loop: json_ld of events and venues, iCalendar of an event and a feed', async () => {
    // Stored behind the service's back, each read path its own text no write or read has seen: escaped `<` (4 MB of it
    // held a read ~1.2 s before).
    const stored = (seed: string) => `<p>${seed}</p>${'&lt;'.repeat(OFF_LOOP_MIN_CHARS / 2)}<p>end</p>`;
    const venueIn = async (name: string) => (await t.http().post(`${t.api}/venues`).set('Authorization', admin).send({ venue: name })).body.id as number;
    const eventOn = async (day: string, title: string, venue?: number) =>
      (await t.createEvent({ start_date: `${day} 10:00`, end_date: `${day} 12:00`, title, ...(venue ? { venue } : {}) }, admin)).id as number;
    const [hall, otherHall] = [await venueIn('Quiet hall'), await venueIn('Other hall')];
    const [jsonEvent, icalEvent, feedEvent] = [await eventOn('2027-09-01', 'Read me', hall), await eventOn('2027-09-02', 'Ical'), await eventOn('2027-09-20', 'Feed')];
    const texts = { jsonEvent: stored('json'), hall: stored('hall'), otherHall: stored('other hall'), icalEvent: stored('ical'), feedEvent: stored('feed') };
    const write = (table: string, id: number, text: string) => t.dataSource.query(`UPDATE ${table} SET description = ? WHERE id = ?`, [text, id]);
    await write('events', jsonEvent, texts.jsonEvent);
    await write('venues', hall, texts.hall);
    await write('venues', otherHall, texts.otherHall);
    await write('events', icalEvent, texts.icalEvent);
    await write('events', feedEvent, texts.feedEvent);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the read cache's lifetime

    const single = await offLoop(() => t.http().get(`${t.api}/events/${jsonEvent}`));
    expect(single.status).toBe(200);
    expect(single.body.json_ld.description).toBe(plainFormsNow(texts.jsonEvent).stripped);
    expect(single.body.json_ld.location.description).toBe(plainFormsNow(texts.hall).stripped);
    const venueRead = await offLoop(() => t.http().get(`${t.api}/venues/${otherHall}`));
    expect(venueRead.body.json_ld.description).toBe(plainFormsNow(texts.otherHall).stripped);

    const descriptionOf = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')?.getFirstPropertyValue('description');
    const calendar = await offLoop(() => t.http().get(`${t.api}/events/${icalEvent}?ical=1`).buffer(true));
    expect(calendar.status).toBe(200);
    expect(descriptionOf(calendar.text)).toBe(plainFormsNow(texts.icalEvent).plain);
    const feed = await offLoop(() => t.http().get(`${t.api}/events?ical=1&start_date=2027-09-20&end_date=2027-09-21`).buffer(true));
    expect(feed.status).toBe(200);
    expect(descriptionOf(feed.text)).toBe(plainFormsNow(texts.feedEvent).plain);
  }, 60_000);

  it('a rich text is refused when it is too long as stored (each bare `<` is stored as `&lt;`), and kept at the limit', async () => {
    const tooLong = (res: { status: number; body: any }, code = 'rest_invalid_param') => {
      expect([res.status, res.body.code, res.body.data.details?.description?.code]).toEqual([400, code, 'rest_too_long']);
      expect(res.body.data.params.description).toBe('description must be at most 1000000 characters long.');
    };
    const over = '<'.repeat(250_001); // 1,000,004 characters once stored
    const atLimit = '<'.repeat(250_000); // exactly 1,000,000
    tooLong(await t.http().post(`${t.api}/events`).set('Authorization', admin).send({ ...when, title: 'Too long', description: over }));
    tooLong(
      await t.http().post(`${t.api}/events`).set('Authorization', admin).send({ ...when, title: 'Inline', venue: { venue: 'Lt hall', description: over } }),
      'could-not-create-venue',
    );
    for (const [kind, name] of [['venues', 'venue'], ['organizers', 'organizer'], ['categories', 'name'], ['tags', 'name']]) {
      tooLong(await t.http().post(`${t.api}/${kind}`).set('Authorization', admin).send({ [name]: `Too long ${kind}`, description: over }));
    }
    const kept = await t.createEvent({ ...when, title: 'At the limit', description: atLimit }, admin);
    expect(kept.description).toHaveLength(1_000_000);
    const stillThere = await t.http().get(`${t.api}/events/${kept.id}`);
    expect(stillThere.body.description).toBe('&lt;'.repeat(250_000));
  }, 60_000);

  it('texts that run the worker out of its heap are refused as too long, at once too; the worker serves the next texts', async () => {
    const nested = (n: number) => '<b>'.repeat(n); // every tag left open: the sanitiser's stack of them outgrows 64 MB
    const answers = await offLoop(() =>
      Promise.all([
        t.http().post(`${t.api}/events`).set('Authorization', admin).send({ ...when, title: 'Nested 1', description: nested(300_000) }),
        t.http().post(`${t.api}/events`).set('Authorization', admin).send({ ...when, title: 'Nested 2', description: `${nested(299_999)}<i>` }),
        t.http().post(`${t.api}/venues`).set('Authorization', admin).send({ venue: 'Nested hall', description: `<i>${nested(299_999)}` }),
      ]),
    );
    for (const res of answers) expect([res.status, res.body.data.details?.description?.code]).toEqual([400, 'rest_too_long']);
    const next = long('after the worker ran out of heap');
    const created = await offLoop(() => t.createEvent({ ...when, title: 'After', description: next }, admin));
    expect(created.description).toBe(cleanRichTextNow(next));
  }, 120_000);
});
