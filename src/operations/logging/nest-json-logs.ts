import { Logger as NestLogger, LoggerService } from '@nestjs/common';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { Logger as Pino } from 'pino';

/**
 * Nest's log calls (bootstrap, modules, exceptions) as lines of the process logger with Nest's context, through
 * nestjs-pino's Logger. nestjs-pino keeps the logger for calls outside a request in module state, set by the first
 * PinoLogger made in the process: one process has one root logger (main.ts), so that is the one.
 */
export function nestLoggerOn(log: Pino): LoggerService {
  const params = { pinoHttp: { logger: log } };
  return new Logger(new PinoLogger(params), params);
}

/** Sends Nest's `Logger` output (also before the app exists, e.g. startup messages) to the process logger. */
export function routeNestLogsTo(log: Pino): void {
  NestLogger.overrideLogger(nestLoggerOn(log));
}
