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
  process.exit(result.status ?? 1);
}

main();
