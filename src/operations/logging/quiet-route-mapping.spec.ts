import type { LoggerService } from '@nestjs/common';
import { withQuietRouteMapping } from './nest-json-logs';

describe('withQuietRouteMapping', () => {
  const recorder = () => {
    const lines: string[] = [];
    const record = (level: string) => (message: unknown, ...rest: unknown[]) => void lines.push(`${level} ${String(message)} [${rest.join(',')}]`);
    const inner: LoggerService = { log: record('info'), error: record('error'), warn: record('warn'), debug: record('debug'), verbose: record('verbose') };
    return { lines, logger: withQuietRouteMapping(inner) };
  };

  it("sends Nest's route mapping lines to debug and every other line to its own level", () => {
    const { lines, logger } = recorder();
    logger.log('Mapped {/events, GET} route', 'RouterExplorer');
    logger.log('EventsController {/events}:', 'RoutesResolver');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn('careful', 'Bootstrap');
    logger.error('broken', 'trace', 'Errors');
    expect(lines).toEqual([
      'debug Mapped {/events, GET} route [RouterExplorer]',
      'debug EventsController {/events}: [RoutesResolver]',
      'info Nest application successfully started [NestApplication]',
      'warn careful [Bootstrap]',
      'error broken [trace,Errors]',
    ]);
  });
});
