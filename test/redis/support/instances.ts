import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { signDevelopmentToken } from '../../../src/shared/auth/token-verifier';
import { ServiceProcess, startService } from '../../support/service-process';

export const SECRET = 'redis-tier-secret-redis-tier-secret';
export const API = '/wp-json/calendar/events/v1';

/** Bearer header of an editor; each test uses its own user ids, since writes are rate limited per user. */
export async function editor(userId: number): Promise<string> {
  return `Bearer ${await signDevelopmentToken(SECRET, userId, 'editor', 3600)}`;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  ms: number;
}

/** One request (fetch keeps connections alive, as a gateway does). Network failures reject. */
export async function call(url: string, init: { method?: string; headers?: Record<string, string>; json?: unknown } = {}): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, ms: performance.now() - started };
}

/** A value of `/metrics` (the first series whose name and labels start with `series`). */
export async function metric(base: string, series: string): Promise<number> {
  const text = (await call(`${base}/metrics`)).body;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (line === undefined) throw new Error(`no ${series} in /metrics:\n${text}`);
  return Number(line.slice(series.length + 1));
}

/** Polls `check` every 20 ms; fails naming `what` after `withinMs`. Resolves with the time it took. */
export async function waitUntil(what: string, withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A fresh SQLite file the instances share (only Redis and the database are shared). */
export function sharedDatabaseEnv(): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-redis-tier-'));
  return { DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(dir, 'calendar.sqlite') };
}

/**
 * Service instances as real processes (`node main.js` of the current sources) on one database and one Redis, started
 * one after the other so that only the first applies the migrations.
 */
export async function startInstances(count: number, env: Record<string, string>): Promise<ServiceProcess[]> {
  const instances: ServiceProcess[] = [];
  for (let i = 0; i < count; i++) {
    instances.push(await startService({ AUTH_JWT_SECRET: SECRET, AUTH_USERS: '1,2,3,4,5', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env }));
  }
  return instances;
}

export async function stopInstances(instances: ServiceProcess[]): Promise<void> {
  for (const instance of instances) {
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
  }
}

/** The JSON log lines of an instance whose message is `msg`. */
export function logLines(instance: ServiceProcess, msg: string): Array<Record<string, unknown>> {
  return instance
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === msg);
}
