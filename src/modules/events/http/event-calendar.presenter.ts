import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import ical, { ICalCalendar, ICalEventClass, ICalEventData, ICalEventStatus, ICalLocation, ICalOrganizer } from 'ical-generator';
import { DateTime } from 'luxon';
import { LRUCache } from 'lru-cache';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import type { RecordStatus } from '../../../shared/domain/policy';
import { fold } from '../../../shared/domain/text';
import { OffLoopTextCleaning } from '../../../shared/text/off-loop-text-cleaning';
import { richTextToPlain } from '../../../shared/domain/text-cleaning';
import { CALENDAR_FEED_TEXTS } from '../../../shared/i18n/calendar-feed-texts';
import type { Locale } from '../../../shared/i18n/error-messages';
import type { Organizer } from '../../organizers/domain/organizer';
import type { Term } from '../../terms/domain/term';
import type { Venue } from '../../venues/domain/venue';
import { EventViewReader } from '../application/event-view';
import type { CalendarEvent } from '../domain/calendar-event';
import type { ListedEvent } from '../domain/event.repository';
import type { CalendarTextParts } from '../../../shared/http/calendar-response';
import type { RenderBudget } from '../../../shared/http/render-budget';
import { withMeasuringTextEncoder } from './calendar-folding';
import { calendarPropertiesFirst } from './calendar-properties-first';
import { calendarZoneOf, vtimezoneOf } from './calendar-zones';

/** An event with what its VEVENT shows of its links, and whether it is masked (§6.11). */
interface CalendarItem {
  e: CalendarEvent;
  linked: Linked;
  hidden: boolean;
}

/**
 * The calendar's text, written by ical-generator with a measuring TextEncoder (`withMeasuringTextEncoder`). RFC 5545
 * §3.1: every content line ends with CRLF, the last one too (ical-generator leaves it off).
 */
