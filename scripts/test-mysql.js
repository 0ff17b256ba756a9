#!/usr/bin/env node
// The MySQL tier: runs the repository contract suites, the e2e tests and the concurrency races against MySQL/MariaDB, and the readiness test
// against a private mariadbd it stops and restarts (test/mariadb-server), and the read-replica routing (test/mysql).
// Uses TEST_MYSQL_URL, defaulting to the local MariaDB (mysql://root@127.0.0.1:3306/test), and fails loudly when the
// server cannot be reached: a skipped tier must never look like a passing one.
const { spawnSync } = require('node:child_process');
const mysql = require('mysql2/promise');

const url = process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';

async function main() {
  const u = new URL(url);
  try {
    const c = await mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      connectTimeout: 5000,
    });
    await c.query('SELECT 1');
    await c.end();
  } catch (e) {
    process.stderr.write(`test:mysql: MySQL is unreachable at ${u.host} (${e.message}). Start it or set TEST_MYSQL_URL.\n`);
    process.exit(1);
  }
  const result = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), '--selectProjects', 'e2e', 'unit', 'concurrency', 'mysql', 'mariadb-server', '--testPathPattern', '(e2e|contracts|concurrency|mysql|mariadb-server)/', ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, TEST_MYSQL_URL: url } },
  );
  await dropLeftoverDatabases(u);
  process.exit(result.status ?? 1);
}

/**
 * Test files make one database per worker (`<base>_p<pid>_w<worker>_<n>`, test/e2e/support/test-database.ts) and not
 * every suite drops its own; a run also leaves them when it is killed. Those of processes no longer running are
 * dropped, so the shared server does not fill up; a test run going on beside this one keeps its databases.
 */
async function dropLeftoverDatabases(u) {
  const base = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'test';
  const c = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) });
  try {
    const [rows] = await c.query('SHOW DATABASES');
    const ours = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}_p(\\d+)_`);
    let dropped = 0;
    for (const { Database: name } of rows) {
      const pid = ours.exec(name)?.[1];
      if (pid === undefined || isRunning(Number(pid))) continue;
      await c.query(`DROP DATABASE \`${name.replace(/`/g, '``')}\``);
      dropped++;
    }
    if (dropped > 0) process.stdout.write(`test:mysql: dropped ${dropped} test databases left by finished test processes\n`);
  } finally {
    await c.end();
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

main();
