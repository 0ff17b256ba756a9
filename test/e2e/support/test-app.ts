import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AppDependencies, createApp } from '../../../src/app.factory';
import { AppConfig, loadConfig } from '../../../src/config/app-config';
import { openCalendarDatabase } from '../../../src/calendar-database';
import { signDevelopmentToken } from '../../../src/shared/auth/token-verifier';
import type { Clock } from '../../../src/shared/domain/clock';
import { freshTestDatabase } from './test-database';

export const TEST_SECRET = 'test-secret-test-secret-test-secret';
export const PUBLIC_URL = 'http://calendar.test:8080';

/** The suite's users (as the acceptance suite): 1 administrator … 5 subscriber. */
export const USERS = { administrator: 1, editor: 2, author: 3, contributor: 4, subscriber: 5 } as const;
export type TestRole = keyof typeof USERS;

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  dataSource: DataSource;
  db: 'sqlite' | 'mysql';
  /** The listening server's origin (`http://127.0.0.1:<port>`), for clients other than supertest. */
  server: string;
  /** supertest bound to the app's HTTP server. */
  http: () => ReturnType<typeof request>;
  /** `{api}` path (no host): `/wp-json/calendar/events/v1`. */
  api: string;
  /** The public `{api}` URL written into responses. */
  publicApi: string;
  /** A bearer header value for a role (the suite's user of that role unless `sub` is given). */
  auth: (role: TestRole, sub?: number) => Promise<string>;
  /** POST /events with that bearer header; fails the test unless it answers 201. The created event. */
  createEvent: (body: Record<string, unknown>, authorization: string) => Promise<Record<string, any>>;
  close: () => Promise<void>;
}

/** Boots the real application on a fresh real database (SQLite, or MySQL when TEST_MYSQL_URL is set). */
export async function startTestApp(
  env: Record<string, string> = {},
  clock?: Clock,
  /** e.g. `log`: a JSON logger writing to a stream the test reads (tests are silent otherwise). */
  extra: Pick<AppDependencies, 'log' | 'textCleaningWorker'> = {},
): Promise<TestApp> {
  const database = await freshTestDatabase();
  const config = loadConfig({
    AUTH_JWT_SECRET: TEST_SECRET,
    AUTH_USERS: '1,2,3,4,5',
    RATE_LIMIT_MAX: '0',
    PUBLIC_URL,
    ...database.env,
    ...env,
  });
  const dataSource = await openCalendarDatabase(config.db, 5_000);
  // Silent unless TEST_APP_LOGS is set (e.g. to see which driver error made a request answer 500).
  const app = await createApp(config, { dataSource, clock, logger: process.env.TEST_APP_LOGS ? undefined : false, ...extra });
  // Listen once on an ephemeral port: supertest would otherwise start a listener per request, which breaks under
  // concurrent requests.
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const server = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    dataSource,
    db: database.label,
    server,
    http: () => request(server),
    api: `${config.apiPrefix}/calendar/events/v1`,
    publicApi: `${config.publicUrl}${config.apiPrefix}/calendar/events/v1`,
    auth: async (role, sub) => `Bearer ${await signDevelopmentToken(TEST_SECRET, sub ?? USERS[role], role, 3600)}`,
    createEvent: async (body, authorization) => {
      const res = await request(server).post(`${config.apiPrefix}/calendar/events/v1/events`).set('Authorization', authorization).send(body);
      expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
      return res.body as Record<string, any>;
    },
    close: async () => {
      await app.close();
      if (dataSource.isInitialized) await dataSource.destroy();
      await database.drop();
    },
  };
}
