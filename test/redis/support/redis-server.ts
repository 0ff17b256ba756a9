import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

const BINARY = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

export interface RedisServerOptions {
  /** `requirepass`: the default user's password. */
  password?: string;
  /** An ACL user (`user:password`) allowed everything. */
  aclUser?: { name: string; password: string };
  /** Serve TLS only (rediss://), with a certificate for 127.0.0.1 signed by a CA made for the test. */
  tls?: boolean;
}

export interface RedisServer {
  port: number;
  /** The CA certificate file to trust (NODE_EXTRA_CA_CERTS) when `tls` is on. */
  caFile?: string;
  /** `redis[s]://[user:password@]127.0.0.1:<port>/0` with the given credentials. */
  url: (credentials?: string) => string;
  /** Starts the server (again) on its port; resolves once it accepts connections. */
  start: () => Promise<void>;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill: () => Promise<void>;
  running: () => boolean;
  /** Freezes it (SIGSTOP): connections stay open, nothing is answered. `resume` (SIGCONT) undoes it. */
  pause: () => void;
  resume: () => void;
}

/** A port in 20000–40000 nobody listens on (never 6379: that one belongs to whoever runs Redis on this machine). */
async function freeRandomPort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port found in 20000–40000');
}

/** A CA and a server certificate for 127.0.0.1 (openssl), in `dir`. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=calendar-test-ca', '-keyout', file('ca.key'), '-out', file('ca.crt'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', file('redis.key'), '-out', file('redis.csr'));
  fs.writeFileSync(file('san.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', file('redis.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', file('san.cnf'), '-out', file('redis.crt'));
  return { ca: file('ca.crt'), cert: file('redis.crt'), key: file('redis.key') };
}

/**
 * A private redis-server on a random free port, for one test file. Fails loudly when the binary is missing or the
 * server does not come up: the Redis tier must never pass by testing nothing.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  if (!fs.existsSync(BINARY)) {
    throw new Error(`${BINARY} not found: install Debian's redis-server (apt-get install -y redis-server) or set REDIS_SERVER_BIN`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-redis-'));
  const port = await freeRandomPort();
  const certificates = options.tls ? makeCertificates(dir) : undefined;
  const args = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'notice'];
  if (certificates) {
    args.push('--port', '0', '--tls-port', String(port), '--tls-cert-file', certificates.cert, '--tls-key-file', certificates.key);
    args.push('--tls-ca-cert-file', certificates.ca, '--tls-auth-clients', 'no');
  } else {
    args.push('--port', String(port));
  }
  if (options.password) args.push('--requirepass', options.password);
  if (options.aclUser) args.push('--user', options.aclUser.name, 'on', `>${options.aclUser.password}`, '~*', '&*', '+@all');

  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) throw new Error('redis-server is already running');
    const started = spawn(BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      started.stdout!.on('data', onData);
      started.stderr!.on('data', onData);
      started.once('exit', (code) => {
        clearTimeout(timer);
        if (child === started) child = null;
        reject(new Error(`redis-server exited with ${code} while starting:\n${output}`));
      });
    });
    started.removeAllListeners('exit');
    started.once('exit', () => {
      if (child === started) child = null;
    });
  };
  const kill = async () => {
    const running = child;
    if (!running) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
    child = null;
  };
  await start();
  const scheme = options.tls ? 'rediss' : 'redis';
  return {
    port,
    caFile: certificates?.ca,
    url: (credentials) => `${scheme}://${credentials ? `${credentials}@` : ''}127.0.0.1:${port}/0`,
    start,
    kill,
    running: () => child !== null,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}
