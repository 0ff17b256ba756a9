import fc from 'fast-check';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 14: a property test driven by the service's own `/doc`. Every documented operation is called with values drawn
 * for each documented parameter — right and wrong JSON types, strings at and past their `maxLength`, deeply nested
 * arrays and objects, unicode, NUL, reserved keys, bracket forms — as JSON and as form bodies, anonymously and as an
 * administrator. Whatever is sent, the answer is never a 5xx, is JSON (a bare 304, 204 or HEAD answer, and the iCalendar
 * answer of an event read sent `ical`, excepted), and a 4xx carries the contract's error envelope (§4.1). Fixed seed:
 * the same requests every run (FUZZ_SEED overrides, FUZZ_RUNS sets how many).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

type Schema = { type?: string; maxLength?: number; maxItems?: number; items?: Schema; enum?: string[]; minimum?: number; maximum?: number };
interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; schema: Schema }>;
  inBody: boolean;
}

/** Any JSON value, nesting up to `depth`, with the awkward strings: NUL, lone surrogates, markup, reserved names. */
const awkwardString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', '0', '-1', '1e3', '0x1', 'null', 'true', '__proto__', 'constructor', '<script>x</script>', '"><img src=x onerror=alert(1)>', 'ﷺ', '🎷', '%00', '../../etc/passwd', 'tomorrow', '2027-02-30', 'next monday', 'UTC+5:30', 'https://e.com/a.jpg'),
);
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    awkwardString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', '0')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A value nested `depth` levels deep (arrays or objects). */
const nested = fc.tuple(fc.integer({ min: 1, max: 300 }), fc.boolean()).map(([depth, arrays]) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});

/** Values for one documented parameter: fitting ones, boundary lengths, and anything at all. */
function valueFor(schema: Schema): fc.Arbitrary<unknown> {
  const max = schema.maxLength ?? 1000;
  const fitting: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) fitting.push(fc.constantFrom(...schema.enum));
  if (schema.type === 'integer') fitting.push(fc.integer({ min: schema.minimum ?? -5, max: schema.maximum ?? 1e6 }), fc.constantFrom('1', '9007199254740993', '-0'));
  if (schema.type === 'boolean') fitting.push(fc.constantFrom(true, false, 'yes', 'TRUE', 0, 2));
  if (schema.type === 'string') fitting.push(fc.string({ maxLength: 30 }), fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1), '🎷'.repeat(max), '🎷'.repeat(max + 1)));
  if (schema.type === 'array') {
    fitting.push(fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.nat()), { maxLength: 6 }));
    fitting.push(fc.constant(Array.from({ length: (schema.maxItems ?? 100) + 1 }, (_, i) => `item-${i}`)));
  }
  return fc.oneof(...fitting, json, nested);
}

/** Lone surrogates cannot be percent-encoded (URIError): they travel as U+FFFD in query strings and form bodies. */
const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A form body or query string for values, with bracket forms for lists and objects (`a[]=`, `a[0]=`, `a[b][c]=`). */
function formEncode(values: Record<string, unknown>): string {
  const out: string[] = [];
  const add = (key: string, v: unknown, depth: number) => {
    if (depth > 12) return;
    if (Array.isArray(v)) v.forEach((item, i) => add(`${key}[${depth % 2 ? '' : i}]`, item, depth + 1));
    else if (v && typeof v === 'object') for (const [k, item] of Object.entries(v)) add(`${key}[${k}]`, item, depth + 1);
    else out.push(`${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(v === null ? '' : String(v)))}`);
  };
  for (const [k, v] of Object.entries(values)) add(k, v, 0);
  return out.join('&');
}

