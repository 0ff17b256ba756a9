#!/usr/bin/env node
// `node bench/compare-builds.js DIST_A DIST_B [SCENARIO]`: the service CPU per request of two builds, measured in turns
// on the same database, for telling a change's effect from the machine's drift (on a shared 2-core VM the same build
// ranged from 1.4 to 4.6 ms per list request within two hours). Both services run at once, on the same seeded SQLite
// file (or DATABASE_URL, read only), read cache as configured; each round loads A then B for COMPARE_SECONDS (2) at
// COMPARE_CONNECTIONS (10) connections, COMPARE_ROUNDS (8) rounds; the median and best of each are printed. One
// connection (COMPARE_CONNECTIONS=1) gives steadier pairs: nothing else runs in the service meanwhile (2026-11-26: list
// pairs 0.74–0.85 at one connection against 0.66–1.25 at ten, same builds). SCENARIO: list (a different
// start_date each request, as the bench's distinct list, default), list-new (no page twice), single (a different id
// each, over every listed id), single-new (the same, never an address twice: no URL cache helps), venue, or a path
// template with {day}/{id}.
// COMPARE_NODE_FLAGS_A / COMPARE_NODE_FLAGS_B: more Node flags for one build (e.g. "--max-semi-space-size=32");
// COMPARE_ENV_A / COMPARE_ENV_B: more environment for one (e.g. "READ_CACHE_TTL_MS=10000"), to compare settings.
// With DATABASE_URL, the database server's CPU per request is printed too when it runs here (mariadbd or mysqld).
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { cpuMsOf } = require('../scripts/dev-support');
const { distinctDays, distinctListPaths, distinctSinglePaths, unrepeatedListPaths } = require('./distinct-addresses');

const [distA, distB, scenario = 'list'] = process.argv.slice(2);
if (!distA || !distB) throw new Error('usage: node bench/compare-builds.js DIST_A DIST_B [list|list-new|single|single-new|venue|TEMPLATE]');
const ROUNDS = Number(process.env.COMPARE_ROUNDS || 8);
const SECONDS = Number(process.env.COMPARE_SECONDS || 2);
const CONNECTIONS = Number(process.env.COMPARE_CONNECTIONS || 10);
const SECRET = 'compare-secret-compare-secret-compare';
const ROOT = path.resolve(__dirname, '..');

const database = process.env.DATABASE_URL
  ? { DB_TYPE: 'mysql', DATABASE_URL: process.env.DATABASE_URL }
  : { DB_TYPE: 'sqlite', DB_SQLITE_PATH: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'compare-')), 'db.sqlite') };

/** `KEY=VALUE KEY2=VALUE` as an object. */
const envOf = (text = '') => Object.fromEntries(text.split(' ').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));

