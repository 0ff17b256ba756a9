import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';

/** The node flags `npm start` runs the service with (package.json's start script), so the tier runs what ships. */
export function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** Resident memory of a process now and at its peak (Linux /proc), in MB. */
export function residentMb(pid: number): { now: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Forgets the peak so far (writing 5 to clear_refs resets VmHWM), so the next `residentMb().peak` is one load's. */
export function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * One connection that pipelines `count` list requests in one write and closes `holdMs` later without reading a byte
 * of the answers: the client that once left its requests in flight for ever.
 */
export function droppedPipeline(port: number, count: number, holdMs: number, path = '/wp-json/calendar/events/v1/events?per_page=50&start_date=2000-01-01'): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: '127.0.0.1', port }, () => {
      const requests = Array.from({ length: count }, (_, i) => `GET ${path}&_=${i} HTTP/1.1\r\nHost: x\r\n\r\n`).join('');
      socket.write(requests);
      socket.pause(); // read nothing
      setTimeout(() => socket.destroy(), holdMs);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  body?: string;
}

/** A GET read to the end; the body kept only when `keepBody`. */
export function fetchAnswer(url: string, keepBody = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const parts: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keepBody) parts.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, body: keepBody ? Buffer.concat(parts).toString('utf8') : undefined }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** JSON request with a bearer token. */
export function sendJson(url: string, method: string, token: string, body: unknown): Promise<{ status: number; body: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, agent: false, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': payload.length } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs `tasks` with at most `width` at a time; their results in order. */
export async function atMost<T>(width: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
  return results;
}

/** Rich text of about `chars` characters: paragraphs of plain words, as an author pastes a long programme. */
export function longDescription(chars: number, seed: number): string {
  const words = ['concert', 'orchestra', 'symphony', 'tickets', 'programme', 'interval', 'soloist', 'encore', 'venue', 'season'];
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars - 200; i++) {
    const paragraph = `<p>${Array.from({ length: 40 }, (_, j) => words[(i * 7 + j * 3 + seed) % words.length]).join(' ')} ${seed}-${i}</p>`;
    parts.push(paragraph);
    length += paragraph.length;
  }
  return parts.join('');
}

/** The in-flight gauge of /metrics (the scrape itself counts as one). */
export async function inFlight(base: string): Promise<number> {
  const res = await fetchAnswer(`${base}/metrics`, true);
  return Number(/^http_requests_in_flight (\d+)/m.exec(res.body ?? '')?.[1] ?? NaN) - 1;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
