import { Logger, LoggerService } from '@nestjs/common';
import type { Logger as Pino } from 'pino';

/** Nest's log calls (bootstrap, modules, exceptions) as JSON lines of the process logger, with Nest's context. */
export class NestJsonLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes `(message, context)` or `(message, stack, context)`; the last string is the context. */
  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const strings = rest.filter((r): r is string => typeof r === 'string');
    const context = strings.length > 0 ? strings[strings.length - 1] : undefined;
    const stack = level === 'error' && strings.length > 1 ? strings[0] : undefined;
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...message });
    else this.pino[level]({ context, ...(stack ? { stack } : {}) }, String(message));
  }
}

/** Sends Nest's `Logger` output (also before the app exists, e.g. startup messages) to the JSON logger. */
export function routeNestLogsTo(log: Pino): void {
  Logger.overrideLogger(new NestJsonLogger(log));
}
