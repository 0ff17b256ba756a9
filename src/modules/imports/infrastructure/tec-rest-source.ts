import { CalendarSource, SourceListOptions, SourceRead, WireObject } from '../domain/calendar-source';
import { idOf } from '../domain/copy-plan';
import type { ImportKind } from '../domain/import-mapping';

interface TecRestSourceOptions {
  /** The namespace URL: `https://site/wp-json/tribe/events/v1` or `…/wp-json/calendar/events/v1`. */
  url: string;
  /** A bearer token (this service; or a WordPress site with a JWT plugin). */
  token?: string;
  /** A WordPress user and one of their application passwords, sent as Basic authentication. */
  user?: string;
  appPassword?: string;
  /** Pages in flight at once. */
  concurrency: number;
  /** Attempts after the first on 429, 5xx and network errors (default 6, backing off up to 30 s). */
  retries?: number;
  /** Per request (default 60 s). */
  timeoutMs?: number;
  /** Set when the operator stops the import: no page is requested after it. */
  signal?: { readonly aborted: boolean };
  /** A request is tried again (said once per retry). */
  onRetry?: (message: string) => void;
  /** Something the import should say (a status the source refuses to list…). */
  onNote?: (message: string) => void;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** The source cannot be used: unreachable, not a The Events Calendar namespace, credentials refused… One line. */
export class SourceError extends Error {}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

const PATHS: Record<ImportKind, string> = { category: 'categories', tag: 'tags', venue: 'venues', organizer: 'organizers', event: 'events' };

/** `per_page` values tried until the source accepts one (this service lowers large values; WordPress term lists refuse >100). */
const PAGE_SIZES = [1000, 100, 50, 10];

/**
 * Explicit bounds that hide no event (CONTRACT §8.2.4): without them a list shows only yesterday to two years ahead.
 * Both the plugin (PHP `strtotime`) and this service read them.
 */
const EVENT_BOUNDS: Array<[string, string]> = [
  ['start_date', '1900-01-01 00:00:00'],
  ['end_date', '2999-12-31 23:59:59'],
];

const MAX_RETRY_AFTER_MS = 300_000;

/** How many times a list is read before records missing from it stop the import (see `list`). */
const READINGS = 3;

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};
const sameOrigin = (url: string, base: string): boolean => originOf(url) === originOf(base);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** `Retry-After` as seconds or an HTTP date, in milliseconds (bounded). */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : undefined;
}

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s … at most 30 s. */
const backoffMs = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

function reasonOf(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError') return 'timed out';
  // System errors by their code (ECONNREFUSED, ENOTFOUND…); fetch's own (UND_ERR_SOCKET…) by their message.
  const code = err?.cause?.code;
  if (code && !code.startsWith('UND_ERR')) return code;
  return err?.cause?.message ?? err?.message ?? String(e);
}

/** `code: message` of an error answer, or its status. */
function errorText(answer: Answer): string {
  const b = answer.body;
  if (isObject(b) && typeof b.code === 'string') return `${answer.status} ${b.code}${typeof b.message === 'string' ? `: ${b.message}` : ''}`;
  return `HTTP ${answer.status}`;
}

/** The parameters an error answer names (`data.params`). */
function paramsNamed(answer: Answer): string[] {
  const data = isObject(answer.body) && isObject(answer.body.data) ? answer.body.data : {};
  return isObject(data.params) ? Object.keys(data.params) : Array.isArray(data.params) ? data.params.map(String) : [];
}

