import ICAL from 'ical.js';
import * as nodeIcal from 'node-ical';
import { PUBLIC_URL } from './test-app';

/** The host in UIDs (`<id>@<host>`): PUBLIC_URL's. */
export const UID_HOST = new URL(PUBLIC_URL).hostname;

/**
 * iCalendar answers read by two independent parsers nobody here wrote (issue 16): ical.js (Mozilla's, used by
 * Thunderbird; applies the feed's VTIMEZONEs) and node-ical (looks TZIDs up in its own IANA data). Both are reduced to
 * one shape so tests compare them with each other and with the JSON answer.
 */
export interface ParsedEvent {
  uid: string;
  summary: string;
  allDay: boolean;
  /** Timed: the instant (`toISOString()`); all-day: the day, `YYYY-MM-DD`. */
  start: string;
  /** The end, exclusive for all-day events (the day after the last day); the start when there is no DTEND. */
  end: string;
  location: string | null;
  description: string | null;
  sequence: number;
  status: string | null;
  url: string | null;
}

export type Parser = (text: string) => ParsedEvent[];

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export const parseWithIcalJs: Parser = (text) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  // As a calendar app does: the feed's own VTIMEZONEs define its TZIDs (and no zone left from another feed).
  ICAL.TimezoneService.reset();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const e = new ICAL.Event(vevent);
    const allDay = e.startDate.isDate;
    const when = (t: ICAL.Time) => (allDay ? t.toString() : t.toJSDate().toISOString());
    const text = (name: string) => {
      const value = vevent.getFirstPropertyValue(name);
      return value === null || value === undefined ? null : String(value);
    };
    return {
      uid: e.uid,
      summary: e.summary,
      allDay,
      start: when(e.startDate),
      end: when(e.endDate),
      location: text('location'),
      description: text('description'),
      sequence: e.sequence,
      status: text('status'),
      url: text('url'),
    };
  });
};

export const parseWithNodeIcal: Parser = (text) => {
  const parsed = nodeIcal.sync.parseICS(text);
  return Object.values(parsed)
    .filter((c): c is nodeIcal.VEvent => c?.type === 'VEVENT')
    .map((e) => {
      const start = e.start as Date & { dateOnly?: boolean };
      const allDay = start.dateOnly === true;
      // node-ical builds date-only values at local midnight.
      const when = (d: Date) => (allDay ? day(d) : d.toISOString());
      const text = (value: unknown) => {
        if (value === undefined || value === null) return null;
        return typeof value === 'object' && 'val' in (value as object) ? String((value as { val: unknown }).val) : String(value);
      };
      return {
        uid: e.uid,
        summary: text(e.summary) ?? '',
        allDay,
        start: when(start),
        end: when((e.end as Date | undefined) ?? start),
        location: text(e.location),
        description: text(e.description),
        sequence: Number(e.sequence ?? 0),
        status: text(e.status),
        url: text(e.url),
      };
    });
};

export const PARSERS: Array<[string, Parser]> = [
  ['ical.js', parseWithIcalJs],
  ['node-ical', parseWithNodeIcal],
];

/** The text of an iCalendar answer with folded lines joined (RFC 5545 §3.1). */
export const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

/** The unfolded content lines of an iCalendar text (without their CRLF). */
export const contentLines = (text: string) => unfold(text).split('\r\n').filter((line) => line !== '');

type Json = Record<string, any>;

const iso = (utcWallClock: string) => `${utcWallClock.replace(' ', 'T')}.000Z`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The venue line a VEVENT's LOCATION shows: the first venue's name and address. */
function locationOf(venue: Json | Json[]): string | null {
  const first = Array.isArray(venue) ? venue[0] : venue;
  if (!first) return null;
  return [first.venue, first.address, first.city, first.stateprovince, first.zip, first.country].filter((part) => part).join(', ');
}

/** What the parsers must read for a JSON event; `reference` is the same event unmasked (all_day is null when masked). */
function expectedOf(e: Json, reference: Json = e): Omit<ParsedEvent, 'description' | 'sequence' | 'status' | 'url'> {
  const allDay = reference.all_day === true;
  return {
    uid: `${e.id}@${UID_HOST}`,
    summary: e.title,
    allDay,
    start: allDay ? e.start_date.slice(0, 10) : iso(e.utc_start_date),
    end: allDay ? nextDay(e.end_date.slice(0, 10)) : iso(e.utc_end_date),
    location: locationOf(e.venue),
  };
}

/**
 * Both parsers read the feed as the JSON list says: the same events in the same order, the same instants (timed) or
 * days (all-day, end exclusive), titles and locations. `references`: unmasked copies of protected items (by id).
 */
export function expectSameEvents(feed: string, events: Json[], references: Map<number, Json> = new Map()): void {
  const want = events.map((e) => expectedOf(e, references.get(e.id) ?? e));
  for (const [name, parse] of PARSERS) {
    const got = parse(feed).map(({ uid, summary, allDay, start, end, location }) => ({ uid, summary, allDay, start, end, location }));
    expect({ parser: name, events: got }).toEqual({ parser: name, events: want });
  }
}
