#!/usr/bin/env node
// `node bench/list-stages.js [DIST]`: the event list's own work, in process and without HTTP, by stage — parameters,
// the service (criteria, SQL, fragment lookups), the presenter, the body — for a different `start_date` each time over
// 1,000 days, as the bench's distinct list asks for it. Service CPU per iteration tells what a change of the list's own
// code saves without the noise of the HTTP stack; stage times are wall time of one request at a time.
// Settings (environment): DB_TYPE / DATABASE_URL / DB_SQLITE_PATH as for the service (a seeded database: `npm run seed`);
// STAGES_ROUNDS=5 measured rounds over the 1,000 days after 3 unmeasured ones; STAGES_FRAGMENTS=0 renders every event
// (no record fragments).
require('reflect-metadata');
const path = require('node:path');

const DIST = path.resolve(process.argv[2] || path.join(__dirname, '..', 'dist'));
const load = (file) => require(path.join(DIST, file));
const { createApp } = load('app.factory');
const { loadConfig } = load('config/app-config');
const { openCalendarDatabase: openDatabase } = load('calendar-database');
const { EventsService } = load('modules/events/application/events.service');
const { EventBodies } = load('modules/events/http/event-bodies');
const { readLeniently } = load('shared/http/params/input');
const { ListEventsParams } = load('modules/events/http/dto/list-events.params');
const { listLinks, pageRequest, sentLinkParams, totalPages } = load('shared/http/list-response');
const { JsonBytes } = load('shared/http/json-bytes');
const { ANONYMOUS } = load('shared/domain/caller');

const DATE_PARAMS = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'];

async function main() {
  const config = loadConfig({ AUTH_JWT_SECRET: 'list-stages-secret-list-stages-secret', LOG_LEVEL: 'warn', ...process.env }, 1);
  const dataSource = await openDatabase(config.db);
  const app = await createApp(config, { dataSource, logger: false });
  const events = app.get(EventsService);
  const bodies = app.get(EventBodies);
  const api = `${config.publicUrl}${config.apiPrefix}/calendar/events/v1`;
  const useFragments = process.env.STAGES_FRAGMENTS !== '0';
  const days = Array.from({ length: 1000 }, (_, i) => new Date(Date.now() + (i - 500) * 86400_000).toISOString().slice(0, 10));
  const stages = { params: 0n, service: 0n, presenter: 0n, body: 0n };
  let rendered = 0;

  // What the controller's list does for an anonymous JSON request (events.controller.ts), stage by stage.
  async function list(day) {
    const t0 = process.hrtime.bigint();
    const input = readLeniently(ListEventsParams, { start_date: day });
    const t1 = process.hrtime.bigint();
    const page = pageRequest(input, config.maxPerPage);
    const kept = bodies.keptFragments(api, useFragments);
    const result = await events.list({ ...input, page: page.page, perPage: page.perPage, invalid: input.invalid }, ANONYMOUS, kept ? (e, masked) => kept.has(e, masked) : undefined);
    const t2 = process.hrtime.bigint();
    const items = await bodies.page(result.page, result.rows, api, () => false, kept);
    const t3 = process.hrtime.bigint();
    const pages = totalPages(result.total, page.perPage);
    const links = listLinks(`${api}/events/`, page, pages, [...result.applied, ...sentLinkParams(ListEventsParams, input, DATE_PARAMS)]);
    JsonBytes.withArray('events', items, { ...links, total: result.total, total_pages: pages });
    const t4 = process.hrtime.bigint();
    stages.params += t1 - t0;
    stages.service += t2 - t1;
    stages.presenter += t3 - t2;
    stages.body += t4 - t3;
    rendered += result.rows.length;
  }

  for (let round = 0; round < 3; round++) for (const day of days) await list(day);
  for (const name of Object.keys(stages)) stages[name] = 0n;
  rendered = 0;
  const rounds = Number(process.env.STAGES_ROUNDS || 5);
  const cpuBefore = process.cpuUsage();
  for (let round = 0; round < rounds; round++) for (const day of days) await list(day);
  const cpu = process.cpuUsage(cpuBefore);
  const n = rounds * days.length;
  const us = (ns) => (Number(ns) / n / 1000).toFixed(1);
  console.log(
    `${n} lists (${config.db.type}, fragments ${useFragments ? 'on' : 'off'}): CPU ${((cpu.user + cpu.system) / n).toFixed(1)} µs per list; ` +
      `stages (µs): parameters ${us(stages.params)}, service ${us(stages.service)}, presenter ${us(stages.presenter)}, body ${us(stages.body)}; ` +
      `events rendered per list ${(rendered / n).toFixed(2)}`,
  );
  await app.close();
  await dataSource.destroy().catch(() => undefined);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
