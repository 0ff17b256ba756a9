import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { answeredNotModified, sendWithEtag } from './etag';
import { JsonStream } from './json-bytes';

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

/**
 * A calendar too large to hold whole: its head, its VEVENTs made one at a time, its end, and what each VEVENT is
 * written from (`sources`).
 */
export interface CalendarTextParts {
  head: string;
  vevents: () => AsyncGenerator<string, void, undefined>;
  end: string;
  sources: () => AsyncGenerator<string, void, undefined>;
}

/**
 * `sendCalendar` for a calendar in parts: a strong ETag hashed from what the text is written from (the head, each
 * VEVENT's source, the end: the same sources always give the same text, and making it twice would double the cost of
 * the largest feeds), then, unless `If-None-Match` matches (a bare 304), the parts streamed as they are made.
 */
export async function sendCalendarParts(req: Request, res: Response, parts: CalendarTextParts): Promise<JsonStream | undefined> {
  res.vary('Accept');
  const hash = createHash('sha256').update('calendar in parts\n').update(parts.head);
  for await (const source of { [Symbol.asyncIterator]: parts.sources }) hash.update(source);
  const etag = `"${hash.update(parts.end).digest('hex').slice(0, 40)}"`;
  return answeredNotModified(res, etag, req.header('if-none-match')) ? undefined : new JsonStream(streamedParts(parts), CALENDAR_CONTENT_TYPE);
}

async function* streamedParts({ head, vevents, end }: CalendarTextParts): AsyncGenerator<Buffer, void, undefined> {
  yield Buffer.from(head);
  for await (const vevent of { [Symbol.asyncIterator]: vevents }) yield Buffer.from(vevent);
  yield Buffer.from(end);
}
