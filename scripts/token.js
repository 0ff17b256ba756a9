#!/usr/bin/env node
// Prints a bearer token signed with AUTH_JWT_SECRET (CONTRACT §2.3):
//   AUTH_JWT_SECRET=... npm run token -- --sub 1 --role editor [--ttl 3600]
const { SignJWT } = require('jose');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

async function main() {
  const secret = process.env.AUTH_JWT_SECRET;
  if (!secret) {
    process.stderr.write('npm run token: AUTH_JWT_SECRET must be set (the secret the service verifies HS256 tokens with)\n');
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
    .sign(new TextEncoder().encode(secret));
  process.stdout.write(`${token}\n`);
}

main().catch((e) => {
  process.stderr.write(`npm run token: ${e.message}\n`);
  process.exit(1);
});