function start(dist, port, flags = '', extraEnv = '') {
  const child = spawn(process.execPath, ['--max-old-space-size=192', '--heap-growing-percent=50', ...flags.split(' ').filter(Boolean), path.join(path.resolve(dist), 'main.js')], {
    env: { ...process.env, ...database, ...envOf(extraEnv), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_JWT_SECRET: SECRET, RATE_LIMIT_MAX: '0', LOG_LEVEL: 'warn', WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, api: `http://127.0.0.1:${port}/wp-json/calendar/events/v1` };
}

/** A process's peak resident memory so far, in MB (VmHWM). */
function peakRssMb(pid) {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

/** The local database server's pid, when DATABASE_URL names a server running on this machine. */
function databasePid() {
  if (!process.env.DATABASE_URL) return undefined;
  const found = spawnSync('pidof', ['mariadbd', 'mysqld'], { encoding: 'utf8' });
  const pid = Number(found.stdout.trim().split(/\s+/)[0]);
  return pid > 0 ? pid : undefined;
}

async function ready(api) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${api}/events?per_page=1`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no answer from ${api}`);
}

function load(api, paths, seconds) {
  let next = 0;
  const prefix = new URL(api).pathname;
  return new Promise((resolve, reject) =>
    autocannon(
      { url: api, connections: CONNECTIONS, duration: seconds, requests: [{ setupRequest: (req) => ({ ...req, path: prefix + paths[next++ % paths.length] }) }] },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

async function main() {
  if (database.DB_TYPE === 'sqlite') {
    const seeded = spawnSync(process.execPath, [path.join(ROOT, 'dist/tools/seed/main.js'), '--events', '1000', '--seed', '1'], { env: { ...process.env, ...database }, stdio: 'ignore' });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }
  const a = start(distA, 3970, process.env.COMPARE_NODE_FLAGS_A, process.env.COMPARE_ENV_A);
  const b = start(distB, 3971, process.env.COMPARE_NODE_FLAGS_B, process.env.COMPARE_ENV_B);
  try {
    await Promise.all([ready(a.api), ready(b.api)]);
    const days = distinctDays();
    // Every listed event id, as the bench's distinct single by id asks for them.
    const all = `${a.api}/events?start_date=1970-01-01&end_date=2100-01-01&per_page=50`;
    const listed = await (await fetch(all)).json();
    const ids = listed.events.map((e) => e.id);
    for (let page = 2; page <= Math.min(listed.total_pages, 40); page++) ids.push(...(await (await fetch(`${all}&page=${page}`)).json()).events.map((e) => e.id));
    const venues = (await (await fetch(`${a.api}/venues?per_page=50`)).json()).venues.map((v) => v.id);
    const paths =
      scenario === 'list' ? distinctListPaths(days)
      : scenario === 'list-new' ? unrepeatedListPaths(days)
      : scenario === 'single' ? ids.map((id) => `/events/${id}`)
      : scenario === 'single-new' ? distinctSinglePaths(ids)
      : scenario === 'venue' ? venues.map((id) => `/events?venue=${id}&start_date=${days[Math.floor(Math.random() * days.length)]}`)
      : days.flatMap((d, i) => [scenario.replace('{day}', d).replace('{id}', String(ids[i % ids.length]))]);
    const runs = { A: [], B: [] };
    const dbPid = databasePid();
    for (const s of [a, b]) await load(s.api, paths, 1); // warm-up: JIT, connections
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, s] of round % 2 ? [['B', b], ['A', a]] : [['A', a], ['B', b]]) {
        const [before, dbBefore] = [cpuMsOf(s.child.pid), dbPid ? cpuMsOf(dbPid) : 0];
        const r = await load(s.api, paths, SECONDS);
        const db = dbPid ? (cpuMsOf(dbPid) - dbBefore) / r.requests.total : NaN;
        runs[name].push({ cpu: (cpuMsOf(s.child.pid) - before) / r.requests.total, db, rps: r.requests.average, non2xx: r.non2xx });
      }
    }
    const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    for (const [name, dist] of [['A', distA], ['B', distB]]) {
      const cpu = runs[name].map((r) => r.cpu);
      const db = dbPid ? `; database CPU ms/req median ${median(runs[name].map((r) => r.db)).toFixed(3)}` : '';
      console.log(
        `${name} ${dist}: CPU ms/req median ${median(cpu).toFixed(3)}, best ${Math.min(...cpu).toFixed(3)}${db}; req/s median ${Math.round(median(runs[name].map((r) => r.rps)))}; non-2xx ${runs[name].reduce((n, r) => n + r.non2xx, 0)}; peak RSS ${peakRssMb((name === 'A' ? a : b).child.pid)} MB`,
      );
    }
    const ratio = median(runs.B.map((r) => r.cpu)) / median(runs.A.map((r) => r.cpu));
    console.log(`B/A CPU per request: ${ratio.toFixed(3)} (pairwise: ${runs.A.map((r, i) => (runs.B[i].cpu / r.cpu).toFixed(2)).join(' ')})`);
  } finally {
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
