import * as http from 'node:http';
import { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';

/**
 * Express adapter whose HTTP server accepts header blocks up to 64 KiB (CONTRACT §1.4), so that a long URL (over
 * 16 KiB) reaches the service and gets the contract's JSON 414 instead of Node's bare 431.
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
}
