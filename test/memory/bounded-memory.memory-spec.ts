import { SignJWT } from 'jose';
import { freshTestDatabase, TestDatabaseEnv } from '../e2e/support/test-database';
import { ServiceProcess, startService } from '../support/service-process';
import { atMost, droppedPipeline, fetchAnswer, inFlight, longDescription, residentMb, resetPeak, sendJson, sleep, startFlags } from './memory-loads';

const SECRET = 'memory-tier-secret-of-thirty-two-bytes!';
const DAY = '2031-03-14';
/** The pipelining repro: eight connections of 200 list requests each, closed unread. */
const PIPELINES = 8;
const PIPELINED = 200;
/** The large answers: 50 events of about 1 MB of description on one day, read 24 times, 8 at a time. */
const LARGE_EVENTS = 50;
const DESCRIPTION_CHARS = 990_000;
const READS = 24;
const READERS = 8;

const databases: Array<'sqlite' | 'mysql'> = ['sqlite', 'mysql'];
/** A build to measure instead of the current sources (BENCHMARKS' before/after): a main.js path. */
const main = process.env.MEMORY_SERVICE_MAIN;

async function database(kind: 'sqlite' | 'mysql'): Promise<TestDatabaseEnv> {
  const previous = process.env.TEST_MYSQL_URL;
  if (kind === 'mysql') process.env.TEST_MYSQL_URL = previous ?? 'mysql://root@127.0.0.1:3306/test';
  else delete process.env.TEST_MYSQL_URL;
  try {
    return await freshTestDatabase(); // fails loudly when MariaDB is unreachable
  } finally {
    if (previous === undefined) delete process.env.TEST_MYSQL_URL;
    else process.env.TEST_MYSQL_URL = previous;
  }
}

describe.each(databases)('bounded memory on %s, started as npm start starts it', (kind) => {
  let db: TestDatabaseEnv;
  let service: ServiceProcess;
  let api: string;
  let token: string;

  beforeAll(async () => {
    db = await database(kind);
    const env = { ...db.env, AUTH_JWT_SECRET: SECRET, AUTH_USERS: '1', RATE_LIMIT_MAX: '0', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '10000' };
    service = await startService(env, startFlags(), ...(main ? [main] : []));
    api = `${service.base}/wp-json/calendar/events/v1`;
    token = await new SignJWT({ roles: ['administrator'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    // Ordinary events for the pipelined lists (in the default window: the next two years), ~3 KB of text each, so a
    // page of 50 is ~240 KB: more than the connection's buffers hold, the answers queue on the server.
    for (let i = 0; i < 60; i++) {
      const day = `${new Date().getUTCFullYear() + 1}-01-${String((i % 28) + 1).padStart(2, '0')}`;
      const created = await sendJson(`${api}/events`, 'POST', token, { title: `Ordinary ${i}`, description: longDescription(3000, i), start_date: `${day} 10:00:00`, end_date: `${day} 11:00:00`, status: 'publish' });
      expect(created.status).toBe(201);
    }
  }, 120_000);

  afterAll(async () => {
    if (service && service.child.exitCode === null) service.child.kill('SIGKILL');
    await db?.drop();
  });

  it('releases every request of connections that pipeline 200 lists and close unread', async () => {
    const pid = service.child.pid!;
    await fetchAnswer(`${api}/events?per_page=50&start_date=2000-01-01`); // warm: the first answer's one-off costs
    const before = residentMb(pid).now;
    await Promise.all(Array.from({ length: PIPELINES }, () => droppedPipeline(service.port, PIPELINED, 3000)));
    let left = await inFlight(service.base);
    for (let waited = 0; left > 0 && waited < 15_000; waited += 250) {
      await sleep(250);
      left = await inFlight(service.base);
    }
    const after = residentMb(pid).now;
    process.stdout.write(`memory tier (${kind}): pipelines RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB, peak ${residentMb(pid).peak.toFixed(0)} MB, in flight ${left}\n`);
    expect(left).toBe(0);
    expect(after - before).toBeLessThan(60);
    // and the service still answers
    expect((await fetchAnswer(`${api}/events?per_page=5`)).status).toBe(200);
  });

  /** The day of 50 long events, created once by whichever test needs it first. */
  let longDay: Promise<void> | undefined;
  const seedLongDay = () =>
    (longDay ??= (async () => {
      for (let i = 0; i < LARGE_EVENTS; i++) {
        const created = await sendJson(`${api}/events`, 'POST', token, {
          title: `Long programme ${i}`,
          description: longDescription(DESCRIPTION_CHARS, i),
          start_date: `${DAY} ${String(8 + (i % 12)).padStart(2, '0')}:00:00`,
          end_date: `${DAY} 21:00:00`,
          status: 'publish',
        });
        if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.body.slice(0, 300)}`);
      }
    })());

  it('answers 24 reads (8 at a time) of a day of 50 events of ~1 MB each, peak RSS under 500 MB', async () => {
    await seedLongDay();
    const pid = service.child.pid!;
    resetPeak(pid);
    const start = residentMb(pid).now;
    const url = `${api}/events?start_date=${DAY}&end_date=${DAY}&per_page=50`;
    const answers = await atMost(READERS, Array.from({ length: READS }, (_, i) => () => fetchAnswer(url, i === 0)));
    const peak = residentMb(pid).peak;
    process.stdout.write(`memory tier (${kind}): large answers RSS ${start.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB\n`);
    expect(answers.map((a) => a.status)).toEqual(Array(READS).fill(200));
    const first = JSON.parse(answers[0].body!) as { events: Array<{ description: string }>; total: number };
    expect(first.total).toBe(LARGE_EVENTS);
    expect(first.events).toHaveLength(LARGE_EVENTS);
    expect(first.events.every((e) => e.description.length > DESCRIPTION_CHARS - 1000)).toBe(true);
    expect(new Set(answers.map((a) => a.bytes)).size).toBe(1); // every reader got the whole answer
    expect(peak).toBeLessThan(500);
  });

  it('answers 4 iCalendar feeds (2 at a time) of that day, peak RSS under 500 MB', async () => {
    await seedLongDay();
    const pid = service.child.pid!;
    resetPeak(pid);
    const url = `${api}/events?start_date=${DAY}&end_date=${DAY}&ical=1`;
    const answers = await atMost(2, Array.from({ length: 4 }, (_, i) => () => fetchAnswer(url, i === 0)));
    const peak = residentMb(pid).peak;
    process.stdout.write(`memory tier (${kind}): feeds peak ${peak.toFixed(0)} MB\n`);
    expect(answers.map((a) => `${a.status} ${a.bytes}`)).toEqual(Array(4).fill(`200 ${answers[0].bytes}`));
    expect(answers[0].body!.match(/BEGIN:VEVENT/g)).toHaveLength(LARGE_EVENTS);
    expect(answers[0].bytes).toBeGreaterThan(LARGE_EVENTS * (DESCRIPTION_CHARS / 2));
    expect(peak).toBeLessThan(500);
  });

  it('exits 0 within the grace period on SIGTERM afterwards', async () => {
    const started = Date.now();
    service.child.kill('SIGTERM');
    const code = await service.exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
