import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { openCalendarDatabase } from '../../src/calendar-database';
import { signDevelopmentToken } from '../../src/shared/auth/token-verifier';
import { freshTestDatabase } from '../e2e/support/test-database';

/**
 * The Swagger explorer in a real browser (CONTRACT §12.3): the page loads from the service's own assets under the docs
 * Content-Security-Policy, a pasted token authorizes "Try it out", and GET and POST /events really run.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.join(__dirname, '..', 'artifacts');
const SECRET = 'browser-secret-browser-secret-browser';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('Swagger explorer in chromium', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let context: BrowserContext;
  let base: string;
  let userDataDir: string;
  const problems: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`; // PUBLIC_URL is where the browser goes, so /doc `servers` is same-origin
    const database = await freshTestDatabase();
    const config = loadConfig({ AUTH_JWT_SECRET: SECRET, AUTH_USERS: '1,2,3,4,5', RATE_LIMIT_MAX: '0', PUBLIC_URL: base, ...database.env });
    dataSource = await openCalendarDatabase(config.db, 5_000);
    app = await createApp(config, { dataSource, logger: false });
    await app.listen(port, '127.0.0.1');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1280, height: 1600 },
    });
    context.on('page', (page) => watch(page));
  });

  afterAll(async () => {
    await context?.close();
    await app?.close();
    if (dataSource?.isInitialized) await dataSource.destroy();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  /** Any request leaving the service, any console error (a CSP violation is one) fails the test. */
  function watch(page: Page): void {
    // The service at PUBLIC_URL, and at another name of the same address (one test reads the page there).
    const serviceOrigins = [base, base.replace('127.0.0.1', 'localhost')];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => {
      const url = request.url();
      if (!serviceOrigins.some((origin) => url.startsWith(origin)) && !url.startsWith('data:')) problems.push(`request outside the service: ${url}`);
    });
  }

  async function openOperation(page: Page, id: string) {
    const block = page.locator(`#${id}`);
    await block.locator('.opblock-summary').first().click();
    await block.locator('button.try-out__btn').click();
    return block;
  }

  it('authorizes with a token and runs GET and POST /events', async () => {
    const page = await context.newPage();
    watch(page);
    const response = await page.goto(`${base}/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.title()).resolves.toBe('Calendar Events API');
    await page.locator('.swagger-ui .info .title', { hasText: 'Calendar Events REST API' }).waitFor();

    const token = await signDevelopmentToken(SECRET, 2, 'editor', 3600);
    await page.locator('.swagger-ui .auth-wrapper button.authorize').click();
    const modal = page.locator('.dialog-ux .modal-ux');
    await modal.locator('input').first().fill(token);
    await modal.locator('button.authorize').click();
    await modal.locator('button.btn-done').click();

    const create = await openOperation(page, 'operations-events-Events_create');
    // Tomorrow: inside the list's default window (from yesterday on) whatever the day the test runs.
    const day = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    const body = { title: 'Browser Jazz Night', start_date: `${day} 20:00:00`, end_date: `${day} 23:00:00` };
    await create.locator('textarea.body-param__text').fill(JSON.stringify(body, null, 2));
    await create.locator('button.execute').click();
    const created = create.locator('.live-responses-table .response');
    await expect(created.locator('.response-col_status').first().innerText()).resolves.toContain('201');
    await expect(created.locator('.response-col_description').first().innerText()).resolves.toContain('"title": "Browser Jazz Night"');
    await expect(create.locator('.curl-command').innerText()).resolves.toContain(`Authorization: Bearer ${token}`);

    const list = await openOperation(page, 'operations-events-Events_list');
    await list.locator('button.execute').click();
    const listed = list.locator('.live-responses-table .response');
    await expect(listed.locator('.response-col_status').first().innerText()).resolves.toContain('200');
    await expect(listed.locator('.response-col_description').first().innerText()).resolves.toContain('Browser Jazz Night');
    await expect(list.locator('.request-url').innerText()).resolves.toContain(`${base}/wp-json/calendar/events/v1/events`);

    await page.screenshot({ path: path.join(ARTIFACTS, 'docs-explorer.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('runs GET /events from a page read at another address of the service than PUBLIC_URL (localhost, 127.0.0.1)', async () => {
    const page = await context.newPage();
    watch(page);
    const elsewhere = base.replace('127.0.0.1', 'localhost');
    await page.goto(`${elsewhere}/docs`);
    const list = await openOperation(page, 'operations-events-Events_list');
    await list.locator('button.execute').click();
    const listed = list.locator('.live-responses-table .response');
    await expect(listed.locator('.response-col_status').first().innerText()).resolves.toContain('200');
    await expect(list.locator('.request-url').innerText()).resolves.toContain(`${base}/wp-json/calendar/events/v1/events`);
    expect(problems).toEqual([]);
  });

  it('shows Spanish texts at /es/docs', async () => {
    const page = await context.newPage();
    watch(page);
    await page.goto(`${base}/es/docs`);
    await expect(page.title()).resolves.toBe('API de eventos del calendario');
    // §12.2: the document's title stays English; the page title (§12.3) and the description are Spanish.
    await page.locator('.swagger-ui .info .title', { hasText: 'Calendar Events REST API' }).waitFor();
    await page.locator('.swagger-ui .info .description', { hasText: 'Eventos, lugares, organizadores' }).waitFor();
    await page.locator('.opblock-tag', { hasText: 'Eventos y sus canales iCalendar.' }).waitFor(); // the group's description
    const list = page.locator('#operations-events-Events_list');
    await expect(list.locator('.opblock-summary-description').innerText()).resolves.toBe('Listar eventos');
    await list.locator('.opblock-summary').first().click();
    await list.locator('.parameters', { hasText: 'Eventos que empiezan en esta fecha o después.' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'docs-explorer-es.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
