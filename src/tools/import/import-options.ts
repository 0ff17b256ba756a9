export class ImportUsageError extends Error {}

interface ImportArgs {
  help: boolean;
  from: string;
  token?: string;
  user?: string;
  appPassword?: string;
  authorId: number;
  includeTrash: boolean;
  concurrency: number;
  dryRun: boolean;
  protectedPassword?: string;
  /** undefined: on for another instance of this service, off for a WordPress site. */
  findHidden?: boolean;
}

export const IMPORT_USAGE = `Usage: npm run import -- --from <namespace URL> [options]

Copies a calendar into the database the configuration selects (DB_TYPE, DB_SQLITE_PATH, DATABASE_URL…;
by default the SQLite file ./data/calendar.sqlite): categories, tags, venues, organizers and events, through
the service's own create and update rules. <namespace URL> is a WordPress site running The Events Calendar
(https://site/wp-json/tribe/events/v1) or another instance of this service (…/wp-json/calendar/events/v1).
Run it again to copy only what changed; an interrupted run continues where it stopped.

Options:
  --from URL                the source's REST namespace URL (required)
  --token T                 bearer token sent to the source
  --user NAME               WordPress user name, with --app-password: an application password of that user,
  --app-password P          sent as Basic authentication (needed to see drafts, private and future events)
  --author ID               local user id that owns the imported records (default 1)
  --include-trash           also copy trashed records (needs credentials)
  --concurrency N           pages read and records written at once, 1-32 (default 4)
  --protected-password P    password given to copies of password-protected events (the source never reveals
                            theirs); default: one generated password, printed once in the summary
  --find-hidden             also copy events hidden from listings, which no list shows: every id up to the
  --no-find-hidden          highest one seen that no list showed is read by id (default: on for another
                            instance of this service, off for a WordPress site, where post ids are sparse)
  --dry-run                 read everything, write nothing, print what would be done
  -h, --help                show this help

Exit status: 0 when every record was copied, 1 when some record failed or the source could not be read,
2 for a usage or configuration error, 130 when interrupted (Ctrl-C; run the same command again to continue).`;

const VALUED = ['from', 'token', 'user', 'app-password', 'author', 'concurrency', 'protected-password'] as const;
const FLAGS = ['include-trash', 'dry-run', 'help', 'find-hidden', 'no-find-hidden'] as const;

/** `--name value` or `--name=value`; flags take no value. */
export function parseImportArgs(argv: readonly string[]): ImportArgs {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h') {
      flags.add('help');
      continue;
    }
    const m = /^--([a-z-]+)(?:=([\s\S]*))?$/.exec(arg);
    if (!m) throw new ImportUsageError(`unexpected argument "${arg}"`);
    const [, name, inline] = m;
    if ((FLAGS as readonly string[]).includes(name)) {
      if (inline !== undefined) throw new ImportUsageError(`--${name} takes no value`);
      flags.add(name);
    } else if ((VALUED as readonly string[]).includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new ImportUsageError(`--${name} needs a value`);
      values.set(name, value);
    } else {
      throw new ImportUsageError(`unknown option "--${name}"`);
    }
  }
  const help = flags.has('help');
  if (help) return { help, from: '', authorId: 1, includeTrash: false, concurrency: 4, dryRun: false };
  const from = values.get('from');
  if (!from) throw new ImportUsageError('--from is required (the source namespace URL, e.g. https://example.org/wp-json/tribe/events/v1)');
  let url: URL;
  try {
    url = new URL(from);
  } catch {
    throw new ImportUsageError(`--from must be an http or https URL, got "${from}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportUsageError(`--from must be an http or https URL, got "${from}"`);
  const integer = (name: string, dflt: number, min: number, max: number) => {
    const raw = values.get(name);
    if (raw === undefined) return dflt;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new ImportUsageError(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    return Number(raw);
  };
  const token = values.get('token');
  const user = values.get('user');
  const appPassword = values.get('app-password');
  if ((user === undefined) !== (appPassword === undefined)) throw new ImportUsageError('--user and --app-password go together');
  if (token !== undefined && user !== undefined) throw new ImportUsageError('give either --token or --user/--app-password, not both');
  if (token === '') throw new ImportUsageError('--token must not be empty');
  if (flags.has('find-hidden') && flags.has('no-find-hidden')) throw new ImportUsageError('--find-hidden and --no-find-hidden contradict each other');
  const protectedPassword = values.get('protected-password');
  if (protectedPassword !== undefined && (protectedPassword === '' || protectedPassword.length > 255)) {
    throw new ImportUsageError('--protected-password must be 1 to 255 characters');
  }
  return {
    help,
    from,
    token,
    user,
    appPassword,
    authorId: integer('author', 1, 1, Number.MAX_SAFE_INTEGER),
    includeTrash: flags.has('include-trash'),
    concurrency: integer('concurrency', 4, 1, 32),
    dryRun: flags.has('dry-run'),
    protectedPassword,
    findHidden: flags.has('find-hidden') ? true : flags.has('no-find-hidden') ? false : undefined,
  };
}
