import { cleanRichTextNow, isRichTextCleaned, longRichTextsCleanedOnLoop, OFF_LOOP_MIN_CHARS, stripMarkup } from '../../src/shared/domain/text-cleaning';
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
    const before = longRichTextsCleanedOnLoop();
    const result = await write();
    expect(longRichTextsCleanedOnLoop()).toBe(before);
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
    const before = longRichTextsCleanedOnLoop();
    const description = long('refused');
    const anonymous = await t.http().post(`${t.api}/categories`).send({ name: 'Nope', description });
    expect(anonymous.status).toBe(401);
    const subscriber = await t.http().post(`${t.api}/categories`).set('Authorization', await t.auth('subscriber')).send({ name: 'Nope', description });
    expect(subscriber.status).toBe(403);
    expect(longRichTextsCleanedOnLoop()).toBe(before);
    expect(isRichTextCleaned(description)).toBe(false); // not by the worker either
    // A contributor may write events: the text is cleaned, off the loop.
    const created = await offLoop(() => t.createEvent({ ...when, title: 'By a contributor', description }, contributor));
    expect(created.description).toBe(cleanRichTextNow(description));
  }, 60_000);
});
