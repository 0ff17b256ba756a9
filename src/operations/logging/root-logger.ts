import pino, { DestinationStream, Logger } from 'pino';
import type { LogLevel } from '../../config/app-config';

/**
 * Keys whose values never reach a log line (CONTRACT §13.3). Request lines carry no headers, bodies or query strings at
 * all; this list guards anything else that might pass an object to the logger.
 */
const REDACTED = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'token',
  'password',
  'post_password',
  '*.authorization',
  '*.token',
  '*.password',
  '*.post_password',
];

/** The process' JSON logger: one object per line with an ISO time and the level's name. */
export function createRootLogger(level: LogLevel | 'silent', stream?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED, censor: '[redacted]' },
  };
  return stream ? pino(options, stream) : pino(options);
}
