import { request } from 'node:http';
import { SignJWT } from 'jose';
import { startTestApp, TestApp, TEST_SECRET } from './support/test-app';

/**
 * Contract rules of the non-event parts found uncovered by an audit: transport (§1.3–§1.5), tokens (§3.1, §4.1),
 * venue/organizer writes (§1.4, §4.4, §10) and term lists (§11.2).
 */
describe('resources: contract details beyond the other suites', () => {
  let t: TestApp;
  let admin: string;
  let contributor: string;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, contributor] = await Promise.all([t.auth('administrator'), t.auth('contributor')]);
  });
  afterAll(async () => t.close());

  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(TEST_SECRET));
  const nowS = () => Math.floor(Date.now() / 1000);

  describe('§1.5 responses', () => {
    it('writes Content-Type application/json; charset=UTF-8 on every JSON answer, errors and successes alike', async () => {
      const created = await t.http().post(`${t.api}/venues`).set('Authorization', admin).send({ venue: 'Charset Hall' }).expect(201);
      expect(created.headers['content-type']).toBe('application/json; charset=UTF-8');
      const read = await t.http().get(`${t.api}/venues/${created.body.id}`).expect(200);
      expect(read.headers['content-type']).toBe('application/json; charset=UTF-8');
      const list = await t.http().get(`${t.api}/venues`).expect(200);
      expect(list.headers['content-type']).toBe('application/json; charset=UTF-8');
      const head = await t.http().head(`${t.api}/venues/${created.body.id}`).expect(200);
      expect(head.headers['content-type']).toBe('application/json; charset=UTF-8');
      expect(head.text ?? '').toBe('');
      for (const path of ['', '/doc']) {
        const res = await t.http().get(`${t.api}${path}`).expect(200);
        expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
      }
      const missing = await t.http().get(`${t.api}/venues/987654321`).expect(404);
      expect(missing.headers['content-type']).toBe('application/json; charset=UTF-8');
    });
  });

  describe('§1.3 route matching', () => {
    it('answers a slug with broken percent-encoding as not found, never a 5xx', async () => {
      for (const kind of ['venues', 'organizers', 'events']) {
        const res = await t.http().get(`${t.api}/${kind}/by-slug/%E0%A4%A`);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('rest_no_route');
      }
      const id = await t.http().get(`${t.api}/venues/%zz`);
      expect(id.status).toBe(404);
      expect(id.body.code).toBe('rest_no_route');
    });
  });

  describe('§1.3 ids that cannot exist', () => {
    it('names an id of more than 15 digits as sent (leading zeros dropped) in the not-found message', async () => {
      const res = await t.http().get(`${t.api}/venues/0001234567890123456`).expect(404);
      expect(res.body).toEqual({ code: 'rest-venue-not-found', message: 'Venue with ID 1234567890123456 does not exist.', data: { status: 404 } });
      const tag = await t.http().patch(`${t.api}/tags/99999999999999999999`).set('Authorization', admin).send({ name: 'x' }).expect(404);
      expect(tag.body.message).toBe('Tag with ID 99999999999999999999 does not exist.');
      const organizer = await t.http().get(`/es${t.api}/organizers/00000000000000000`).expect(404);
      expect(organizer.body.message).toBe('El organizador con ID 0 no existe.');
      const event = await t.http().get(`${t.api}/events/0000000000000000042`).expect(404);
      expect(event.body.message).toBe('Event with ID 42 does not exist.');
    });
  });

  describe('§1.4 empty bodies', () => {
    /** A chunked request (no Content-Length) with the given body, straight over HTTP. */
    function chunked(path: string, contentType: string, body: string): Promise<{ status: number; json: any }> {
      const server = t.app.getHttpServer() as import('node:http').Server;
      const { port } = server.address() as { port: number };
      return new Promise((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': contentType, Authorization: admin, 'Transfer-Encoding': 'chunked' } },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        if (body) req.write(body);
        req.end();
      });
    }

    it('allows an empty chunked body of any type; a non-empty one of another type is 415', async () => {
      const empty = await chunked(`${t.api}/venues`, 'text/plain', '');
      expect([empty.status, empty.json.code]).toEqual([400, 'rest_missing_callback_param']);
      const text = await chunked(`${t.api}/venues`, 'text/plain', 'venue=x');
      expect([text.status, text.json.code]).toEqual([415, 'rest_unsupported_media_type']);
      const json = await chunked(`${t.api}/venues`, 'application/json', '{"venue":"Chunked Hall"}');
      expect([json.status, json.json.venue]).toEqual([201, 'Chunked Hall']);
    });
  });

  describe('§1.4 bracket lists in query strings and form bodies', () => {
    it('keeps every item of a[]=x&a[]=y, while a repeated plain key keeps the last value', async () => {
      const names = ['Bracket One', 'Bracket Two', 'Bracket Three'];
      const ids: number[] = [];
      for (const name of names) {
        const res = await t.http().post(`${t.api}/categories`).set('Authorization', admin).send({ name }).expect(201);
        ids.push(res.body.id);
      }
      const include = await t
        .http()
        .get(`${t.api}/categories?hide_empty=0&include[]=${ids[0]}&include[]=bracket-two&orderby=include`)
        .expect(200);
      expect(include.body.categories.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[1]]);
      expect(include.body.rest_url).toContain(`&include=${ids[0]},bracket-two&`);
      const exclude = await t
        .http()
        .get(`${t.api}/categories?hide_empty=0&search=bracket&exclude[]=${ids[0]}&exclude[]=${ids[2]}`)
        .expect(200);
      expect(exclude.body.categories.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
      const last = await t.http().get(`${t.api}/categories?hide_empty=0&search=nothing-matches&search=bracket`).expect(200);
      expect(last.body.total).toBe(3);
    });
  });

  describe('§3.1 / §4.1 token failures name their reason', () => {
    it('sub that is not a positive integer → reason claims; iat in the future → not_yet_valid', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ sub: '0', exp: nowS() + 600 }, 'claims'],
        [{ sub: '9007199254740992', exp: nowS() + 600 }, 'claims'],
        [{ sub: 'alice', exp: nowS() + 600 }, 'claims'],
        [{ sub: '1', exp: nowS() + 600, iat: nowS() + 600 }, 'not_yet_valid'],
        [{ sub: '1', exp: nowS() + 600, nbf: nowS() + 600 }, 'not_yet_valid'],
        [{ sub: '1' }, 'claims'],
      ];
      for (const [claims, reason] of cases) {
        const res = await t.http().get(`${t.api}/venues`).set('Authorization', `Bearer ${await sign(claims)}`).expect(401);
        expect({ claims, code: res.body.code, reason: res.body.data.reason }).toEqual({ claims, code: 'rest_invalid_token', reason });
        expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      }
      const ok = await sign({ sub: 3, exp: nowS() + 600, iat: nowS() + 10, roles: ['EDITOR', 'nobody'] });
      await t.http().post(`${t.api}/tags`).set('Authorization', `Bearer ${ok}`).send({ name: 'Numeric sub tag' }).expect(201);
    });
  });

  describe('§1.4 / §10.1 venue and organizer field types', () => {
    it('clears coordinates with null or "" and rejects JSON numbers for zip and phone', async () => {
      const venue = await t
        .http()
        .post(`${t.api}/venues`)
        .set('Authorization', admin)
        .send({ venue: 'Geo Hall', geo_lat: 40.5, geo_lng: '-3.25' })
        .expect(201);
      expect([venue.body.geo_lat, venue.body.geo_lng]).toEqual([40.5, -3.25]);
      const cleared = await t.http().patch(`${t.api}/venues/${venue.body.id}`).set('Authorization', admin).send({ geo_lat: null, geo_lng: '' }).expect(200);
      expect('geo_lat' in cleared.body || 'geo_lng' in cleared.body).toBe(false);
      for (const body of [{ zip: 28010 }, { phone: 600000000 }]) {
        const res = await t.http().patch(`${t.api}/venues/${venue.body.id}`).set('Authorization', admin).send(body).expect(400);
        const name = Object.keys(body)[0];
        expect(res.body.data.details[name].code).toBe('rest_invalid_type');
        expect(res.body.data.params[name]).toBe(`${name} is not of type string.`);
      }
      const organizer = await t.http().post(`${t.api}/organizers`).set('Authorization', admin).send({ organizer: 'Typed Org', phone: 600 }).expect(400);
      expect(organizer.body.data.details.phone.code).toBe('rest_invalid_type');
    });

    it('names every failing parameter in one 400, type and format problems alike (§4.3)', async () => {
      const venue = await t
        .http()
        .post(`${t.api}/venues`)
        .set('Authorization', admin)
        .send({ venue: 'Many Problems Hall', show_map: 'maybe', website: 'ftp://x.example', geo_lat: 100, geo_lng: 'east', status: 'gone' })
        .expect(400);
      expect(venue.body.message).toBe('Invalid parameter(s): status, website, show_map, geo_lat, geo_lng');
      expect(venue.body.data.params).toEqual({
        status: 'status is not one of publish, future, draft, pending, private, trash.',
        website: 'website is not a valid URL.',
        show_map: 'show_map is not of type boolean.',
        geo_lat: 'geo_lat must be between -90 and 90.',
        geo_lng: 'geo_lng is not of type number.',
      });
      expect(venue.body.data.details.geo_lat).toEqual({ code: 'rest_out_of_bounds', message: 'geo_lat must be between -90 and 90.', data: { param: 'geo_lat' } });
      const organizer = await t
        .http()
        .post(`${t.api}/organizers`)
        .set('Authorization', admin)
        .send({ organizer: 'Many Problems Org', phone: 5, website: 'javascript:alert(1)', email: 'not-an-address' })
        .expect(400);
      expect(Object.keys(organizer.body.data.details)).toEqual(['phone', 'website', 'email']);
      expect(organizer.body.data.details.email.code).toBe('rest_invalid_format');
      expect(organizer.body.data.params.email).toBe('email is not a valid e-mail address.');
      const es = await t.http().post(`/es${t.api}/organizers`).set('Authorization', admin).send({ organizer: 'X', email: 'nope' }).expect(400);
      expect(es.body.data.params.email).toBe('email no es un correo electrónico válido.');
    });

    it('names type errors together with bad dates, unknown authors and unusable images, in parameter-table order (§4.3)', async () => {
      const venueBody = {
        venue: 'Mixed Problems Hall', show_map: 'maybe', date: 'next blursday', author: 987654, image: 'https://x.example/a.txt',
        website: 'ftp://x.example', geo_lat: 100, status: 'publish',
      };
      const expected = {
        author: 'rest_unknown_reference', date: 'rest_invalid_date', website: 'rest_invalid_format', image: 'rest_invalid_image',
        show_map: 'rest_invalid_type', geo_lat: 'rest_out_of_bounds',
      };
      const created = await t.http().post(`${t.api}/venues`).set('Authorization', admin).send(venueBody).expect(400);
      expect(created.body.message).toBe(`Invalid parameter(s): ${Object.keys(expected).join(', ')}`);
      expect(Object.fromEntries(Object.entries(created.body.data.details).map(([k, v]: [string, any]) => [k, v.code]))).toEqual(expected);
      const venue = await t.http().post(`${t.api}/venues`).set('Authorization', admin).send({ venue: 'Mixed Problems Hall' }).expect(201);
      const updated = await t.http().patch(`${t.api}/venues/${venue.body.id}`).set('Authorization', admin).send(venueBody).expect(400);
      expect(Object.keys(updated.body.data.details)).toEqual(Object.keys(expected));
      // validation (step 5) still comes before existence (step 6)
      await t.http().patch(`${t.api}/venues/987654321`).set('Authorization', admin).send(venueBody).expect(400);

      const organizer = await t
        .http()
        .post(`${t.api}/organizers`)
        .set('Authorization', admin)
        .send({ organizer: 'Mixed Problems Org', image: 'ftp://x', email: 'nope', date_utc: 'blursday', author: 987654, phone: 5 })
        .expect(400);
      expect(Object.keys(organizer.body.data.details)).toEqual(['author', 'date_utc', 'phone', 'email', 'image']);
      expect(organizer.body.data.details.author.code).toBe('rest_unknown_reference');
      expect(organizer.body.data.details.date_utc.code).toBe('rest_invalid_date');
      expect(organizer.body.data.details.image.code).toBe('rest_invalid_image');
      expect((await t.http().get(`${t.api}/venues?search=Mixed%20Problems`)).body.total).toBe(1); // nothing else was written
    });

    it('a blank date is an unreadable date, as on events (§8.2.2, deviation 44)', async () => {
      for (const [kind, name] of [['venues', 'venue'], ['organizers', 'organizer']]) {
        const res = await t.http().post(`${t.api}/${kind}`).set('Authorization', admin).send({ [name]: 'Blank date', date: '', date_utc: ' ' }).expect(400);
        expect(res.body.data.details.date.code).toBe('rest_invalid_date');
        expect(res.body.data.params.date_utc).toBe('date_utc is not a valid date.');
      }
    });

    it('checks existence (404) before the author permission (403) on updates (§4.4 steps 6 and 7)', async () => {
      for (const kind of ['venues', 'organizers']) {
        const res = await t.http().patch(`${t.api}/${kind}/987654321`).set('Authorization', contributor).send({ author: 1 }).expect(404);
        expect(res.body.code).toBe(kind === 'venues' ? 'rest-venue-not-found' : 'rest-organizer-not-found');
        const bySlug = await t.http().patch(`${t.api}/${kind}/by-slug/no-such-slug`).set('Authorization', contributor).send({ author: 1 }).expect(404);
        expect(bySlug.body.code).toBe(kind === 'venues' ? 'rest-venue-not-found' : 'rest-organizer-not-found');
      }
      const own = await t.http().post(`${t.api}/venues`).set('Authorization', contributor).send({ venue: 'Contributor Hall' }).expect(201);
      await t.http().patch(`${t.api}/venues/${own.body.id}`).set('Authorization', contributor).send({ author: 1 }).expect(403);
    });
  });

  describe('§10.6 / §8.4 status filter of venue and organizer lists', () => {
    it('takes a list of statuses or the single value any, as the event list does', async () => {
      const editor = await t.auth('editor');
      for (const kind of ['venues', 'organizers']) {
        const mixed = await t.http().get(`${t.api}/${kind}?status=any,draft`).set('Authorization', editor).expect(400);
        expect(mixed.body.data.details.status.code).toBe('rest_not_in_enum');
        expect(mixed.body.data.params.status).toBe('status is not one of publish, future, draft, pending, private, trash, any.');
        const any = await t.http().get(`${t.api}/${kind}?status=ANY`).set('Authorization', editor).expect(200);
        expect(any.body.rest_url).toContain('&status=ANY'); // links copy what was sent
        const list = await t.http().get(`${t.api}/${kind}?status[]=draft&status[]=Publish`).set('Authorization', editor).expect(200);
        expect(list.body.rest_url).toContain('&status=draft,Publish');
        const anonymous = await t.http().get(`${t.api}/${kind}?status=any`).expect(400);
        expect(anonymous.body.data.params.status).toBe('status value "any" is not allowed for you.');
      }
    });
  });

  describe('§5 record lists take password', () => {
    it('lists password in the index args of GET /venues and GET /organizers and never copies it into links', async () => {
      const index = await t.http().get(t.api).expect(200);
      for (const kind of ['venues', 'organizers']) {
        const args = index.body.routes[`/calendar/events/v1/${kind}`].endpoints[0].args;
        expect(args.password).toMatchObject({ required: false, type: 'string' });
        const list = await t.http().get(`${t.api}/${kind}?password=secret`).expect(200);
        expect(list.body.rest_url).not.toContain('password');
      }
    });
  });
});
