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

  /** Pastes a token into the explorer's Authorize dialog. */
  async function authorize(page: Page, token: string): Promise<void> {
    await page.locator('.swagger-ui .auth-wrapper button.authorize').click();
    const modal = page.locator('.dialog-ux .modal-ux');
    await modal.locator('input').first().fill(token);
    await modal.locator('button.authorize').click();
    await modal.locator('button.btn-done').click();
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
    await authorize(page, token);

    const create = await openOperation(page, 'operations-events-Events_create');
    // Ahead of today, so the list's default window (from yesterday on) shows it whenever the test runs.
    const body = { title: 'Browser Jazz Night', start_date: 'tomorrow 8pm', end_date: 'tomorrow 11pm' };
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

  it('creates an event with POST /events as shown: Try it out, then Execute on the example body, answers 201', async () => {
    const page = await context.newPage();
    watch(page);
    await page.goto(`${base}/docs`);
    await authorize(page, await signDevelopmentToken(SECRET, 1, 'administrator', 3600));

    const create = await openOperation(page, 'operations-events-Events_create');
    const shown = JSON.parse(await create.locator('textarea.body-param__text').inputValue());
    expect(shown).toMatchObject({ title: 'Jazz in the Park', start_date: 'next friday 7pm', venue: { venue: 'Retiro Park' } });
    await create.locator('button.execute').click();
    const created = create.locator('.live-responses-table .response');
    await expect(created.locator('.response-col_status').first().innerText()).resolves.toContain('201');
    const answer = await created.locator('.response-col_description').first().innerText();
    expect(answer).toContain('"title": "Jazz in the Park"');
    expect(answer).toContain('"venue": "Retiro Park"');
    await page.screenshot({ path: path.join(ARTIFACTS, 'docs-explorer-example.png'), fullPage: true });
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

  it('shows Spanish texts at /es/docs: title, group names and descriptions, summaries, parameters', async () => {
    const page = await context.newPage();
    watch(page);
    await page.goto(`${base}/es/docs`);
    await expect(page.title()).resolves.toBe('API de eventos del calendario');
    await page.locator('.swagger-ui .info .title', { hasText: 'API REST de eventos del calendario' }).waitFor();
    await page.locator('.swagger-ui .info .description', { hasText: 'Eventos, lugares, organizadores' }).waitFor();
    await page.locator('.opblock-tag', { hasText: 'Eventos y sus canales iCalendar.' }).waitFor(); // the group's description
    const groups = await page.locator('h3.opblock-tag').evaluateAll((headings) => headings.map((h) => h.getAttribute('data-tag')));
    expect(groups).toEqual(['eventos', 'lugares', 'organizadores', 'categorías', 'etiquetas', 'descubrimiento']);
    const list = page.locator('#operations-eventos-Events_list');
    await expect(list.locator('.opblock-summary-description').innerText()).resolves.toBe('Listar eventos');
    await list.locator('.opblock-summary').first().click();
    await list.locator('.parameters', { hasText: 'Eventos que empiezan en esta fecha o después.' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'docs-explorer-es.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
