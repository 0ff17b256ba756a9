#!/usr/bin/env node
// `npm run bench`: builds nothing itself (the npm script builds first), starts the service on a fresh database, seeds
// it with the seeder, and measures each scenario with autocannon at BENCH_CONNECTIONS connections, then the same bytes
// from a bare Express route (bench/baseline-server.js) in the same run. Writes bench/results/<date>-<db>.json and the
// results table of BENCHMARKS.md. Settings (environment):
//   DB_TYPE / DATABASE_URL   as for the service (SQLite in a temporary directory by default)
//   BENCH_EVENTS=1000        events to seed;  BENCH_REUSE_DB=1 skips the reset and seeding (e.g. a 1M-event database)
//   BENCH_DISTINCT_IDS=2000  above this many events, the distinct scenarios sample 40 days instead of every id
//   BENCH_WARMUP=1           seconds of unmeasured load before each read scenario and its baseline (JIT, connections)
//   BENCH_DURATION=5         seconds per scenario and per baseline;  BENCH_CONNECTIONS=10;  BENCH_PORT=3980 (+1 baseline)
//   BENCH_DIST=dist          the built service;  BENCH_LABEL       a note stored with the results
//   READ_CACHE_TTL_MS=0      the service without its read cache (results kept as <db>-uncached)
//   The "distinct:" scenarios send a different address each request (issue 18): no URL cache helps them; "no page
//   twice" sends date windows no earlier request asked for, so no kept page helps it either.
//   BENCH_ONLY               a regular expression: only the scenarios whose name matches run (e.g. "^distinct"); the
//                            results go to bench/results/<date>-<variant>-partial.json and BENCHMARKS.md is left alone
//   BENCH_VARIANT            names the results file and the BENCHMARKS.md section (default <db>[-uncached]), e.g.
//                            mysql-1m-uncached for a run on an existing 1,000,000-event database
//   BENCH_NODE_FLAGS         more Node flags for the service (e.g. "--heap-growing-percent=70"), after --max-old-space-size
//   BENCH_CPU_PROF=DIR       the service runs with --cpu-prof and writes its profile into DIR when the run ends
//                            (summarise it with `node bench/cpu-profile-summary.js DIR/<file>.cpuprofile`)
const { spawn, spawnSync, fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { cpuMsOf, recreateMysqlDatabase } = require('../scripts/dev-support');
const { distinctDays, distinctListPaths, distinctSinglePaths, unrepeatedListPaths } = require('./distinct-addresses');

const ROOT = path.resolve(__dirname, '..');
const env = process.env;
const DIST = path.resolve(ROOT, env.BENCH_DIST || 'dist');
const DB = env.DB_TYPE === 'mysql' || (!env.DB_TYPE && env.DATABASE_URL) ? 'mysql' : 'sqlite';
// READ_CACHE_TTL_MS=0 measures every request through the database: its results are kept apart from the default run's.
const CACHED = env.READ_CACHE_TTL_MS !== '0';
const VARIANT = env.BENCH_VARIANT || (CACHED ? DB : `${DB}-uncached`);
if (!/^[a-z0-9-]+$/.test(VARIANT)) throw new Error(`BENCH_VARIANT must be lower-case letters, digits and dashes, got "${VARIANT}"`);
const EVENTS = Number(env.BENCH_EVENTS || 1000);
const DURATION = Number(env.BENCH_DURATION || 5);
const WARMUP = Number(env.BENCH_WARMUP ?? 1);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS || 10);
const PORT = Number(env.BENCH_PORT || 3980);
const SECRET = 'bench-secret-bench-secret-bench-secret';
const API = `http://127.0.0.1:${PORT}/wp-json/calendar/events/v1`;

const log = (m) => process.stderr.write(`bench: ${m}\n`);

function dbEnv() {
  if (DB === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-bench-'));
    return { DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(dir, 'bench.sqlite') };
  }
  return { DB_TYPE: 'mysql', DATABASE_URL: env.DATABASE_URL };
}

const resetMysql = (url) =>
  recreateMysqlDatabase(url, /bench|perf|test/i, 'refusing to reset "{name}": the bench database name must contain bench, perf or test');

/** CPU time (user + system) a process has used so far, in ms (null where `/proc` has none). */
function cpuMsOrNull(pid) {
  try {
    return cpuMsOf(pid);
  } catch {
    return null;
  }
}

