import type { Request } from 'express';
import type { Caller } from '../domain/caller';
import type { Locale } from '../i18n/error-messages';

/** What the transport middleware and the guards attach to each request. */
interface RequestState {
  requestId: string;
  locale: Locale;
  /** The public base address of the namespace the request arrived on: `{api}` or `{api_es}`. */
  apiBase: string;
  /** Query string parsed with bracket lists/objects (CONTRACT §1.4). */
  query: Record<string, unknown>;
  /** Parsed body: always an object (empty when there was no body). */
  body: Record<string, unknown>;
  caller?: Caller;
  startedAt: bigint;
}

export type ApiRequest = Request & { state: RequestState };

export const NAMESPACE = 'calendar/events/v1';

/**
 * The parameters of a request: for every non-path parameter the body is read first, then the query string
 * (CONTRACT §1.4); GET and HEAD ignore any body.
 */
export function requestParams(req: ApiRequest): Record<string, unknown> {
  const { query, body } = req.state;
  if (req.method === 'GET' || req.method === 'HEAD') return { ...query };
  return { ...query, ...body };
}
