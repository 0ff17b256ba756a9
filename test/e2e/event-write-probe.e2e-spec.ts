import { startTestApp, TestApp } from './support/test-app';

/**
 * Event writes read back through every view (single, list, iCalendar): cases a differential probe of SQLite and MariaDB
 * found where the views disagreed with each other or with what was written.
 */
describe('event writes read back (differential probe)', () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await t.auth('editor');
  });
  afterAll(async () => t.close());

  const create = (body: Record<string, unknown>) =>
    t.http().post(`${t.api}/events`).set('Authorization', editor)
      .send({ title: 'Read-back', start_date: '2027-05-01 10:00', end_date: '2027-05-01 11:00', ...body }).expect(201);
  const icalDescription = (ics: string) => {
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    return /^DESCRIPTION:(.*)$/m.exec(unfolded)?.[1].replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');
  };

  it('json_ld description keeps the words of separate paragraphs, list items and table cells apart (§6.10)', async () => {
    const cases: Array<[string, string, string]> = [
      ['<p>Line one</p><p>Line two</p>', 'Line one Line two', 'Line one\n\nLine two'],
      ['<ul><li>x</li><li>y</li></ul>', 'x y', 'x\ny'],
      ['<table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>', 'a b c d', 'a b\nc d'],
      ['Tom &amp; Jerry<br>next', 'Tom & Jerry next', 'Tom & Jerry\nnext'],
    ];
    for (const [description, jsonLd, ical] of cases) {
      const created = await create({ description });
      const single = await t.http().get(`${t.api}/events/${created.body.id}`).expect(200);
      expect(single.body.json_ld.description).toBe(jsonLd);
      const feed = await t.http().get(`${t.api}/events/${created.body.id}?ical=1`).expect(200);
      expect(icalDescription(feed.text)).toBe(ical);
    }
  });

  it('json_ld takes the description when the excerpt has no text, as the iCalendar DESCRIPTION does (§6.10)', async () => {
    for (const excerpt of ['<p>&nbsp;</p>', '<img src="https://cdn.example/only-image.png">', '<br>']) {
      const created = await create({ excerpt, description: '<p>Real text</p>' });
      const single = await t.http().get(`${t.api}/events/${created.body.id}`).expect(200);
      expect(single.body.json_ld.description).toBe('Real text');
      const feed = await t.http().get(`${t.api}/events/${created.body.id}?ical=1`).expect(200);
      expect(icalDescription(feed.text)).toBe('Real text');
    }
    const withSummary = await create({ excerpt: '<p>Short</p>', description: '<p>Long text</p>' });
    const single = await t.http().get(`${t.api}/events/${withSummary.body.id}`).expect(200);
    expect(single.body.json_ld.description).toBe('Short');
  });

  it('an inline venue description is stripped the same way in its json_ld', async () => {
    const created = await create({ venue: { venue: 'Two-paragraph hall', description: '<p>Hall</p><p>Bar</p>' } });
    const single = await t.http().get(`${t.api}/events/${created.body.id}`).expect(200);
    expect(single.body.json_ld.location.description).toBe('Hall Bar');
  });
});
