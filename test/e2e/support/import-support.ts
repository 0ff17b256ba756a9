import { PassThrough } from 'node:stream';
import type { AppConfig } from '../../../src/config/app-config';
import { runImport, RunImportOptions } from '../../../src/tools/import/run-import';
import type { TestApp } from './test-app';

/** The environment that makes the import write into the database of `config` (a test app's). */
export function databaseEnv(config: AppConfig): Record<string, string> {
  const db = config.db;
  if (db.type === 'sqlite') return { DB_TYPE: 'sqlite', DB_SQLITE_PATH: db.sqlitePath };
  const auth = `${encodeURIComponent(db.user)}${db.password ? `:${encodeURIComponent(db.password)}` : ''}@`;
  return { DB_TYPE: 'mysql', DATABASE_URL: `mysql://${auth}${db.host}:${db.port}/${db.database}` };
}

export interface ImportRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run import -- …argv` in this process, into `target`'s database; what it printed and its exit status. */
export async function importInto(target: TestApp, argv: string[], options: RunImportOptions = {}): Promise<ImportRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const env = { ...databaseEnv(target.config), PUBLIC_URL: target.config.publicUrl, LOG_LEVEL: 'error' };
  const code = await runImport(argv, env, { stdout, stderr }, options);
  return { code, stdout: out, stderr: err };
}

export interface Tally {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
}

/** The summary line of one kind (`import: created 3, updated 0, … (events…)`). */
export function tallyOf(run: ImportRun, kind: 'categories' | 'tags' | 'venues' | 'organizers' | 'events'): Tally {
  const line = run.stdout.split('\n').find((l) => l.startsWith('import: ') && l.includes(`(${kind}`));
  const m = line && /created (\d+), (?:would be )?updated (\d+), unchanged (\d+), skipped (\d+), failed (\d+)/.exec(line);
  if (!m) throw new Error(`no summary line for ${kind} in:\n${run.stdout}\n${run.stderr}`);
  const [created, updated, unchanged, skipped, failed] = m.slice(1).map(Number);
  return { created, updated, unchanged, skipped, failed };
}

/** Every item of a list route, page after page (`params` without `page`). */
export async function readAll(
  t: TestApp,
  path: string,
  key: string,
  params: Record<string, string>,
  authorization?: string,
): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  for (let page = 1; ; page++) {
    const req = t.http().get(`${t.api}/${path}`).query({ ...params, per_page: '50', page: String(page) });
    if (authorization) req.set('Authorization', authorization);
    const res = await req;
    if (res.status === 404 && page > 1) break;
    expect({ path, status: res.status, body: res.status === 200 ? undefined : res.body }).toEqual({ path, status: 200, body: undefined });
    out.push(...(res.body[key] as Array<Record<string, any>>));
    if (!res.body.next_rest_url) break;
  }
  return out;
}

/** Every status a list may ask for, but the trash. */
export const ALL_BUT_TRASH = 'publish,future,draft,pending,private';

/** Bounds that hide no event. */
export const ALL_DATES = { start_date: '1900-01-01', end_date: '2999-12-31' };
