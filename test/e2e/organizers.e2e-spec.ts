import { UnitOfWork } from '../../src/shared/domain/unit-of-work';
import { OrganizersService } from '../../src/modules/organizers/application/organizers.service';
import { OrganizerWriteParams } from '../../src/modules/organizers/http/dto/organizer-write.params';
import { readInlineRecord } from '../../src/modules/records/http/inline-record';
import { VenuesService } from '../../src/modules/venues/application/venues.service';
import { VenueWriteParams } from '../../src/modules/venues/http/dto/venue-write.params';
import { startTestApp, TestApp, USERS } from './support/test-app';
import { replaceLinks } from '../../src/modules/events/infrastructure/typeorm/event-link-tables';

/** Organizers over HTTP (CONTRACT §6.4, §6.10, §7, §9.10, §9.11, §10), plus the inline creators used by events (§9.5). */
describe('organizers: /organizers', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let contributor: string;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, editor, contributor] = await Promise.all([t.auth('administrator'), t.auth('editor'), t.auth('contributor')]);
  });
  afterAll(async () => t.close());

  const create = async (body: Record<string, unknown>, auth = editor) => {
    const res = await t.http().post(`${t.api}/organizers`).set('Authorization', auth).send(body);
    expect(res.status).toBe(201);
    return res.body as Record<string, any>;
  };
  async function seedEvent(organizerIds: number[]): Promise<number> {
    await t.dataSource.query(`INSERT INTO record_ids (kind) VALUES ('event')`);
    const id = Number((await t.dataSource.query('SELECT MAX(id) AS id FROM record_ids'))[0].id);
    const d = '2030-01-01 00:00:00';
    await t.dataSource.query(
      `INSERT INTO events (id, author_id, status, slug, title, description, excerpt, search_key, date_local, date_utc,
        modified_utc, start_local, end_local, start_utc, end_utc, timezone) VALUES (?, 1, 'publish', ?, 't', '', '', '', ?, ?, ?, ?, ?, ?, ?, 'UTC')`,
      [id, `e-${id}`, d, d, d, d, d, d, d],
    );
    await replaceLinks(t.dataSource.manager, 'organizer', id, organizerIds);
    return id;
  }

  it('creates with the exact shape, reads with json_ld (Person), ETag and 304', async () => {
    const res = await t.http().post(`${t.api}/organizers`).set('Authorization', editor).send({
      organizer: 'Blue Note Agency', phone: '+34 600 000 000', website: 'https://bluenote.example', email: ' hello@bluenote.example ',
      description: '<em>Booking</em> agency',
    });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${t.publicApi}/organizers/${res.body.id}`);
    expect(Object.keys(res.body)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'organizer', 'description', 'slug',
      'phone', 'website', 'email', 'global_id', 'global_id_lineage',
    ]);
    expect(res.body).toMatchObject({ author: String(USERS.editor), email: 'hello@bluenote.example', url: 'http://calendar.test:8080/organizer/blue-note-agency/' });
    const single = await t.http().get(`${t.api}/organizers/by-slug/BLUE-NOTE-AGENCY`);
    expect(single.status).toBe(200);
    expect(single.headers.etag).toBe(res.headers.etag);
    expect(single.body.json_ld).toEqual({
      '@context': 'http://schema.org', '@type': 'Person', name: 'Blue Note Agency', description: 'Booking agency',
      url: 'http://calendar.test:8080/organizer/blue-note-agency/', telephone: '+34 600 000 000',
      email: 'hello@bluenote.example', sameAs: 'https://bluenote.example',
    });
    expect((await t.http().get(`${t.api}/organizers/${res.body.id}`).set('If-None-Match', single.headers.etag)).status).toBe(304);
  });

  it('validates e-mail, website, name; 404/403 codes; duplicates reuse the oldest', async () => {
    const bad = await t.http().post(`${t.api}/organizers`).set('Authorization', editor).send({ organizer: 'X', email: 'nope', website: 'mailto:a@b' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params)).toEqual(['website', 'email']);
    expect((await t.http().post(`${t.api}/organizers`).set('Authorization', editor).send({})).body.code).toBe('rest_missing_callback_param');
    const emptySlug = await t.http().post(`${t.api}/organizers`).set('Authorization', editor).send({ organizer: 'X', slug: '' });
    expect(emptySlug.body.data.details.slug.code).toBe('rest_empty_value'); // §4.3
    expect((await t.http().get(`${t.api}/organizers/987654321`)).body.code).toBe('rest-organizer-not-found');
    const draft = await create({ organizer: `Draft ${Date.now()}`, status: 'draft' });
    expect((await t.http().get(`${t.api}/organizers/${draft.id}`)).body.code).toBe('organizer-not-accessible');
    const tok = `Org ${Date.now()}`;
    const first = await create({ organizer: `${tok} Müller`, email: 'a@b.example' });
    expect((await create({ organizer: `${tok} MULLER` })).id).toBe(first.id);
    expect((await create({ organizer: `${tok} muller`, email: 'A@B.example', phone: '1' })).id).not.toBe(first.id);
  });

  it('updates partially, deletes (410, force, unlinking), lists with filters', async () => {
    const tok = `lst${Date.now()}`;
    const o = await create({ organizer: `Keep ${tok}`, phone: '+1 555', email: `k-${tok}@example.com` }, contributor);
    const upd = await t.http().patch(`${t.api}/organizers/${o.id}`).set('Authorization', contributor).send({ organizer: `Renamed ${tok}` });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ phone: '+1 555', email: `k-${tok}@example.com`, status: 'draft' });
    const pub = await create({ organizer: `Pub ${tok}` });
    const event = await seedEvent([pub.id, o.id]);
    const list = await t.http().get(`${t.api}/organizers`).query({ search: tok, event }).set('Authorization', editor);
    expect(list.body.organizers.map((x: { id: number }) => x.id)).toEqual([pub.id, o.id]);
    expect((await t.http().get(`${t.api}/organizers`).query({ search: tok })).body.total).toBe(1);
    expect((await t.http().get(`${t.api}/organizers`).query({ search: `k-${tok}@example` }).set('Authorization', contributor)).body.total).toBe(1);
    expect((await t.http().get(`${t.api}/organizers`).query({ search: tok, status: 'any' }).set('Authorization', contributor)).body.total).toBe(2);
    const del = await t.http().delete(`${t.api}/organizers/${pub.id}`).set('Authorization', admin);
    expect(del.body.status).toBe('trash');
    const links = await t.dataSource.query('SELECT organizer_id FROM event_organizers WHERE event_id = ?', [event]);
    expect(links.map((r: { organizer_id: number }) => Number(r.organizer_id))).toEqual([o.id]);
    expect((await t.http().delete(`${t.api}/organizers/${pub.id}`).set('Authorization', admin)).body.code).toBe('organizer-is-in-trash');
    expect((await t.http().delete(`${t.api}/organizers/${pub.id}`).set('Authorization', admin).send({ force: true })).status).toBe(200);
    expect((await t.http().get(`${t.api}/organizers/${pub.id}`).set('Authorization', admin)).status).toBe(404);
    expect((await t.http().get(`${t.api}/organizers`).query({ search: tok, page: 2 })).body.code).toBe('organizer-archive-page-not-found');
  });

  it('inline records: read with the DTO, checked (400 could-not-create-*), duplicates reused inside a transaction', async () => {
    const uow = t.app.get(UnitOfWork);
    const venues = t.app.get(VenuesService);
    const organizers = t.app.get(OrganizersService);
    const inlineVenue = (raw: Record<string, unknown>) => readInlineRecord(VenueWriteParams, 'venue', raw);
    const inlineOrganizer = (raw: Record<string, unknown>) => readInlineRecord(OrganizerWriteParams, 'organizer', raw);
    const caller = { userId: USERS.contributor, role: 'contributor' as const };
    const tok = `Inline ${Date.now()}`;
    const [v1, v2] = await uow.run(async () => [
      await venues.createOrReuseInline({ venue: tok, city: 'Madrid' }, caller),
      await venues.createOrReuseInline({ venue: tok.toUpperCase(), city: 'madrid' }, caller),
    ]);
    expect(v1.id).toBe(v2.id);
    expect(v1.status).toBe('draft');
    const nameless = inlineVenue({ city: 'x' });
    await expect(venues.checkInline(nameless.values, caller, nameless.invalid)).rejects.toMatchObject({
      code: 'could-not-create-venue',
      problems: [{ param: 'venue', detail: 'rest_empty_value' }],
    });
    const badEmail = inlineOrganizer({ organizer: 'x', email: 'bad' });
    await expect(organizers.checkInline(badEmail.values, caller, badEmail.invalid)).rejects.toMatchObject({ code: 'could-not-create-organizer' });
    const o = await uow.run(() => organizers.createOrReuseInline({ organizer: tok }, caller));
    expect(o.authorId).toBe(USERS.contributor);
  });
});
