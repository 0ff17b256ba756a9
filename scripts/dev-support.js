// Helpers shared by the development tools (bench/bench.js, bench/compare-builds.js, scripts/record-answers.js).
const fs = require('node:fs');

/** CPU time (user + system) a process has used so far, in ms, from `/proc`; throws where there is none. */
function cpuMsOf(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' '); // after "pid (name) ", whatever the name holds
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
}

/**
 * Drops and creates again the MySQL/MariaDB database `url` names (utf8mb4), once its name matches `allowedNames`;
 * `refusal` is the error's message otherwise (it tells which names are allowed).
 */
async function recreateMysqlDatabase(url, allowedNames, refusal) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!allowedNames.test(name)) throw new Error(refusal.replace('{name}', name));
  const mysql = require('mysql2/promise');
  const c = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) });
  await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
}

module.exports = { cpuMsOf, recreateMysqlDatabase };
