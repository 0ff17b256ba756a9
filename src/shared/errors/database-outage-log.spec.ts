import type { Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiRequest } from '../http/api-request';
import { handleError } from '../http/error.filter';
import { DatabaseOutageLog, isDatabaseConnectionError, OUTAGE_LOG_INTERVAL_MS } from './database-outage-log';

/** An error as mysql2 (through TypeORM) reports a refused or dropped database connection. */
function connectionError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, errno: -111, fatal: true });
}

function fakeLogger() {
  return { error: jest.fn(), debug: jest.fn(), warn: jest.fn(), log: jest.fn() };
}

function fakeExchange(): { req: ApiRequest; res: Response; sent: Array<{ status: number; body: unknown }> } {
  const sent: Array<{ status: number; body: unknown }> = [];
  let status = 0;
  const res = {
    headersSent: false,
    status: (s: number) => ((status = s), res),
    setHeader: () => res,
    removeHeader: () => res,
    end: (bytes?: Buffer) => sent.push({ status, body: bytes ? JSON.parse(bytes.toString()) : undefined }),
  };
  const req = { method: 'GET', path: '/wp-json/calendar/events/v1/events', params: {}, state: { locale: 'en', requestId: 'r-1' } };
  return { req: req as unknown as ApiRequest, res: res as unknown as Response, sent };
}

describe('database outage log', () => {
  it('names a database outage once, not once per failed request (a black-box probe found one stack trace per request)', () => {
    const logger = fakeLogger();
    for (let i = 0; i < 50; i += 1) {
      const { req, res, sent } = fakeExchange();
      const e = i % 2 ? connectionError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:3306') : connectionError('ECONNRESET', 'read ECONNRESET');
      handleError(e, req, res, logger as unknown as Logger);
      // The answer itself is unchanged: the contract's internal_error, no driver message.
      expect(sent[0].status).toBe(500);
      expect(sent[0].body).toEqual({ code: 'internal_error', message: 'An unexpected error occurred.', data: { status: 500, request_id: 'r-1' } });
    }
    expect(logger.error.mock.calls.length).toBeLessThanOrEqual(1);
    expect(logger.debug.mock.calls.length).toBeGreaterThanOrEqual(49);
  });

  it('still logs every other unexpected error with its stack', () => {
    const logger = fakeLogger();
    for (let i = 0; i < 3; i += 1) {
      const { req, res } = fakeExchange();
      handleError(new TypeError('boom'), req, res, logger as unknown as Logger);
    }
    expect(logger.error).toHaveBeenCalledTimes(3);
  });

  it('names a continuing outage again after the interval, with the number of requests it failed meanwhile', () => {
    let now = 0;
    const log = new DatabaseOutageLog(() => now);
    const logger = fakeLogger();
    const e = connectionError('PROTOCOL_CONNECTION_LOST', 'Connection lost: The server closed the connection.');
    log.report(logger, {}, e);
    for (let i = 0; i < 5; i += 1) log.report(logger, {}, e);
    now += OUTAGE_LOG_INTERVAL_MS;
    log.report(logger, {}, e);
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error.mock.calls[1][0]).toMatchObject({ failedSinceLastReport: 5 });
    expect(logger.debug).toHaveBeenCalledTimes(5);
  });

  it('tells connection failures from other database errors', () => {
    expect(isDatabaseConnectionError(connectionError('ECONNREFUSED', 'x'))).toBe(true);
    expect(isDatabaseConnectionError({ driverError: { code: 'PROTOCOL_CONNECTION_LOST' } })).toBe(true);
    expect(isDatabaseConnectionError(Object.assign(new Error('dup'), { code: 'ER_DUP_ENTRY' }))).toBe(false);
    expect(isDatabaseConnectionError(new Error('plain'))).toBe(false);
    expect(isDatabaseConnectionError(null)).toBe(false);
  });
});
