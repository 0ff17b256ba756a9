import type { Server } from 'node:http';
import { loadConfig } from '../../config/app-config';
import { ContractExpressAdapter } from './contract-express-adapter';

describe('ContractExpressAdapter', () => {
  it('creates its HTTP server with the 64 KiB header limit and the configured connection timeouts', () => {
    const config = loadConfig({});
    const adapter = new ContractExpressAdapter(config);
    adapter.initHttpServer({});
    const server = adapter.getHttpServer() as Server & { connectionsCheckingInterval: number; maxHeaderSize: number };
    expect(server.maxHeaderSize).toBe(64 * 1024);
    expect(server.headersTimeout).toBe(30_000);
    expect(server.requestTimeout).toBe(50_000);
    expect(server.connectionsCheckingInterval).toBe(3000);
    expect(server.keepAliveTimeout).toBe(65_000);
    // A request in progress is cut within 60 s of its first byte; an idle keep-alive connection lives 65 s.
    expect(server.requestTimeout + server.connectionsCheckingInterval).toBeLessThanOrEqual(60_000);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
  });
});
