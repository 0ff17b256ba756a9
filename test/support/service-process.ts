import { ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/**
 * The service as `node main.js` runs it, compiled from the current sources (transpiled file by file, as ts-jest does
 * with isolatedModules) into a temporary folder that is reused while the sources are unchanged. Tests that need a real
 * process (signals, cluster workers) start it from there.
 */
export function builtService(): string {
  const srcDir = path.join(ROOT, 'src');
  const files = sourceFiles(srcDir).sort();
  const hash = createHash('sha256');
  const texts = files.map((f) => {
    const text = fs.readFileSync(f, 'utf8');
    hash.update(f).update(text);
    return text;
  });
  const outDir = path.join(os.tmpdir(), `calendar-service-${hash.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(path.join(outDir, 'main.js'))) return path.join(outDir, 'main.js');
  const staging = fs.mkdtempSync(`${outDir}-staging-`);
  const compilerOptions: ts.CompilerOptions = {
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    esModuleInterop: true,
    isolatedModules: true,
  };
  // The packages, for code loaded from here without NODE_PATH (a worker thread started by a test's own process).
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(staging, 'node_modules'), 'dir');
  files.forEach((file, i) => {
    const out = ts.transpileModule(texts[i], { compilerOptions, fileName: file }).outputText;
    const target = path.join(staging, path.relative(srcDir, file)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, out);
  });
  try {
    fs.renameSync(staging, outDir);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another worker finished the same build first
  }
  return path.join(outDir, 'main.js');
}

/** The compiled worker that cleans long rich texts (`OffLoopTextCleaning`), from `builtService`'s folder. */
export const builtTextCleaningWorker = (): string => path.join(path.dirname(builtService()), 'shared', 'text', 'rich-text.worker.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** Resolves when the output contains `text` (rejects if the process exits first). */
  waitForOutput: (text: string | RegExp) => Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Starts the built service (or `main`) with `env` on a free port, node run with `nodeArgs`; resolves once /health/live
 * answers.
 */
export async function startService(env: Record<string, string>, nodeArgs: string[] = [], main = builtService()): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_PATH: path.join(ROOT, 'node_modules'), PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const l of [...listeners]) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => {
    done = true;
    for (const l of [...listeners]) l();
  });
  const waitForOutput = (text: string | RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const found = typeof text === 'string' ? output.includes(text) : text.test(output);
        if (found) {
          listeners.delete(check);
          resolve();
        } else if (done) {
          listeners.delete(check);
          reject(new Error(`service exited before writing ${String(text)}; output:\n${output}`));
        }
      };
      listeners.add(check);
      check();
    });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (done) throw new Error(`service exited during startup:\n${output}`);
    const status = await get(`${base}/health/live`).then((r) => r.status, () => 0);
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, base, output: () => output, waitForOutput, exited };
}

export interface SimpleResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function get(url: string, headers: Record<string, string> = {}): Promise<SimpleResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

/**
 * A request whose body is streamed in two parts, so it stays in flight on the server until `finish()` is called:
 * a slow client, without any test-only route.
 */
export function slowRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  firstPart: string,
): { finish: (rest: string) => Promise<SimpleResponse> } {
  let settle!: (r: SimpleResponse) => void;
  let fail!: (e: Error) => void;
  const response = new Promise<SimpleResponse>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const req = http.request(url, { method, headers: { ...headers, 'Transfer-Encoding': 'chunked' }, agent: false }, (res) => {
    let body = '';
    res.on('data', (c: Buffer) => (body += c.toString('utf8')));
    res.on('end', () => settle({ status: res.statusCode ?? 0, headers: res.headers, body }));
  });
  req.on('error', fail);
  response.catch(() => undefined); // a cut-off request is the expected outcome of some tests; they await finish()
  req.write(firstPart);
  return {
    finish: (rest: string) => {
      req.end(rest);
      return response;
    },
  };
}

/** Polls /metrics until the in-flight gauge (this scrape included) reaches `count`. */
export async function waitForInFlight(base: string, count: number): Promise<void> {
  for (;;) {
    const res = await get(`${base}/metrics`);
    const match = /^http_requests_in_flight (\d+)/m.exec(res.body);
    if (match && Number(match[1]) >= count) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface IdleKeepAliveConnection {
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
  /** When the connection became idle (its response was read), as Date.now(). */
  idleSince: number;
  /** The server's keep-alive timeout (from its `Keep-Alive: timeout=…` header): it closes idle connections by then anyway. */
  keepAliveTimeoutMs: number;
}

/**
 * A client that made one request on a keep-alive connection and keeps it open, idle, like a gateway's connection pool.
 */
export function idleKeepAliveConnection(url: string): Promise<IdleKeepAliveConnection> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      const match = /timeout=(\d+)/.exec(String(res.headers['keep-alive'] ?? ''));
      if (res.headers.connection !== 'keep-alive' || !match) {
        reject(new Error(`the server did not keep the connection alive: ${JSON.stringify(res.headers)}`));
        return;
      }
      const closed = new Promise<void>((done) => req.socket!.once('close', () => done()));
      void closed.then(() => agent.destroy());
      res.resume();
      res.on('end', () => resolve({ closed, idleSince: Date.now(), keepAliveTimeoutMs: Number(match[1]) * 1000 }));
    });
    req.on('error', reject);
  });
}
