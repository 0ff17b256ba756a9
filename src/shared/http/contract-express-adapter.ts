import * as http from 'node:http';
import { NestApplicationOptions, StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config';
import { sendJson } from './json-response';

/** The connection timeouts of the HTTP server (see AppConfig). */
type ServerTimeouts = Pick<AppConfig, 'keepAliveTimeoutMs' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'timeoutCheckIntervalMs'>;

/** Header blocks (request line included) up to this size reach the service; larger ones get Node's 431 (CONTRACT §1.4). */
const MAX_HEADER_BLOCK_BYTES = 64 * 1024;

/**
 * Express adapter with these contract tweaks:
 * - its HTTP server accepts header blocks up to 64 KiB (CONTRACT §1.4), so that a long URL (over 16 KiB) reaches the
 *   service and gets the contract's JSON 414 instead of Node's bare 431;
 * - its HTTP server serves a request with an unknown `Expect` expectation instead of answering Node's bare 417;
 * - its HTTP server gets the connection timeouts (slow clients, idle keep-alive connections) when it is created, as
 *   `connectionsCheckingInterval` can only be set then: the e2e tests' `app.listen` and `main.ts` get the same server;
 * - controller answers are written by `sendJson`, like errors (CONTRACT §1.5: `charset=UTF-8`; Express' `res.json`
 *   would write `utf-8`).
 */
export class ContractExpressAdapter extends ExpressAdapter {
  constructor(private readonly timeouts: ServerTimeouts) {
    super();
  }

  initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions) {
      super.initHttpServer(options);
      return;
    }
    const server = http.createServer(
      {
        maxHeaderSize: MAX_HEADER_BLOCK_BYTES,
        // A request in progress (headers, then body) is cut with 408 once these run out, counted from its first byte;
        // Node checks every connectionsCheckingInterval. Idle keep-alive connections are not checked by these.
        headersTimeout: this.timeouts.headersTimeoutMs,
        requestTimeout: this.timeouts.requestTimeoutMs,
        connectionsCheckingInterval: this.timeouts.timeoutCheckIntervalMs,
      },
      this.getInstance(),
    );
    // A gateway reuses idle connections for up to its own idle timeout (often 60 s); closing them sooner (Node's
    // default is 5 s) races with the gateway's next request on that connection and shows as sporadic 502s.
    server.keepAliveTimeout = this.timeouts.keepAliveTimeoutMs;
    // An `Expect` other than 100-continue: Node would answer a bare 417 with none of the contract's headers (request id,
    // security headers, CORS) and no log line or metric. RFC 9110 §10.1.1 lets a server ignore it instead (as nginx
    // does), so the request is served as if it had none.
    server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => server.emit('request', req, res));
    this.httpServer = server;
    if (options?.forceCloseConnections) (this as unknown as { trackOpenConnections(): void }).trackOpenConnections();
  }

  reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body !== null && typeof body === 'object' && !(body instanceof StreamableFile)) {
      sendJson(response.req as Request, response, statusCode ?? response.statusCode, body);
      return undefined;
    }
    return super.reply(response, body, statusCode);
  }
}
