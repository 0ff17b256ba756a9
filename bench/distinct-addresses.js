// The addresses of the "distinct" list scenarios (issue 18), shared by `npm run bench` and bench/compare-builds.js.

/** 1,000 days around today (YYYY-MM-DD), the calendar the seeder fills. */
const distinctDays = () => Array.from({ length: 1000 }, (_, i) => new Date(Date.now() + (i - 500) * 86400_000).toISOString().slice(0, 10));

/**
 * A list of 10 from a different `start_date` each request: every day at one hour, then every day at the next hour, …
 * 24,000 addresses, so none comes back within minutes at the rates measured here and no URL cache can answer one
 * (with the 1,000 days alone every address came back twice a second). Consecutive requests still ask for consecutive
 * days, as a calendar paging through its days does.
 */
const distinctListPaths = (days) =>
  Array.from({ length: 24 }, (_, hour) => days.map((day) => `/events?start_date=${day}%20${String(hour).padStart(2, '0')}:00`)).flat();

/**
 * A list of 10 whose page no earlier request asked for: each start day with 24 different end days (300 to 323 days
 * later), the start days in turn — 24,000 different date windows, so neither a URL cache nor the pages kept at the
 * data version (issue 18: the hours of one `start_date` day ask for the same page) can answer one: every page is read.
 */
const unrepeatedListPaths = (days) =>
  Array.from({ length: 24 }, (_, k) => days.map((day) => `/events?start_date=${day}&end_date=${new Date(Date.parse(day) + (300 + k) * 86400_000).toISOString().slice(0, 10)}`)).flat();

/**
 * Every event by id, no address twice within minutes: the ids in turn, each round with another value of a `_`
 * parameter the service ignores (as clients that bust caches send it), 120 rounds. The plain "single by id, over all
 * ids" comes back to each id several times a second at these rates, so the read cache answers most of it; here only the
 * per-record caches (fragments, linked records) can help, as the "without help from a URL cache" asks.
 */
const distinctSinglePaths = (ids) =>
  Array.from({ length: 120 }, (_, round) => ids.map((id) => `/events/${id}?_=${round}`)).flat();

module.exports = { distinctDays, distinctListPaths, distinctSinglePaths, unrepeatedListPaths };
