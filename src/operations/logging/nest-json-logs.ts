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

/** Nest's contexts that log one line per mapped route at startup (about 60): details for `LOG_LEVEL=debug` only. */
const ROUTE_MAPPING = new Set(['RoutesResolver', 'RouterExplorer']);

/**
 * `inner` with the route mapping lines at debug instead of info, so a terminal's last startup lines are the service's
 * own (the development token block, "Listening on …").
 */
export function withQuietRouteMapping(inner: LoggerService): LoggerService {
  const quiet: LoggerService = {
    log: (message: unknown, ...rest: unknown[]) => {
      const context = rest[rest.length - 1];
      if (typeof context === 'string' && ROUTE_MAPPING.has(context)) return inner.debug?.(message, ...rest);
      return inner.log(message, ...rest);
    },
    error: (message: unknown, ...rest: unknown[]) => inner.error(message, ...rest),
    warn: (message: unknown, ...rest: unknown[]) => inner.warn(message, ...rest),
    debug: (message: unknown, ...rest: unknown[]) => inner.debug?.(message, ...rest),
    verbose: (message: unknown, ...rest: unknown[]) => inner.verbose?.(message, ...rest),
    fatal: (message: unknown, ...rest: unknown[]) => (inner.fatal ?? inner.error).call(inner, message, ...rest),
  };
  return quiet;
}

/** Sends Nest's `Logger` output (also before the app exists, e.g. startup messages) to the process logger. */
export function routeNestLogsTo(log: Pino): void {
  NestLogger.overrideLogger(withQuietRouteMapping(nestLoggerOn(log)));
}
