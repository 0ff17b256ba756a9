/** Wall-clock strings `YYYY-MM-DD HH:MM:SS` (CONTRACT conventions) are what the database stores and the wire shows. */
type WallClock = string;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The UTC wall-clock string of an instant. */
export function utcWallClock(instant: Date): WallClock {
  return (
    `${pad(instant.getUTCFullYear(), 4)}-${pad(instant.getUTCMonth() + 1)}-${pad(instant.getUTCDate())} ` +
    `${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}:${pad(instant.getUTCSeconds())}`
  );
}

/** The instant a UTC wall-clock string names. */
export function instantFromUtcWallClock(value: WallClock): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

/** `{year, month, day, hour, minutes, seconds}` as zero-padded strings (CONTRACT §6.8). */
export function dateDetails(value: WallClock) {
  return {
    year: value.slice(0, 4),
    month: value.slice(5, 7),
    day: value.slice(8, 10),
    hour: value.slice(11, 13),
    minutes: value.slice(14, 16),
    seconds: value.slice(17, 19),
  };
}
