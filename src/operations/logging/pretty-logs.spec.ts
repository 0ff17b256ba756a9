import { formatPrettyMessage, wantsPrettyLogs } from './pretty-logs';

describe('pretty logs', () => {
  it('are for a terminal outside production only', () => {
    expect(wantsPrettyLogs('development', { isTTY: true })).toBe(true);
    expect(wantsPrettyLogs('production', { isTTY: true })).toBe(false);
    expect(wantsPrettyLogs('development', { isTTY: false })).toBe(false);
    expect(wantsPrettyLogs('development', {})).toBe(false);
  });

  it('put a request on one line and show the context of other lines', () => {
    const request = { msg: 'request completed', method: 'GET', path: '/wp-json/calendar/events/v1/events', status: 200, durationMs: 1.26 };
    expect(formatPrettyMessage(request, 'msg')).toBe('GET /wp-json/calendar/events/v1/events 200 1.3 ms');
    expect(formatPrettyMessage({ ...request, msg: 'request aborted', status: 0 }, 'msg')).toBe(
      'GET /wp-json/calendar/events/v1/events 0 1.3 ms (aborted)',
    );
    expect(formatPrettyMessage({ msg: 'Redis commands connection ready', context: 'Redis' }, 'msg')).toBe('[Redis] Redis commands connection ready');
    expect(formatPrettyMessage({ msg: 'migrations applied' }, 'msg')).toBe('migrations applied');
  });
});
