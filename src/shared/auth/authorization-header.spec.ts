import type { IncomingMessage } from 'node:http';
import { DomainError } from '../domain/errors';
import { authorizationHeader } from './authorization-header';

/** A request as Node's parser leaves it: `headers` keeps the first Authorization line, `rawHeaders` every line. */
function requestWith(lines: Array<[string, string]>): IncomingMessage {
  const headers: Record<string, string> = {};
  for (const [name, value] of lines) headers[name.toLowerCase()] ??= value;
  return { headers, rawHeaders: lines.flat() } as unknown as IncomingMessage;
}

const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('authorizationHeader', () => {
  it('is undefined without an Authorization header', () => {
    expect(authorizationHeader(requestWith([['Host', 'x'], ['Accept', '*/*']]))).toBeUndefined();
  });

  it('is the value of the one Authorization header, whatever the spelling of its name', () => {
    expect(authorizationHeader(requestWith([['Host', 'x'], ['aUtHoRiZaTiOn', 'Bearer a.b.c']]))).toBe('Bearer a.b.c');
  });

  it.each([
    [[['Authorization', 'Bearer a.b.c'], ['authorization', 'Bearer d.e.f']]],
    [[['authorization', ''], ['Host', 'x'], ['AUTHORIZATION', 'Bearer a.b.c']]],
  ] as Array<[Array<[string, string]>]>)('refuses two or more Authorization headers as a malformed token (%j)', (lines) => {
    const error = thrown(() => authorizationHeader(requestWith(lines)));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'rest_invalid_token' });
  });

  it('does not count other headers whose names merely contain the word', () => {
    const lines: Array<[string, string]> = [['Authorization', 'Bearer a.b.c'], ['Proxy-Authorization', 'Basic x'], ['X-Authorization', 'y']];
    expect(authorizationHeader(requestWith(lines))).toBe('Bearer a.b.c');
  });
});
