import * as net from 'node:net';
import { InFlightRequests } from '../../src/operations/http/in-flight-requests';
import { MAX_PIPELINED_REQUESTS } from '../../src/operations/http/pipelined-requests';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Connections that pipeline requests: a bound on the requests one connection may have waiting for answers, and every
 * request released when its connection goes, even those queued behind another answer (Node 20 emits nothing for them).
 */
describe('pipelined connections', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    const editor = await t.auth('editor');
    for (let i = 0; i < 12; i++) {
      await t.createEvent({ title: `Pipelined ${i}`, description: `<p>${'text '.repeat(2000)}</p>`, start_date: 'tomorrow 10am', end_date: 'tomorrow 11am' }, editor);
    }
  });
  afterAll(async () => t.close());

  const pipelined = (count: number) =>
    Array.from({ length: count }, (_, i) => `GET ${t.api}/events?per_page=12&_=${i} HTTP/1.1\r\nHost: x\r\n\r\n`).join('');

  it(`answers the first ${MAX_PIPELINED_REQUESTS} requests of a connection, then 429 with Connection: close, and closes it`, async () => {
    const { hostname: host, port: p } = new URL(t.server);
    const received = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(p), host, () => socket.write(pipelined(MAX_PIPELINED_REQUESTS + 10)));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([...Array(MAX_PIPELINED_REQUESTS).fill(200), 429]);
    const refusal = received.slice(received.lastIndexOf('HTTP/1.1 429'));
    expect(refusal).toMatch(/^connection: close\r$/im);
    expect(refusal).toMatch(/^retry-after: 1\r$/im);
    expect(refusal).toContain('"code":"rest_too_many_requests"');
  });

  it('releases the requests of a connection that pipelined and closed without reading', async () => {
    const inFlight = t.app.get(InFlightRequests);
    const { hostname: host, port: p } = new URL(t.server);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(p), host, () => {
        socket.write(pipelined(MAX_PIPELINED_REQUESTS));
        socket.pause(); // reads nothing: the answers queue on the server
        setTimeout(() => socket.destroy(), 300);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve());
    });
    for (let waited = 0; inFlight.size > 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(inFlight.size).toBe(0);
  });
});
