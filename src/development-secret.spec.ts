import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { developmentSecret, developmentSecretFile } from './development-secret';

describe('developmentSecret', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-secret-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is made once, kept beside the SQLite file for its owner only, and the same on every later start', () => {
    const file = developmentSecretFile(path.join(dir, 'data', 'calendar.sqlite'));
    expect(file).toBe(path.join(dir, 'data', 'development-secret'));
    const first = developmentSecret(file);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(developmentSecret(file)).toBe(first);
  });

  it('refuses a file that holds something else rather than signing with it', () => {
    const file = path.join(dir, 'development-secret');
    fs.writeFileSync(file, 'short\n');
    expect(() => developmentSecret(file)).toThrow(/does not hold a development secret/);
  });
});
