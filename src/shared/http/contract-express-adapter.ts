import * as http from 'node:http';
import { NestApplicationOptions, StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { sendJson } from './json-response';

/**
 * Express adapter with two contract tweaks:
 * - its HTTP server accepts header blocks up to 64 KiB (CONTRACT §1.4), so that a long URL (over 16 KiB) reaches the
 *   service and gets the contract's JSON 414 instead of Node's bare 431;
 * - controller answers are written by `sendJson`, like errors (CONTRACT §1.5: `charset=UTF-8`; Express' `res.json`
 *   would write `utf-8`).
 */
export class ContractExpressAdapter extends ExpressAdapter {
  initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions) {
      super.initHttpServer(options);
      return;
    }
    this.httpServer = http.createServer({ maxHeaderSize: 64 * 1024 }, this.getInstance());
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
