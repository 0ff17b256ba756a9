import type { Locale } from './error-messages';

/**
 * Texts of iCalendar answers (issue 16), in the language of the base address the request came to: the calendar's
 * name (`X-WR-CALNAME`, the name a calendar app gives a subscription) and description (`X-WR-CALDESC`), and the
 * language of `PRODID`. Everything else in a feed is data. Both are written unescaped by ical-generator: keep them free
 * of `,`, `;` and `\`.
 */
export const CALENDAR_FEED_TEXTS: Record<Locale, { name: string; description: string; language: string }> = {
  en: { name: 'Calendar Events', description: 'Events of the Calendar Events service', language: 'EN' },
  es: { name: 'Eventos del calendario', description: 'Eventos del servicio Calendar Events', language: 'ES' },
};
