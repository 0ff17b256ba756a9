import { startTestApp, TestApp } from './support/test-app';

/**
 * Totals of strict-dates windows that start and end inside the same day: the per-day counts cover the whole days, and
 * the events of a boundary day are counted exactly — one that starts and ends on it once, not once per boundary.
 */
describe('strict-dates windows inside one day count each event once', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    const editor = await t.auth('editor');
    await t.createEvent({ title: 'Inside', start_date: '2027-05-05 10:00:00', end_date: '2027-05-05 11:00:00' }, editor);
    await t.createEvent({ title: 'Starts before', start_date: '2027-05-05 07:00:00', end_date: '2027-05-05 10:30:00' }, editor);
    await t.createEvent({ title: 'Ends after', start_date: '2027-05-05 10:30:00', end_date: '2027-05-05 15:00:00' }, editor);
    await t.createEvent({ title: 'Next day', start_date: '2027-05-06 10:00:00', end_date: '2027-05-06 11:00:00' }, editor);
  });
  afterAll(async () => t.close());

  it.each([
    ['2027-05-05 09:00:00', '2027-05-05 12:00:00', ['Inside']],
    ['2027-05-05 06:00:00', '2027-05-05 12:00:00', ['Starts before', 'Inside']],
    ['2027-05-05 09:00:00', '2027-05-05 16:00:00', ['Inside', 'Ends after']],
    ['2027-05-05 06:00:00', '2027-05-06 23:00:00', ['Starts before', 'Inside', 'Ends after', 'Next day']],
  ])('from %s to %s', async (start, end, titles) => {
    const res = await t.http().get(`${t.api}/events`).query({ start_date: start, end_date: end, strict_dates: 'true' }).expect(200);
    expect(res.body.events.map((e: { title: string }) => e.title)).toEqual(titles);
    expect(res.body.total).toBe(titles.length);
    expect(res.headers['x-tec-total']).toBe(String(titles.length));
  });
});
