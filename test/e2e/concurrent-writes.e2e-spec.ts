import { startTestApp, TestApp } from './support/test-app';

// Concurrent identical creates must all succeed (CONTRACT §9.1, §9.4, §10.4): distinct event slugs, one inline venue
// reused by all, never a 500. On MySQL this exercises unique-index races and deadlock victims (retried as a whole).
describe('concurrent event creates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('gives every request a 201, distinct slugs and one shared inline venue', async () => {
    const auth = await t.auth('administrator');
    const body = {
      title: 'Race Night',
      start_date: 'tomorrow 9am',
      end_date: 'tomorrow 11am',
      venue: { venue: 'Race Hall' },
      categories: ['racing'],
    };
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => t.http().post(`${t.api}/events`).set('Authorization', auth).send(body)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(new Set(responses.map((r) => r.body.slug)).size).toBe(12);
    expect(new Set(responses.map((r) => r.body.venue.id)).size).toBe(1);
    expect(new Set(responses.map((r) => r.body.categories[0].id)).size).toBe(1);
  });
});