/** The namespace URL without a trailing slash, query or fragment: the key of the source's mappings. */
export function normalizeSourceUrl(url: string): string {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new SourceError(`--from must be an http or https URL, got "${url}"`);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

/**
 * ADAPTER: a The Events Calendar REST namespace over HTTP (Node's fetch). Lists are read at the largest `per_page` the
 * source accepts, with explicit date bounds for events, the first page alone and then the others several at a time;
 * 429 (honouring `Retry-After`), 5xx and network errors are retried with backoff.
 */
export class TecRestSource extends CalendarSource {
  readonly key: string;
  readonly authenticated: boolean;
  private pageSize = new Map<ImportKind, number>();
  private readonly authorization: string | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  private constructor(
    private readonly options: TecRestSourceOptions,
    readonly isPlugin: boolean,
  ) {
    super();
    this.key = normalizeSourceUrl(options.url);
    if (options.token) this.authorization = `Bearer ${options.token}`;
    else if (options.user !== undefined) this.authorization = `Basic ${Buffer.from(`${options.user}:${options.appPassword ?? ''}`).toString('base64')}`;
    this.authenticated = this.authorization !== undefined;
    this.fetchImpl = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /**
   * Checks the address before anything is read: it must answer as a The Events Calendar namespace (its index names a
   * `…/events/v1` namespace or an `/events` route) and accept the credentials. Otherwise one `SourceError` line.
   */
  static async open(options: TecRestSourceOptions): Promise<TecRestSource> {
    const base = normalizeSourceUrl(options.url);
    // A quick look (two retries, said nothing of): an address that does not answer gets one line, soon.
    const probe = new TecRestSource({ ...options, retries: Math.min(options.retries ?? 6, 2), onRetry: undefined }, false);
    const index = await probe.get(base, false);
    if (index.status === 401 || index.status === 403) throw new SourceError(`${base} refused the credentials (${errorText(index)})`);
    const notTec = `${base} is not a The Events Calendar REST namespace (expected an address such as https://example.org/wp-json/tribe/events/v1)`;
    if (!isObject(index.body)) throw new SourceError(`${notTec}: it answered ${index.status} without JSON`);
    if (index.status !== 200) throw new SourceError(`${notTec}: it answered ${errorText(index)}`);
    const namespace = typeof index.body.namespace === 'string' ? index.body.namespace : '';
    const routes = isObject(index.body.routes) ? Object.keys(index.body.routes) : [];
    if (!/(^|\/)events\/v1$/.test(namespace) && !routes.some((r) => /\/events\/?$/.test(r))) throw new SourceError(notTec);
    return new TecRestSource(options, namespace === 'tribe/events/v1' || /\/tribe\/events\/v1$/.test(base));
  }

  private get aborted(): boolean {
    return this.options.signal?.aborted ?? false;
  }

  async event(id: number, options: { anonymous?: boolean } = {}): Promise<SourceRead> {
    const answer = await this.get(`${this.key}/events/${id}`, options.anonymous ?? false);
    if (answer.status === 200 && isObject(answer.body)) return { record: answer.body, code: null };
    return { record: null, code: isObject(answer.body) && typeof answer.body.code === 'string' ? answer.body.code : null };
  }

  /**
   * Every record of a kind, page by page (`onPage` gets each record once). Pages are read by offset, so records added or
   * deleted at the source meanwhile shift the others between pages: when the totals the pages report disagree, or fewer
   * records arrived than the total, the list is read again for the ones missed, up to READINGS times; still short, the
   * import stops with one line instead of finishing "complete" without them (found by a probe: 7 events lost, exit 0).
   */
  async list(
    kind: ImportKind,
    options: SourceListOptions,
    onPage: (items: WireObject[]) => Promise<void>,
    onTotal?: (total: number) => void,
  ): Promise<void> {
    const delivered = new Set<string>();
    /** Hands on the records not handed on before; resolves with how many there were. */
    const deliver = async (items: WireObject[]): Promise<number> => {
      const fresh = items.filter((item) => {
        const key = idOf(item.id) !== undefined ? `#${idOf(item.id)}` : JSON.stringify(item);
        if (delivered.has(key)) return false;
        delivered.add(key);
        return true;
      });
      if (fresh.length > 0 || items.length === 0) await onPage(fresh);
      return fresh.length;
    };
    for (let reading = 1; ; reading++) {
      const totals = await this.readList(kind, options, deliver, reading === 1 ? onTotal : undefined);
      if (totals.length === 0 || this.aborted) return; // no totals to check against (next links only)
      const latest = totals[totals.length - 1];
      if (totals.every((t) => t === latest) && delivered.size >= latest) return;
      const what = `${PATHS[kind]}: ${delivered.size} listed, the source's total went ${[...new Set(totals)].join(' → ')}`;
      if (reading >= READINGS) throw new SourceError(`${this.key}/${what} after ${READINGS} readings (records keep being added or deleted, or its pages come short); run the import again`);
      this.options.onNote?.(`${this.key}/${what} while it was read: reading the list again for the ones missed`);
    }
  }

  /**
   * One reading of a list: its pages in turn (a few at a time), each handed to `onPage`, which resolves with how many of
   * its records were new. Resolves with the totals its pages reported.
   */
  private async readList(
    kind: ImportKind,
    options: SourceListOptions,
    onPage: (items: WireObject[]) => Promise<number>,
    onTotal?: (total: number) => void,
  ): Promise<number[]> {
    const anonymous = options.anonymous ?? false;
    let statuses = anonymous ? undefined : options.statuses;
    const sizes = this.pageSize.has(kind) ? [this.pageSize.get(kind)!] : PAGE_SIZES;
    let first: Answer | undefined;
    let size = sizes[0];
    for (let i = 0; i < sizes.length; ) {
      size = sizes[i];
      first = await this.get(this.listUrl(kind, 1, size, statuses), anonymous);
      const named = first.status === 400 ? paramsNamed(first) : [];
      if (statuses && named.includes('status')) {
        this.options.onNote?.(`${this.key} does not list ${PATHS[kind]} of status ${statuses.join(', ')} for these credentials (${errorText(first)}): reading published ones only`);
        statuses = undefined;
        continue;
      }
      if (named.includes('per_page') && i + 1 < sizes.length) {
        i += 1;
        continue;
      }
      break;
    }
    this.pageSize.set(kind, size);
    const key = PATHS[kind];
    const itemsOf = (answer: Answer, page: number): WireObject[] => {
      if (anonymous && this.authenticated && (answer.status === 401 || answer.status === 403)) {
        // The site wants credentials for every read: "not logged in" alone would point the wrong way (found by a probe).
        throw new SourceError(
          `${this.listUrl(kind, page, size, statuses)} refused a reading without credentials (${errorText(answer)}): the import lists ` +
            `${key} once as the public sees them, to tell which are password-protected (their copies must be too); allow anonymous reads of the REST API while importing`,
        );
      }
      if (answer.status !== 200) throw new SourceError(`${this.listUrl(kind, page, size, statuses)} answered ${errorText(answer)}`);
      const items = isObject(answer.body) ? answer.body[key] : undefined;
      if (!Array.isArray(items)) throw new SourceError(`${this.listUrl(kind, page, size, statuses)} did not answer a list of ${key}`);
      return items.filter(isObject);
    };
    const totalOf = (answer: Answer) => Number(answer.headers.get('x-tec-total') ?? (isObject(answer.body) ? answer.body.total : undefined));
    const firstItems = itemsOf(first!, 1);
    const body = first!.body as Record<string, unknown>;
    const total = totalOf(first!);
    const totalPages = Number(first!.headers.get('x-tec-totalpages') ?? body.total_pages);
    if (Number.isFinite(total)) onTotal?.(total);
    await onPage(firstItems);
    if (!Number.isFinite(totalPages) || totalPages <= 0 || !Number.isFinite(total)) {
      await this.followNextLinks(body, key, anonymous, onPage);
      return [];
    }
    const totals = [total];
    let next = 2;
    const worker = async () => {
      while (next <= totalPages && !this.aborted) {
        const page = next++;
        const answer = await this.get(this.listUrl(kind, page, size, statuses), anonymous);
        // Records deleted meanwhile can make the last page disappear (404 *-archive-page-not-found): the count decides.
        if (answer.status === 404 && page > 1) return;
        const items = itemsOf(answer, page);
        if (Number.isFinite(totalOf(answer))) totals.push(totalOf(answer));
        await onPage(items);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.options.concurrency, totalPages - 1)) }, worker));
    return totals;
  }

  /**
   * A source that gives no page count: its `next_rest_url` links, one after the other, while they stay on the source's
   * own origin (credentials are never sent elsewhere) and bring records not seen before (an endless chain of new
   * addresses once ran for ever; found by a probe).
   */
  private async followNextLinks(
    body: Record<string, unknown>,
    key: string,
    anonymous: boolean,
    onPage: (items: WireObject[]) => Promise<number>,
  ): Promise<void> {
    let link = typeof body.next_rest_url === 'string' ? body.next_rest_url : undefined;
    const seenLinks = new Set<string>();
    while (link && !seenLinks.has(link) && !this.aborted) {
      if (!sameOrigin(link, this.key)) {
        this.options.onNote?.(`${this.key}: its next page is on another site (${originOf(link)}): not followed`);
        return;
      }
      seenLinks.add(link);
      const answer = await this.get(link, anonymous);
      if (answer.status !== 200 || !isObject(answer.body) || !Array.isArray(answer.body[key])) return;
      if ((await onPage((answer.body[key] as unknown[]).filter(isObject))) === 0) return;
      link = typeof answer.body.next_rest_url === 'string' ? answer.body.next_rest_url : undefined;
    }
  }

  private listUrl(kind: ImportKind, page: number, perPage: number, statuses: readonly string[] | undefined): string {
    const params: Array<[string, string]> = [
      ['per_page', String(perPage)],
      ['page', String(page)],
    ];
    if (kind === 'event') params.push(...EVENT_BOUNDS);
    if (kind === 'category' || kind === 'tag') params.push(['hide_empty', 'false'], ['orderby', 'id'], ['order', 'asc']);
    if (statuses?.length) params.push(['status', statuses.join(',')]);
    return `${this.key}/${PATHS[kind]}?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
  }

  /**
   * One GET, tried again on 429 and 503 (after `Retry-After`), other 5xx, a 200 without JSON and network errors; any
   * other answer is returned.
   */
  private async get(url: string, anonymous: boolean): Promise<Answer> {
    const retries = this.options.retries ?? 6;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.authorization && !anonymous) headers.Authorization = this.authorization;
    for (let attempt = 0; ; attempt++) {
      let problem: string;
      let wait = backoffMs(attempt);
      try {
        const res = await this.fetchImpl(url, { headers, signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000) });
        const text = await res.text();
        if (res.status !== 429 && res.status < 500) {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          // A 200 that is no JSON (a maintenance or error page served with 200) is tried again like a 503; still so
          // after the retries, the caller says what it expected.
          if (res.status !== 200 || body !== undefined || attempt >= retries) return { status: res.status, headers: res.headers, body };
          problem = 'HTTP 200 without JSON';
        } else {
          problem = `HTTP ${res.status}`;
          // WordPress' maintenance mode answers 503 with Retry-After too.
          if (res.status === 429 || res.status === 503) wait = retryAfterMs(res.headers.get('retry-after')) ?? wait;
          if (attempt >= retries) throw new SourceError(`${url} answered ${res.status} ${attempt + 1} times`);
        }
      } catch (e) {
        if (e instanceof SourceError) throw e;
        problem = reasonOf(e);
        // Redirects that never end do not end on a later try either.
        if (/redirect count exceeded/i.test(problem)) throw new SourceError(`cannot read ${url}: ${problem}`);
        if (attempt >= retries) throw new SourceError(`cannot reach ${url}: ${problem}`);
      }
      this.options.onRetry?.(`${url}: ${problem}; trying again in ${(wait / 1000).toFixed(1)} s`);
      await this.sleep(wait);
    }
  }
}
