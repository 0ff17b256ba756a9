import { Logger } from '@nestjs/common';
import { Logger as PinoNestLogger, PinoLogger } from 'nestjs-pino';
import type { Logger as Pino } from 'pino';

/** Sends Nest's `Logger` output (also before the app exists, e.g. startup messages) to the JSON logger. */
export function routeNestLogsTo(log: Pino): void {
  Logger.overrideLogger(new PinoNestLogger(new PinoLogger({ pinoHttp: { logger: log } }), {}));
}
