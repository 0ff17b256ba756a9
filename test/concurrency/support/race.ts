import * as http from 'node:http';

/** One request of a race: method, path (with query) and an optional JSON body and headers. */
export interface RaceRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RaceAnswer {
  request: RaceRequest;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * Sends every request at once, each on a socket of its own (a fresh agent without keep-alive, no limit on sockets), so
 * the server sees them as that many concurrent clients. Answers come back in the order of the requests; `sockets` is how
 * many distinct connections carried them (the tests check it is one per request).
 */
export async function race(server: string, requests: RaceRequest[]): Promise<{ answers: RaceAnswer[]; sockets: number }> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const sockets = new Set<unknown>();
  const target = new URL(server);
  try {
    const answers = await Promise.all(
      requests.map(
        (request) =>
          new Promise<RaceAnswer>((resolve, reject) => {
            const payload = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
            const req = http.request(
              {
                agent,
                host: target.hostname,
                port: target.port,
                method: request.method,
                path: request.path,
                headers: {
                  ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : {}),
                  ...request.headers,
                },
              },
              (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (c: Buffer) => chunks.push(c));
                res.on('end', () => {
                  const text = Buffer.concat(chunks).toString('utf8');
                  let body: unknown = text;
                  try {
                    body = text ? JSON.parse(text) : undefined;
                  } catch {
                    // not JSON: kept as text, and the test's status checks show it
                  }
                  resolve({ request, status: res.statusCode ?? 0, headers: res.headers, body });
                });
                res.on('error', reject);
              },
            );
            req.on('socket', (s) => sockets.add(s));
            req.on('error', reject);
            req.end(payload);
          }),
      ),
    );
    return { answers, sockets: sockets.size };
  } finally {
    agent.destroy();
  }
}

/** How many answers had each status, e.g. `{ 200: 1, 412: 49 }`. */
export function statusCounts(answers: RaceAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** Races per test: enough to make an interleaving bug show, few enough for CI (ROUNDS overrides). */
export const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? 5);
/** Concurrent requests per race: at least 50, well over the MySQL pool (10 connections by default). */
export const CLIENTS = 50;
