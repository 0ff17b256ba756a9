import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { seedDatabase } from '../../src/tools/seed/seeder';
import { builtService } from '../support/service-process';
import { expectCopied, snapshotOf } from './support/calendar-snapshot';
import { databaseEnv, importInto, tallyOf } from './support/import-support';
import { startTestApp, TestApp } from './support/test-app';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Issue 15: an import stopped half way — by Ctrl-C, or killed outright — continues where it stopped when started again,
 * and ends in the same state as one uninterrupted run: every record once, equal to its original. The import runs as
 * the real command (`node …/tools/import/main.js`, compiled from the current sources) so it can be signalled.
 */
describe('import: interrupted, then run again', () => {
  let a: TestApp;
  let c: TestApp;
  let adminA: string;
  let token: string;
  let from: string;

  beforeAll(async () => {
    a = await startTestApp({ PUBLIC_URL: 'http://calendar-a.test', READ_CACHE_TTL_MS: '0' });
    c = await startTestApp({ PUBLIC_URL: 'http://calendar-c.test', READ_CACHE_TTL_MS: '0' });
    await seedDatabase(a.dataSource, { events: 500, venues: 10, organizers: 10, categories: 40, tags: 100, seed: 3, anchor: '2026-11-22' }, {
      siteZone: a.config.calendarTimezone,
    });
    adminA = await a.auth('administrator');
    token = adminA.replace(/^Bearer /, '');
    from = `${a.server}${a.api}`;
  });

  afterAll(async () => {
    await a?.close();
    await c?.close();
  });

  /** The import command as a process writing into C's database. */
  function startImport(): { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: string | null }> } {
    const main = path.join(path.dirname(builtService()), 'tools', 'import', 'main.js');
    const child = spawn(process.execPath, [main, '--from', from, '--token', token, '--concurrency', '2'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NODE_PATH: path.join(ROOT, 'node_modules'), ...databaseEnv(c.config), PUBLIC_URL: c.config.publicUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString('utf8')));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    return { child, output: () => output, exited };
  }

  async function eventCopies(): Promise<number> {
    const rows = (await c.dataSource.query("SELECT COUNT(*) AS n FROM import_mappings WHERE kind = 'event'").catch(() => [{ n: 0 }])) as Array<{ n: number | string }>;
    return Number(rows[0].n);
  }

  /** Waits until the import has copied at least `count` events (and is still running), then signals it. */
  async function interruptAt(run: ReturnType<typeof startImport>, count: number, signal: NodeJS.Signals): Promise<number> {
    let running = true;
    void run.exited.then(() => (running = false));
    while (running && (await eventCopies()) < count) await new Promise((r) => setTimeout(r, 20));
    expect({ runningWhenSignalled: running, output: running ? '' : run.output() }).toEqual({ runningWhenSignalled: true, output: '' });
    run.child.kill(signal);
    return eventCopies();
  }

  it('Ctrl-C stops after the records in progress, prints the summary and exits 130; killing it loses nothing either', async () => {
    const total = (await snapshotOf(a, adminA)).events.length;

    const stopped = startImport();
    await interruptAt(stopped, 50, 'SIGINT');
    const { code } = await stopped.exited;
    expect({ code, interrupted: /^import: interrupted after [\d.]+ s$/m.test(stopped.output()), done: /^import: done/m.test(stopped.output()) }).toEqual({
      code: 130,
      interrupted: true,
      done: false,
    });
    const afterStop = await eventCopies();
    expect(afterStop).toBeLessThan(total);

    const killed = startImport();
    await interruptAt(killed, afterStop + 100, 'SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');
    const afterKill = await eventCopies();
    expect(afterKill).toBeGreaterThan(afterStop);
    expect(afterKill).toBeLessThan(total);

    const resumed = await importInto(c, ['--from', from, '--token', token]);
    expect({ code: resumed.code, failures: resumed.stderr.split('\n').filter((l) => l.includes('failed')) }).toEqual({ code: 0, failures: [] });
    const events = tallyOf(resumed, 'events');
    expect(events.created).toBeGreaterThan(0);
    expect(events.unchanged).toBeGreaterThanOrEqual(afterKill - 20); // hidden events are found and copied last
    expect(tallyOf(resumed, 'venues').created + tallyOf(resumed, 'organizers').created).toBe(0);

    // The same final state as one uninterrupted run: each record once, equal to its original.
    expectCopied(await snapshotOf(a, adminA), await snapshotOf(c, await c.auth('administrator')));
    const [{ n: copies }] = (await c.dataSource.query('SELECT COUNT(*) AS n FROM events')) as Array<{ n: number | string }>;
    expect(Number(copies)).toBe(await eventCopies());
  });
});