function written(calendar: ICalCalendar): string {
  const text = withMeasuringTextEncoder(() => calendar.toString());
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** A VEVENT's first and last lines, with the line end before and after (a text value never holds a bare CRLF). */
const VEVENT_BEGINS = '\r\nBEGIN:VEVENT\r\n';
const VEVENT_ENDS = '\r\nEND:VEVENT\r\n';

/** What a VEVENT shows of an event's links. */
interface Linked {
  venues: Venue[];
  organizers: Organizer[];
  categories: Array<Pick<Term, 'id' | 'name'>>;
}

const NOTHING_LINKED: Linked = { venues: [], organizers: [], categories: [] };

/** Scheduled events are confirmed; drafts and pending reviews tentative; trashed events cancelled. */
const STATUS: Record<RecordStatus, ICalEventStatus> = {
  publish: ICalEventStatus.CONFIRMED,
  future: ICalEventStatus.CONFIRMED,
  private: ICalEventStatus.CONFIRMED,
  draft: ICalEventStatus.TENTATIVE,
  pending: ICalEventStatus.TENTATIVE,
  trash: ICalEventStatus.CANCELLED,
};

/** How often a subscribed calendar app should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 3600;

/**
 * Characters of calendar text kept for polls of unchanged feeds (about 12 feeds of 1,000 events): a 1,000-event feed
 * takes ~0.3 s to write (`withMeasuringTextEncoder`; over a second with ical-generator's own folding), its lookup here a
 * few milliseconds.
 */
const BUILT_MAX_CHARS = 8_000_000;

const utcDateTime = (wallClock: string) => DateTime.fromSQL(wallClock, { zone: 'utc' });

/**
 * Events as iCalendar (RFC 5545, issue 16), written by ical-generator: one VCALENDAR, one VEVENT per event in the
 * given order. A pure function of the events and their venues, organizers and categories (loaded by the read model in a
 * fixed number of statements, whatever the number of events), so the same data always gives the same bytes and the same ETag:
 * - no METHOD, so DTSTAMP is when the event was last changed in the store (RFC 5545 §3.8.7.2), as LAST-MODIFIED;
 * - UID `<id>@<PUBLIC_URL host>`, SEQUENCE the event's revision (0 when created, one more on every change);
 * - timed events in the event's zone or in UTC (calendar-zones.ts); all-day events as dates, DTEND the day after the
 *   last day (exclusive);
 * - a protected event the caller may not see unlocked (§6.11) shows, as in JSON lists, its title, dates, status and
 *   URL, and nothing of its description, venue, organizers or categories.
 * Being pure, a calendar is written once per distinct input: the text is kept under a hash of the events, their
 * links, what is masked and the language (BUILT_MAX_CHARS), so a poll of an unchanged feed costs its queries only.
 */
@Injectable()
export class EventCalendarPresenter {
  private readonly uidHost: string;
  private readonly publicUrl: string;
  /** Texts by the hash of what they are written from, least recently used out first past BUILT_MAX_CHARS. */
  private readonly built = new LRUCache<string, string>({ maxSize: BUILT_MAX_CHARS, sizeCalculation: (text) => Math.max(1, text.length) });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly views: EventViewReader,
    private readonly longTexts: OffLoopTextCleaning,
  ) {
    this.uidHost = new URL(config.publicUrl).hostname;
    this.publicUrl = config.publicUrl.replace(/\/+$/, '');
  }

  async calendar(events: CalendarEvent[], locale: Locale, masked: (e: CalendarEvent) => boolean): Promise<string> {
    const items = await this.itemsOf(events, masked);
    // Everything the text is written from (configuration and zone data are fixed for the process).
    const key = createHash('sha256').update(JSON.stringify([locale, items])).digest('base64');
    const kept = this.built.get(key);
    if (kept !== undefined) return kept;
    // Long descriptions made plain off the event loop (4 MB of escaped `<` held it ~2.6 s per read).
    const plain = await this.plainForms(items);
    const calendar = this.newCalendar(locale);
    for (const { e, linked, hidden } of items) calendar.createEvent(this.vevent(e, linked, hidden, plain));
    const text = calendarPropertiesFirst(written(calendar));
    this.built.set(key, text);
    return text;
  }

  /**
   * The same calendar as `calendar`, in parts whose concatenation is its text, for feeds too large to hold whole: the
   * head (the calendar's properties and time zones, written from the events' dates alone), one VEVENT per event, made
   * only when asked for, and the end; and `sources`, what each VEVENT is written from (as `calendar` keys its texts),
   * for a tag of the text without writing it. `whole` reads an event with the texts its row left out, within `budget`
   * until its VEVENT (or source) has been taken; events deleted meanwhile are left out (the head keeps their zone).
   */
  async calendarParts(
    rows: ListedEvent[],
    locale: Locale,
    masked: (e: CalendarEvent) => boolean,
    whole: (e: ListedEvent) => Promise<CalendarEvent | null>,
    budget: RenderBudget,
  ): Promise<CalendarTextParts> {
    const items = await this.itemsOf(rows, masked);
    const frame = this.newCalendar(locale);
    for (const { e, linked, hidden } of items) frame.createEvent(this.vevent(e, linked, hidden, () => ''));
    const framed = calendarPropertiesFirst(written(frame));
    const head = framed.slice(0, framed.indexOf(VEVENT_BEGINS) + 2);
    const end = framed.slice(framed.lastIndexOf('\r\nEND:VCALENDAR\r\n') + 2);
    const vevent = async (item: CalendarItem): Promise<string> => {
      const calendar = this.newCalendar(locale);
      calendar.createEvent(this.vevent(item.e, item.linked, item.hidden, await this.plainForms([item])));
      const alone = written(calendar);
      return alone.slice(alone.indexOf(VEVENT_BEGINS) + 2, alone.lastIndexOf(VEVENT_ENDS) + VEVENT_ENDS.length);
    };
    const source = async (item: CalendarItem): Promise<string> => JSON.stringify([locale, item]);
    /** Each item with its whole texts (a masked one needs none), within the budget until `make`'s text is taken. */
    const oneByOne = (make: (item: CalendarItem) => Promise<string>) =>
      async function* (): AsyncGenerator<string, void, undefined> {
        for (const item of items) {
          const row = item.e as ListedEvent;
          const leftOut = item.hidden ? undefined : row.textsLeftOut;
          const release = await budget.take(leftOut ?? 0);
          try {
            const e = leftOut === undefined ? row : await whole(row);
            if (e !== null) yield await make({ ...item, e });
          } finally {
            release();
          }
        }
      };
    return { head, vevents: oneByOne(vevent), end, sources: oneByOne(source) };
  }

  /** The events with what their VEVENTs show of their links (nothing of a masked event's). */
  private async itemsOf(events: CalendarEvent[], masked: (e: CalendarEvent) => boolean): Promise<CalendarItem[]> {
    // The same read model as the JSON answers (EventViewReader), whatever the number of events.
    return (await this.views.viewsOf(events)).map(({ event: e, venues, organizers, categories }) => {
      const hidden = masked(e);
      const linked: Linked = hidden
        ? NOTHING_LINKED
        : // Not the categories' counts, which change with other events and are not shown.
          { venues, organizers, categories: categories.map(({ id, name }) => ({ id, name })) };
      return { e, linked, hidden };
    });
  }

  /** The plain forms of the items' long rich texts, worked out off the event loop: `plain(html)`. */
  private async plainForms(items: CalendarItem[]): Promise<(html: string) => string> {
    const prepared = await this.longTexts.prepareReading(items.flatMap(({ e, hidden }) => (hidden ? [] : [e.description, e.excerpt])));
    return (html: string) => prepared.get(html)?.plain ?? richTextToPlain(html);
  }

  private newCalendar(locale: Locale): ICalCalendar {
    const texts = CALENDAR_FEED_TEXTS[locale];
    return ical({
      prodId: { company: texts.name, product: 'calendar/events/v1', language: texts.language },
      name: texts.name,
      description: texts.description,
      ttl: REFRESH_SECONDS,
      // No calendar zone (it would turn DTSTAMP and LAST-MODIFIED into local times): a VTIMEZONE per zone events use.
      timezone: { name: null, generator: vtimezoneOf },
      x: [['X-WR-TIMEZONE', this.config.calendarTimezone]],
    });
  }

  private vevent(e: CalendarEvent, linked: Linked, masked: boolean, plain: (html: string) => string): ICalEventData {
    const modified = utcDateTime(e.modifiedUtc);
    // The excerpt when the description has no text (`<p>&nbsp;</p>` is none; found by a probe).
    const description = masked ? '' : calendarText(plain(e.description)) || calendarText(plain(e.excerpt));
    return {
      id: `${e.id}@${this.uidHost}`,
      sequence: e.revision,
      stamp: modified,
      lastModified: modified,
      ...this.schedule(e, masked),
      summary: calendarText(e.title),
      description: description !== '' ? description : null,
      location: locationOf(linked.venues[0]),
      organizer: organizerOf(linked.organizers),
      categories: linked.categories.filter((t) => calendarText(t.name) !== '').sort(byName).map((t) => ({ name: calendarText(t.name) })),
      url: `${this.publicUrl}/event/${e.slug}/`,
      status: STATUS[e.status],
      class: e.status === 'private' ? ICalEventClass.PRIVATE : null,
    };
  }

  /**
   * When the event happens: whole days for an all-day event, instants otherwise. A protected event the caller may not
   * see unlocked is written with instants whatever it is: its list item hides `all_day` (§6.11), and DATE values would
   * tell (found by a black-box probe, 2026-11-27); the instants are those its `utc_start_date` and `utc_end_date` show.
   */
  private schedule(e: CalendarEvent, masked: boolean): Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone'> {
    if (e.allDay && !masked) {
      const first = DateTime.fromISO(e.startLocal.slice(0, 10), { zone: 'utc' });
      const last = DateTime.fromISO(e.endLocal.slice(0, 10), { zone: 'utc' });
      return { allDay: true, start: first, end: last.plus({ days: 1 }), timezone: null };
    }
    return {
      start: utcDateTime(e.startUtc),
      // RFC 5545 §3.6.1: an event without DTEND ends when it starts (DTEND must be later than DTSTART).
      end: e.endUtc === e.startUtc ? null : utcDateTime(e.endUtc),
      timezone: calendarZoneOf(e.timezone, [e.startUtc, e.endUtc]),
    };
  }
}

