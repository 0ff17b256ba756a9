import * as http from 'node:http';
import * as net from 'node:net';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request with `http.request` (no agent, `Connection: close`). A header given as an array goes on the wire as that
 * many header lines, e.g. two `Authorization` headers: supertest (superagent) would join or overwrite them.
 */
export function rawRequest(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string | string[]>,
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers: { ...headers, Connection: 'close' }, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface TrickleResult {
  /** Milliseconds from the first byte sent to the server closing the connection. */
  closedAfterMs: number;
  /** How many bytes of `text` had been sent when the server closed the connection. */
  bytesSent: number;
  /** Everything the server wrote before closing. */
  received: string;
}

/**
 * A slow client: over a raw socket, sends the first `atOnce` characters of `text` at once, then the rest one byte every
 * `everyMs`, and resolves when the server closes the connection (the client never does). Fails if the server kept the
 * connection for `giveUpMs`.
 */
export function trickle(origin: string, text: string, options: { everyMs: number; giveUpMs: number; atOnce?: number }): Promise<TrickleResult> {
  const { everyMs, giveUpMs, atOnce = 0 } = options;
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    let sent = 0;
    let firstByteAt = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(`the server kept a trickling connection for ${giveUpMs} ms (${sent} bytes sent)`));
    }, giveUpMs);
    const sendNext = () => {
      if (socket.destroyed || socket.writableEnded || sent >= text.length) return;
      if (sent === 0) firstByteAt = Date.now();
      const size = sent === 0 && atOnce > 0 ? atOnce : 1;
      socket.write(text.slice(sent, sent + size));
      sent += size;
      timer = setTimeout(sendNext, everyMs);
    };
    socket.on('connect', sendNext);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a reset is a close too
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - firstByteAt, bytesSent: sent, received });
    });
  });
}

/**
 * A keep-alive connection over a raw socket: `send` writes a complete request and resolves with the raw response text
 * once `until` matches what arrived; `closed` resolves when the server closes the connection.
 */
export function keepAliveSocket(origin: string): Promise<{
  send: (request: string, until: RegExp) => Promise<string>;
  closed: Promise<void>;
  destroy: () => void;
}> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let buffer = '';
    let waiter: (() => void) | undefined;
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      waiter?.();
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined);
    socket.once('connect', () =>
      resolve({
        send: (request, until) =>
          new Promise<string>((done, fail) => {
            buffer = '';
            waiter = () => {
              if (until.test(buffer)) {
                waiter = undefined;
                done(buffer);
              }
            };
            void closed.then(() => fail(new Error(`connection closed; received: ${buffer}`)));
            socket.write(request);
          }),
        closed,
        destroy: () => socket.destroy(),
      }),
    );
    socket.once('error', reject);
  });
}
