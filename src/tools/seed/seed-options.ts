import type { SeedSizes } from './dataset';

export class SeedUsageError extends Error {}

const FLAGS = ['events', 'venues', 'organizers', 'categories', 'tags', 'seed', 'anchor'] as const;

/**
 * `--events N [--venues V --organizers O --categories C --tags T --seed S --anchor YYYY-MM-DD]`.
 * Defaults scale with the number of events: one venue and one organizer per 50 events (10 … 5,000), 40 categories,
 * 100 tags, seed 1, anchor = today (UTC).
 */
export function parseSeedArgs(argv: string[], today: Date): SeedSizes {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m || !(FLAGS as readonly string[]).includes(m[1])) throw new SeedUsageError(`unknown argument "${argv[i]}"`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new SeedUsageError(`--${m[1]} needs a value`);
    values.set(m[1], value);
  }
  const count = (name: string, dflt: number, min = 0) => {
    const raw = values.get(name);
    if (raw === undefined) return dflt;
    if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
      throw new SeedUsageError(`--${name} must be an integer ≥ ${min}, got "${raw}"`);
    }
    return Number(raw);
  };
  if (!values.has('events')) throw new SeedUsageError('--events is required');
  const events = count('events', 0);
  const scaled = Math.min(5_000, Math.max(10, Math.round(events / 50)));
  const anchor = values.get('anchor') ?? today.toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(anchor) || Number.isNaN(Date.parse(`${anchor}T00:00:00Z`))) {
    throw new SeedUsageError(`--anchor must be a date YYYY-MM-DD, got "${anchor}"`);
  }
  return {
    events,
    venues: count('venues', scaled),
    organizers: count('organizers', scaled),
    categories: count('categories', 40),
    tags: count('tags', 100),
    seed: count('seed', 1),
    anchor,
  };
}