const byName = (a: Pick<Term, 'id' | 'name'>, b: Pick<Term, 'id' | 'name'>) => {
  const x = fold(a.name);
  const y = fold(b.name);
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

/**
 * The first venue: its name and address on one line, and its coordinates when it has both. (ical-generator refuses an
 * empty title, an empty organizer name or category name: names are never empty, but a feed must not fail on one.)
 */
function locationOf(venue: Venue | undefined): ICalLocation | null {
  if (!venue) return null;
  const title = [venue.name, venue.address, venue.city, venue.stateprovince, venue.zip, venue.country]
    .map((part) => calendarText(part).trim())
    .filter((part) => part !== '')
    .join(', ');
  if (title === '') return null;
  // ical-generator 10 writes no GEO when either number is 0 (it tests them for truth) and takes numbers only: a venue
  // exactly on the equator or the Greenwich meridian has none in the feed (README, iCalendar "Limits").
  const geo = venue.geoLat !== null && venue.geoLng !== null ? { geo: { lat: venue.geoLat, lon: venue.geoLng } } : {};
  return { title, ...geo };
}

/**
 * Text for an iCalendar TEXT value (RFC 5545 §3.3.11): no control character but tab and line feed, and the Unicode
 * line separators (NEL, U+2028, U+2029) as line feeds — node-ical dropped a DESCRIPTION holding U+2028, and NUL, BEL or
 * ESC stored in a title are not allowed in a feed (found by a probe).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const calendarText = (text: string): string => text.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replace(CONTROLS, '');

/**
 * RFC 5545 allows one ORGANIZER, and its value is an address: the first organizer (link order) that has an e-mail,
 * named in CN. A double quote cannot occur in a quoted parameter value (ical-generator would write `\"`).
 */
function organizerOf(organizers: Organizer[]): ICalOrganizer | null {
  const first = organizers.find((o) => o.email !== '');
  return first ? { name: calendarText(first.name).replace(/["\n]/g, (c) => (c === '"' ? "'" : ' ')) || first.email, email: first.email } : null;
}