/** The read cache's lookups so far (`read_cache_lookups_total` of /metrics), or null when the service shows none. */
async function readCacheLookups() {
  try {
    const text = await (await fetch(`http://127.0.0.1:${PORT}/metrics`)).text();
    if (!text.includes('read_cache_lookups_total')) return null; // metrics or the read cache off
    // A series appears with its first lookup of that result: none yet is 0.
    const count = (result) => Number(new RegExp(`^read_cache_lookups_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    return { hit: count('hit'), miss: count('miss') };
  } catch {
    return null;
  }
}

function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

async function waitFor(url, child) {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`service did not answer ${url}`);
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const summary = (r) => ({
  reqPerSec: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/** Words of the seeded titles and descriptions, for the distinct-search scenario. */
const WORDS = ['jazz', 'night', 'market', 'festival', 'concert', 'workshop', 'tour', 'film', 'talk', 'dance', 'opera', 'tango', 'food', 'music', 'cafe', 'yoga'];

/** An autocannon request that takes the next of `paths` each time (under the API root of the run's URL). */
function cycling(paths) {
  let next = 0;
  return {
    setupRequest: (req) => {
      const apiPath = new URL(API).pathname;
      return { ...req, path: apiPath + paths[next++ % paths.length] };
    },
  };
}

/**
 * The addresses of the distinct scenarios: every event id an anonymous list shows (any date) and every venue id — or,
 * on a large database (more than BENCH_DISTINCT_IDS events, default 2,000), the first 50 events from each of 40 days
 * spread over `days`, so a 1,000,000-event run samples the whole calendar without paging through all of it.
 */
async function listedIds(days) {
  const ids = [];
  const venueIds = new Set();
  const take = (body) => {
    for (const e of body.events) {
      ids.push(e.id);
      for (const v of Array.isArray(e.venue) ? e.venue : [e.venue]) if (v && v.id) venueIds.add(v.id);
    }
  };
  const all = `${API}/events?start_date=1970-01-01&end_date=2100-12-31&per_page=50`;
  const firstRes = await fetch(`${all}&page=1`);
  if (!firstRes.ok) throw new Error(`listing the events for the distinct scenarios: ${firstRes.status}`);
  const first = await firstRes.json();
  take(first);
  if (first.total <= Number(env.BENCH_DISTINCT_IDS || 2000)) {
    for (let page = 2; page <= first.total_pages; page++) {
      const res = await fetch(`${all}&page=${page}`);
      if (!res.ok) break;
      take(await res.json());
    }
  } else {
    for (let k = 0; k < 40; k++) {
      const day = days[Math.floor((k * days.length) / 40)];
      const res = await fetch(`${API}/events?start_date=${day}&per_page=50`);
      if (res.ok) take(await res.json());
    }
  }
  return { ids: [...new Set(ids)], venueIds: [...venueIds] };
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'main.js'))) throw new Error(`${DIST}/main.js not found: build first (npm run build)`);
  const database = dbEnv();
  if (!env.BENCH_REUSE_DB) {
    if (DB === 'mysql') await resetMysql(database.DATABASE_URL);
    log(`seeding ${EVENTS} events (${DB})`);
    const seeded = spawnSync(process.execPath, [path.join(DIST, 'tools/seed/main.js'), '--events', String(EVENTS), '--seed', '1'], {
      env: { ...env, ...database },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }
  // The service as `npm start` runs it (same heap limit).
  const profiling = env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(env.BENCH_CPU_PROF)}`] : [];
  const nodeFlags = (env.BENCH_NODE_FLAGS || '').split(' ').filter(Boolean);
  const service = spawn(process.execPath, ['--max-old-space-size=192', '--heap-growing-percent=50', ...nodeFlags, ...profiling, path.join(DIST, 'main.js')], {
    env: { ...env, ...database, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${PORT}`, AUTH_JWT_SECRET: SECRET, AUTH_USERS: '1,2,3,4,5', RATE_LIMIT_MAX: '0', LOG_LEVEL: 'warn', WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peakRss = 0;
  let scenarioPeakRss = 0; // since the current scenario's service run began
  const sampler = setInterval(() => {
    const rss = rssOf(service.pid) ?? 0;
    peakRss = Math.max(peakRss, rss);
    scenarioPeakRss = Math.max(scenarioPeakRss, rss);
  }, 250);
  try {
    await waitFor(`${API}/events?per_page=1`, service);
    const { signDevelopmentToken } = require(path.join(DIST, 'shared/auth/token-verifier.js'));
    const token = `Bearer ${await signDevelopmentToken(SECRET, 2, 'editor', 3600)}`;
    const first = await (await fetch(`${API}/events?per_page=50`)).json();
    const event = first.events.find((e) => e.categories.length && e.organizer.length && !Array.isArray(e.venue)) ?? first.events[0];
    const category = event.categories[0]?.slug;
    const anchor = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
    // The addresses of the distinct-URL scenarios: 1,000 days from today, every listed event and venue id.
    const days = distinctDays();
    const { ids, venueIds } = await listedIds(days);
    const createBody = JSON.stringify({ title: 'Bench Jazz Night', start_date: `${later} 20:00`, end_date: `${later} 23:00`, categories: ['Music'], venue: event.venue?.id });
    const scenarios = [
      { name: 'default list, per_page 10', path: '/events' },
      { name: 'default list, per_page 50', path: '/events?per_page=50' },
      { name: 'date range', path: `/events?start_date=${anchor}&end_date=${later}` },
      { name: 'categories', path: `/events?categories=${encodeURIComponent(category ?? 'music')}` },
      { name: 'venue', path: `/events?venue=${event.venue?.id ?? 0}` },
      { name: 'single by id', path: `/events/${event.id}` },
      { name: 'single by slug', path: `/events/by-slug/${event.slug}` },
      // Distinct URLs (issue 18): every request a different address, as calendar widgets behind a gateway ask for
      // their own day, event or venue, so no URL cache helps. The baseline answers the first address's bytes.
      { name: 'distinct: list of 10, a different start_date each', paths: distinctListPaths(days) },
      { name: 'distinct: list of 10, no page twice', paths: unrepeatedListPaths(days) },
      { name: 'distinct: single by id, over all ids', paths: ids.map((id) => `/events/${id}`) },
      { name: 'distinct: single by id, no address twice', paths: distinctSinglePaths(ids) },
      { name: 'distinct: a venue\'s events, over all venues', paths: venueIds.map((id) => `/events?venue=${id}`) },
      { name: 'distinct: search, a different word each', paths: WORDS.map((w) => `/events?search=${w}`) },
      // Near the end: without the read cache on a large database its queries outlast the run, and would slow the next ones.
      { name: 'search', path: '/events?search=jazz' },
      // Last: on MariaDB the writes leave work behind (purge, page flushing) that slowed the read scenarios after them by
      // up to a third (distinct single by id, 2026-11-26: 878 against 1,300–1,470 req/s when run before the creates).
      { name: 'create', path: '/events', method: 'POST', body: createBody, headers: { 'content-type': 'application/json', authorization: token } },
    ];
    const results = [];
    const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY) : null;
    for (const sc of scenarios.filter((s) => !only || only.test(s.name))) {
      const firstPath = sc.path ?? sc.paths[0];
      const probe = await fetch(API + firstPath, { method: sc.method ?? 'GET', body: sc.body, headers: sc.headers });
      const bytes = Buffer.from(await probe.arrayBuffer());
      if (probe.status >= 400) throw new Error(`${sc.name}: ${probe.status} ${bytes.toString().slice(0, 200)}`);
      const request = { url: API + firstPath, method: sc.method ?? 'GET', body: sc.body, headers: sc.headers, ...(sc.paths ? { requests: [cycling(sc.paths)] } : {}) };
      log(`${sc.name}: service`);
      scenarioPeakRss = 0;
      if (WARMUP > 0 && !sc.method) await cannon({ ...request, duration: WARMUP }); // JIT and connections warm, not measured
      const lookupsBefore = await readCacheLookups();
      const cpuBefore = cpuMsOrNull(service.pid);
      const run = await cannon(request);
      const cpuAfter = cpuMsOrNull(service.pid);
      const lookupsAfter = await readCacheLookups();
      // How many of the run's reads the read cache answered (a distinct scenario's addresses come back within its TTL
      // once the service answers fast enough): the rest reached the database.
      const hits = lookupsBefore && lookupsAfter ? lookupsAfter.hit - lookupsBefore.hit : null;
      const lookups = lookupsBefore && lookupsAfter ? hits + lookupsAfter.miss - lookupsBefore.miss : null;
      // The service's CPU per answered request: steadier than req/s when other work shares the machine.
      const serviceRun = {
        ...summary(run),
        cpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : Math.round((1000 * (cpuAfter - cpuBefore)) / Math.max(1, run.requests.total)) / 1000,
        readCacheHitShare: lookups ? Math.round((100 * hits) / Math.max(1, lookups)) / 100 : null,
        peakRssMb: Math.round(scenarioPeakRss / 2 ** 20),
      };
      const bodyFile = path.join(os.tmpdir(), `bench-body-${process.pid}`);
      fs.writeFileSync(bodyFile, bytes);
      const baseline = fork(path.join(__dirname, 'baseline-server.js'), [], {
        env: { ...env, PORT: String(PORT + 1), BASELINE_BODY_FILE: bodyFile, BASELINE_STATUS: String(probe.status), BASELINE_CONTENT_TYPE: probe.headers.get('content-type') ?? '' },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      await new Promise((r) => baseline.once('message', r));
      log(`${sc.name}: baseline`);
      if (WARMUP > 0 && !sc.method) await cannon({ ...request, url: request.url.replace(`:${PORT}/`, `:${PORT + 1}/`), duration: WARMUP });
      const baselineCpuBefore = cpuMsOrNull(baseline.pid);
      const baselineCannon = await cannon({ ...request, url: request.url.replace(`:${PORT}/`, `:${PORT + 1}/`) });
      const baselineCpuAfter = cpuMsOrNull(baseline.pid);
      const baselineRun = {
        ...summary(baselineCannon),
        cpuMsPerRequest:
          baselineCpuBefore === null || baselineCpuAfter === null
            ? null
            : Math.round((1000 * (baselineCpuAfter - baselineCpuBefore)) / Math.max(1, baselineCannon.requests.total)) / 1000,
      };
      baseline.kill('SIGTERM');
      fs.rmSync(bodyFile, { force: true });
      results.push({ scenario: sc.name, bytes: bytes.length, service: serviceRun, baseline: baselineRun, ratio: Math.round((100 * serviceRun.reqPerSec) / Math.max(1, baselineRun.reqPerSec)) / 100 });
      log(`${sc.name}: ${serviceRun.reqPerSec} req/s (p50 ${serviceRun.p50Ms} ms, p99 ${serviceRun.p99Ms} ms, ${serviceRun.cpuMsPerRequest} ms CPU/req, read-cache hits ${serviceRun.readCacheHitShare ?? '–'}, RSS ≤ ${serviceRun.peakRssMb} MB) vs baseline ${baselineRun.reqPerSec} → ${results.at(-1).ratio}`);
    }
    const report = {
      date: new Date().toISOString(),
      db: VARIANT,
      readCache: CACHED ? `on (READ_CACHE_TTL_MS=${env.READ_CACHE_TTL_MS || 'default'})` : 'off',
      events: env.BENCH_REUSE_DB ? 'existing database' : EVENTS,
      label: env.BENCH_LABEL ?? '',
      method: { tool: 'autocannon 8', connections: CONNECTIONS, durationSeconds: DURATION, baseline: 'bare Express 5 route, same bytes, same run' },
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadavg: os.loadavg() },
      peakRssMb: Math.round(peakRss / 2 ** 20),
      results,
    };
    const file = path.join(__dirname, 'results', `${report.date.slice(0, 10)}-${VARIANT}${only ? '-partial' : ''}.json`);
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    if (!only) updateMarkdown(report);
    log(`wrote ${path.relative(ROOT, file)}${only ? '' : ' and BENCHMARKS.md'} (peak RSS ${report.peakRssMb} MB)`);
  } finally {
    clearInterval(sampler);
    const exited = new Promise((r) => (service.exitCode !== null ? r() : service.once('exit', r)));
    service.kill('SIGTERM');
    if (profiling.length) await exited; // the profile is written as the service exits
  }
}

/** Replaces the table between `<!-- bench:<db> -->` markers in BENCHMARKS.md (creating the section when missing). */
function updateMarkdown(report) {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const start = `<!-- bench:${report.db}:start -->`;
  const end = `<!-- bench:${report.db}:end -->`;
  const rows = report.results.map(
    (r) =>
      `| ${r.scenario} | ${r.service.reqPerSec} | ${r.service.p50Ms} | ${r.service.p99Ms} | ${r.service.cpuMsPerRequest ?? '–'} | ${r.service.readCacheHitShare ?? '–'} | ${r.baseline.reqPerSec} | ${r.baseline.cpuMsPerRequest ?? '–'} | ${r.ratio} | ${r.bytes} |`,
  );
  const table = [
    start,
    `Latest \`npm run bench\` on ${report.db} (read cache ${report.readCache}) — ${report.date.slice(0, 16).replace('T', ' ')} UTC, ${report.events} events, ${report.method.connections} connections, ${report.method.durationSeconds} s per run, ${report.machine.cpus} CPUs (load ${report.machine.loadavg.map((l) => l.toFixed(1)).join(' ')}), Node ${report.machine.node}, peak service RSS ${report.peakRssMb} MB${report.label ? `, ${report.label}` : ''}.`,
    '',
    '| scenario | req/s | p50 ms | p99 ms | service CPU ms/req | read-cache hits | baseline req/s | baseline CPU ms/req | ratio | body bytes |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    end,
  ].join('\n');
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text = i >= 0 && j > i ? text.slice(0, i) + table + text.slice(j + end.length) : `${text.trimEnd()}\n\n${table}\n`;
  fs.writeFileSync(file, text);
}

main().catch((e) => {
  log(`failed: ${e.stack || e.message}`);
  process.exit(1);
});