describe('fuzzing every documented operation (issue 14)', () => {
  let t: TestApp;
  let admin: string;
  let operations: Operation[];
  const ids: number[] = [];

  beforeAll(async () => {
    t = await startTestApp({ READ_CACHE_TTL_MS: '0' });
    admin = await t.auth('administrator');
    const event = await t.createEvent({ title: 'Fuzz', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00', venue: { venue: 'Fuzz Hall' }, organizer: [{ organizer: 'Fuzz Org' }], categories: ['fuzz'], tags: ['fuzz'] }, admin);
    ids.push(event.id, event.venue.id, event.organizer[0].id, event.categories[0].id, event.tags[0].id);
    const doc = (await t.http().get(`${t.api}/doc`).expect(200)).body;
    const schemas = doc.components.schemas;
    operations = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const ref = op.requestBody?.content?.['application/json']?.schema?.$ref as string | undefined;
        const body = ref ? schemas[ref.split('/').pop()!] : undefined;
        const params = body
          ? Object.entries<Schema>(body.properties ?? {}).map(([name, schema]) => ({ name, schema }))
          : (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => ({ name: p.name, schema: p.schema }));
        operations.push({ method: method.toUpperCase(), path, params, inBody: Boolean(body) });
      }
    }
    expect(operations.length).toBeGreaterThan(30);
  });
  afterAll(async () => t.close());

  it(`answers ${RUNS} generated requests without a 5xx, always in JSON with the error envelope`, async () => {
    const seen = new Set<number>();
    const request = fc
      .integer({ min: 0, max: 10_000 })
      .chain((n) => {
        const op = operations[n % operations.length];
        const picked = op.params.length ? fc.subarray(op.params, { maxLength: Math.min(6, op.params.length) }) : fc.constant([]);
        return fc.record({
          op: fc.constant(op),
          values: picked.chain((ps) => (ps.length ? fc.tuple(...ps.map((p) => valueFor(p.schema))).map((vs) => Object.fromEntries(ps.map((p, i) => [p.name, vs[i]]))) : fc.constant({}))),
          pathValue: fc.oneof(fc.constantFrom(...ids.map(String)), fc.constantFrom('0', '1', '99999999999999999999', '-1', 'abc', '%F0%9F%8E%B7', 'a'.repeat(300))),
          asAdmin: fc.boolean(),
          form: fc.boolean(),
          spanish: fc.boolean(),
        });
      });
    // A failure's counterexample can hold megabytes of text: its report is cut to what a reader can use.
    const check = fc.check(
      fc.asyncProperty(request, async ({ op, values, pathValue, asAdmin, form, spanish }) => {
        const path = op.path.replace(/\{[^}]+\}/g, pathValue);
        const base = `${spanish ? '/es' : ''}${t.api}${path}`;
        let req = t.http()[op.method.toLowerCase() as 'get'](op.inBody ? base : `${base}${Object.keys(values).length ? `?${formEncode(values)}` : ''}`);
        if (asAdmin) req = req.set('Authorization', admin);
        if (op.inBody) {
          req = form ? req.type('form').send(formEncode(values)) : req.type('json').send(JSON.stringify(values));
        }
        const res = await req;
        seen.add(Math.floor(res.status / 100));
        const where = `${op.method} ${path} → ${res.status}`;
        expect({ where, server: res.status >= 500 }).toEqual({ where, server: false });
        if (res.status === 204 || res.status === 304) return;
        // Issue 16: an event read that asks for iCalendar (`ical`) succeeds in text/calendar; its errors stay JSON.
        if (res.status === 200 && 'ical' in values && res.headers['content-type'] === 'text/calendar; charset=utf-8') return;
        expect({ where, type: res.headers['content-type'] }).toEqual({ where, type: 'application/json; charset=UTF-8' });
        if (res.status >= 400) {
          expect({ where, code: typeof res.body.code, message: typeof res.body.message, status: res.body.data?.status }).toEqual({
            where, code: 'string', message: 'string', status: res.status,
          });
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const details = await check;
    if (details.failed) throw new Error(fc.defaultReportMessage(details)!.slice(0, 4000));
    // The requests reach the handlers too, not only the validation: some succeed.
    expect([...seen].sort()).toEqual([2, 4]);
  }, 600_000);
});
