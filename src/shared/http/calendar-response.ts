import type { Request, Response } from 'express';
import { sendWithEtag } from './etag';

/**
 * iCalendar answers (issue 16): routes that offer an event list or an event as `text/calendar` too. The query
 * parameter `ical` chooses (calendar apps cannot set headers; `ical=1` is what plugin sites use); without it, `Accept`
 * does, negotiated as Express negotiates (q-values, then specificity, then the header's order). JSON is the answer when
 * `Accept` is absent, accepts anything, or prefers JSON, so clients written for the plugin see no difference.
 */

/** The media type of iCalendar (RFC 5545 §8.1) and the Content-Type it is answered with. */
export const CALENDAR_MEDIA_TYPE = 'text/calendar';
const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

const OFFERED = ['application/json', CALENDAR_MEDIA_TYPE];

/**
 * Does `Accept` prefer iCalendar to JSON? Also used by the read cache, which keeps the two answers to one URL apart.
 */
export function acceptPrefersCalendar(req: Request): boolean {
  const accept = req.headers.accept;
  if (accept === undefined || accept === '*/*' || accept === 'application/json') return false;
  return req.accepts(OFFERED) === CALENDAR_MEDIA_TYPE;
}

/** Does the request ask for iCalendar: the `ical` parameter when sent, else `Accept`? */
export function wantsCalendar(req: Request, ical: boolean | undefined): boolean {
  return ical ?? acceptPrefersCalendar(req);
}

/**
 * Sends an iCalendar text (with `Vary: Accept`, as every answer of a route that offers both) and its strong ETag, or a
 * bare 304 when `If-None-Match` matches it (the same comparison as for JSON reads, CONTRACT §9.11).
 */
export function sendCalendar(req: Request, res: Response, text: string): string | undefined {
  res.vary('Accept');
  res.setHeader('Content-Type', CALENDAR_CONTENT_TYPE);
  return sendWithEtag(res, text, req.header('if-none-match'));
}
