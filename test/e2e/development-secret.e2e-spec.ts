import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startService } from '../support/service-process';

/**
 * Development mode (no AUTH_* key, not production): tokens are signed with a secret the service keeps beside its SQLite
 * file, so a token printed by one start — or made by `npm run token` — still works after a restart.
 */
describe('the development secret survives restarts', () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-secret-e2e-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const env = () => ({ DB_SQLITE_PATH: path.join(dir, 'calendar.sqlite'), LOG_LEVEL: 'info' });
  const create = async (base: string, token: string, title: string) =>
    (
      await fetch(`${base}/wp-json/calendar/events/v1/events`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title, start_date: 'tomorrow 10am', end_date: 'tomorrow 11am' }),
      })
    ).status;

  it('a printed token and one from npm run token work before and after a restart', async () => {
    const first = await startService(env());
    let printed: string;
    try {
      await first.waitForOutput(/Administrator token \(user 1, valid 24 h\): ([A-Za-z0-9_.-]+)/);
      printed = /Administrator token \(user 1, valid 24 h\): ([A-Za-z0-9_.-]+)/.exec(first.output())![1];
      // The token comes last, after the service listens; the route mapping lines are left to LOG_LEVEL=debug.
      const output = first.output();
      expect(output.indexOf('Administrator token')).toBeGreaterThan(output.indexOf('Listening on'));
      expect(output).toMatch(/Explorer: http:\/\/localhost:\d+\/docs/);
      expect(output).not.toContain('Mapped {');
      expect(await create(first.base, printed, 'Before the restart')).toBe(201);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    expect(fs.statSync(path.join(dir, 'development-secret')).mode & 0o777).toBe(0o600);
    const script = path.resolve(__dirname, '../../scripts/token.js');
    const made = execFileSync(process.execPath, [script, '--role', 'editor'], { env: { PATH: process.env.PATH ?? '', ...env() } }).toString().trim();

    const second = await startService(env());
    try {
      expect(await create(second.base, printed, 'After the restart')).toBe(201);
      expect(await create(second.base, made, 'From npm run token')).toBe(201);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
