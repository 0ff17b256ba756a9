import { driverErrorCode } from './driver-error-code';

/**
 * Error codes of a database that cannot be reached or dropped the connection (Node's socket errors, mysql2's protocol
 * ones, the server shutting down or refusing more clients). Such a failure is the same for every request while it
 * lasts, unlike a bug, which is worth one log entry per request.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CONNECTION_KILLED',
]);

/** A request failed because the database connection failed (TypeORM copies the driver's `code` onto its error). */
export function isDatabaseConnectionError(e: unknown): boolean {
  const code = driverErrorCode(e);
  return code !== undefined && CONNECTION_CODES.has(code);
}

/** How often a continuing outage is named again, with the number of requests it failed meanwhile. */
export const OUTAGE_LOG_INTERVAL_MS = 30_000;

interface OutageLogger {
  error(message: unknown, ...rest: unknown[]): void;
  debug(message: unknown, ...rest: unknown[]): void;
}

/**
 * Logs request failures caused by an unreachable database once per OUTAGE_LOG_INTERVAL_MS instead of once per request.
 * A black-box probe (MariaDB killed under 10 clients, 2026-11-27) found one error line with a stack trace per request:
 * about 1,150 in the 8 s the server was down, burying the one fact that mattered. The other requests are still logged
 * at debug with their request id, and every one keeps its request-log line (status 500, request id). Process-wide:
 * the exception filter and the transport middleware each have their own Logger but report the same outage.
 */
export class DatabaseOutageLog {
  private lastLoggedAt = -Infinity;
  private suppressed = 0;

  constructor(private readonly now: () => number = Date.now) {}

  report(logger: OutageLogger, fields: Record<string, unknown>, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    const at = this.now();
    if (at - this.lastLoggedAt < OUTAGE_LOG_INTERVAL_MS) {
      this.suppressed += 1;
      logger.debug({ ...fields, err: reason }, 'request failed: database connection failed (already reported)');
      return;
    }
    const failedMeanwhile = this.suppressed;
    this.lastLoggedAt = at;
    this.suppressed = 0;
    logger.error(
      { ...fields, err: reason, failedSinceLastReport: failedMeanwhile },
      `database connection failed: ${reason}; requests failing the same way are logged at debug for the next ${OUTAGE_LOG_INTERVAL_MS / 1000} s`,
    );
  }
}

export const databaseOutageLog = new DatabaseOutageLog();
