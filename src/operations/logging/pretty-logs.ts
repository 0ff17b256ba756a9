import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

/** The fields of a request line, shown on the line itself rather than below it. */
const REQUEST_FIELDS = ['requestId', 'method', 'route', 'path', 'status', 'durationMs', 'userId', 'clientAddress'];

/** Pretty lines on a developer's terminal; JSON lines everywhere else (pipes, files, containers, production). */
export function wantsPrettyLogs(nodeEnv: string, stdout: { isTTY?: boolean } = process.stdout): boolean {
  return stdout.isTTY === true && nodeEnv !== 'production';
}

/** One readable line per log call: `GET /wp-json/… 200 1.3 ms` for requests, `[Context] message` for the rest. */
export function formatPrettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  if (typeof log.method === 'string' && typeof log.status === 'number') {
    const duration = typeof log.durationMs === 'number' ? ` ${log.durationMs.toFixed(1)} ms` : '';
    const aborted = message === 'request aborted' ? ' (aborted)' : '';
    return `${log.method} ${String(log.path)} ${log.status}${duration}${aborted}`;
  }
  return typeof log.context === 'string' ? `[${log.context}] ${message}` : message;
}

/** pino-pretty in the process (synchronous, so the last lines before an exit are not lost), coloured. */
export function prettyLogStream(): DestinationStream {
  return pretty({
    sync: true,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', 'context', ...REQUEST_FIELDS].join(','),
    messageFormat: (log, messageKey) => formatPrettyMessage(log, messageKey),
  });
}
