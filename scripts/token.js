#!/usr/bin/env node
// Prints a bearer token (CONTRACT §2.3), signed with AUTH_JWT_SECRET, or in development (no AUTH_JWT_SECRET, NODE_ENV
// not production) with the development secret the service keeps beside its SQLite file (./data/development-secret).
const fs = require('node:fs');
const path = require('node:path');
const { SignJWT } = require('jose');

const HELP = `Usage: npm run token -- [--sub ID] [--role ROLE] [--ttl SECONDS]

Prints a bearer token for the service.
  --sub   user id (default 1)
  --role  subscriber, contributor, author, editor or administrator (default administrator)
  --ttl   lifetime in seconds (default 3600)

The token is signed with AUTH_JWT_SECRET when it is set; otherwise, outside production, with the development secret
the service made on its first start (beside DB_SQLITE_PATH, by default data/development-secret).
`;

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

/** AUTH_JWT_SECRET, or the development secret file's (null when neither is there). */
function secret() {
  if (process.env.AUTH_JWT_SECRET) return process.env.AUTH_JWT_SECRET;
  if (process.env.NODE_ENV === 'production') return null;
  const file = path.join(path.dirname(path.resolve(process.env.DB_SQLITE_PATH || './data/calendar.sqlite')), 'development-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

async function main() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(HELP);
    return;
  }
  const key = secret();
  if (!key) {
    process.stderr.write(
      'npm run token: no secret: set AUTH_JWT_SECRET (the secret the service verifies HS256 tokens with), or start the ' +
        'service once in development (npm start) so it makes its development secret\n',
    );
    process.exit(1);
  }
  const sub = arg('sub', '1');
  const role = arg('role', 'administrator');
  const ttl = Number(arg('ttl', '3600'));
  if (!/^\d+$/.test(sub) || Number(sub) < 1) throw new Error('--sub must be a positive integer');
  if (!Number.isInteger(ttl) || ttl < 1) throw new Error('--ttl must be a positive number of seconds');
  const token = await new SignJWT({ roles: [role] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(new TextEncoder().encode(key));
  process.stdout.write(`${token}\n`);
}

main().catch((e) => {
  process.stderr.write(`npm run token: ${e.message}\n`);
  process.exit(1);
});
