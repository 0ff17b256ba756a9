import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { ShutdownState } from '../health/shutdown-state';
import { InFlightRequests } from '../http/in-flight-requests';
import { within } from '../within';

/**
 * How long closing the application and its database pools may take once requests are done. A database that hangs never
 * answers the pool's goodbyes (mysql2 waits for each connection's end for ever): past this the process exits without
 * them, instead of never (found by a probe: SIGTERM during a hang, after a readiness ping stuck on a connection).
 */
const TEARDOWN_LIMIT_MS = 2000;

/** What the teardown is closing, so that a teardown out of time names it. */
interface Teardown {
  closing: 'application' | 'database pool';
}

/** Closes the application (its modules' shutdown hooks: Redis connections among them), then its database pools. */
async function closeApplication(app: INestApplication, dataSource: DataSource, teardown: Teardown): Promise<boolean> {
  await app.close();
  teardown.closing = 'database pool';
  if (dataSource.isInitialized) await dataSource.destroy();
  return true;
}

const teardownLate: Record<Teardown['closing'], string> = {
  application: 'shutdown: the application did not close in time (a module\'s shutdown hook is hanging; the database pool was not closed yet); exiting without it',
  'database pool': 'shutdown: the database pool did not close in time (is the database hanging?); exiting without it',
};

/**
 * Graceful shutdown (CONTRACT §13.7): readiness turns 503 at once; the listener stops accepting; idle keep-alive
 * connections close and busy ones answer with `Connection: close`; in-flight requests get up to `graceMs`; then the
 * database pool closes, within TEARDOWN_LIMIT_MS. Resolves with the exit status: 0, or 1 when requests had to be cut off.
 */
export async function shutDownGracefully(
  app: INestApplication,
  dataSource: DataSource,
  graceMs: number,
  log: Logger,
): Promise<number> {
  app.get(ShutdownState).begin();
  const inFlight = app.get(InFlightRequests);
  const server = app.getHttpServer() as Server;
  log.info({ inFlight: inFlight.size, graceMs }, 'shutdown: no longer accepting connections');
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  for (const res of inFlight.responses()) if (!res.headersSent) res.setHeader('Connection', 'close');
  const drained = await inFlight.drained(graceMs);
  if (!drained) log.warn({ inFlight: inFlight.size }, 'shutdown: grace period over, cutting off requests');
  // Let finished responses leave their sockets, then drop whatever is left (half-received requests, stragglers).
  await Promise.race([closed, new Promise((r) => setTimeout(r, drained ? 1000 : 0))]);
  server.closeAllConnections();
  const teardown: Teardown = { closing: 'application' };
  if (!(await within(closeApplication(app, dataSource, teardown), TEARDOWN_LIMIT_MS))) {
    log.warn({ limitMs: TEARDOWN_LIMIT_MS, closing: teardown.closing }, teardownLate[teardown.closing]);
  }
  log.info({ exitCode: drained ? 0 : 1 }, 'shutdown complete');
  return drained ? 0 : 1;
}

/** Runs `shutDownGracefully` once on the first SIGTERM or SIGINT, then exits with its status. */
export function exitGracefullyOnSignals(app: INestApplication, dataSource: DataSource, graceMs: number, log: Logger): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    log.info({ signal }, 'shutdown requested');
    shutDownGracefully(app, dataSource, graceMs, log)
      .catch((error: unknown) => {
        log.error({ err: error instanceof Error ? error.message : String(error) }, 'shutdown failed');
        return 1;
      })
      .then((code) => log.flush(() => process.exit(code)));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
