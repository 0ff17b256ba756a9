import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The file the development secret is kept in: beside the SQLite database (`./data/` by default, git-ignored). */
export const developmentSecretFile = (sqlitePath: string): string => path.join(path.dirname(path.resolve(sqlitePath)), 'development-secret');

/**
 * The development secret kept in `file`, made (32 random bytes, hex, readable by its owner only) the first time: tokens
 * signed with it keep working across restarts and `start:dev` reloads, and `npm run token` signs with the same one.
 * Two processes starting together keep whichever was written first.
 */
export function developmentSecret(file: string): string {
  const kept = readSecret(file);
  if (kept !== null) return kept;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const made = readSecret(file);
  if (made === null) throw new Error(`${file} does not hold a development secret (64 hex digits): delete it to make a new one`);
  return made;
}

function readSecret(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return /^[0-9a-f]{64}$/.test(text) ? text : null;
}
