import { normalizeSourceUrl, retryAfterMs, SourceError, TecRestSource } from './tec-rest-source';

const API = 'https://site.example/wp-json/tribe/events/v1';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A fetch that answers from a script of answers per URL prefix (the longest that matches; its last answer repeats). */
function scriptedFetch(script: Array<[string, Answer[]]>) {
  const requests: Array<{ url: string; authorization?: string }> = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    requests.push({ url, authorization: headers.Authorization });
    const entry = script.filter(([prefix]) => url.startsWith(prefix)).sort(([a], [b]) => b.length - a.length)[0];
    if (!entry) return new Response('{"code":"rest_no_route"}', { status: 404 });
    const answer = entry[1].length > 1 ? entry[1].shift()! : entry[1][0];
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  }) as unknown as typeof fetch;
  return { fetchImpl, requests };
}

const INDEX: [string, Answer[]] = [API, [{ status: 200, body: { namespace: 'tribe/events/v1', routes: { '/tribe/events/v1/events': {} } } }]];

describe('TecRestSource (issue 15): reading a The Events Calendar namespace', () => {
  it('normalizes the namespace URL (the key of its mappings) and refuses other schemes', () => {
    expect(normalizeSourceUrl('HTTPS://Site.Example/wp-json/tribe/events/v1/?x=1')).toBe('https://site.example/wp-json/tribe/events/v1');
    expect(() => normalizeSourceUrl('ftp://site.example/x')).toThrow(SourceError);
  });

  it('Retry-After in seconds or as a date, bounded', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 5_000)).toBe(5000);
    expect(retryAfterMs('99999')).toBe(300_000);
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it('checks the address first: credentials refused, not JSON, not The Events Calendar', async () => {
    const open = (answers: Answer[], extra = {}) =>
      TecRestSource.open({ url: API, concurrency: 1, fetch: scriptedFetch([[API, answers]]).fetchImpl, sleep: async () => undefined, ...extra });
    await expect(open([{ status: 401, body: { code: 'incorrect_password', message: 'Bad.' } }], { user: 'u', appPassword: 'p' })).rejects.toThrow(
      `${API} refused the credentials (401 incorrect_password: Bad.)`,
    );
    await expect(open([{ status: 200, body: undefined }])).rejects.toThrow('it answered 200 without JSON');
    await expect(open([{ status: 200, body: { namespace: 'wp/v2', routes: { '/wp/v2/posts': {} } } }])).rejects.toThrow('is not a The Events Calendar REST namespace');
    await expect(open([new TypeError('fetch failed')])).rejects.toThrow(`cannot reach ${API}: fetch failed`);
    const source = await open([{ status: 200, body: { namespace: 'tribe/events/v1' } }]);
    expect({ isPlugin: source.isPlugin, key: source.key, authenticated: source.authenticated }).toEqual({ isPlugin: true, key: API, authenticated: false });
  });

  it('retries 429 after its Retry-After, 5xx and network errors with backoff; sends the credentials as Basic authentication', async () => {
    const page = (ids: number[], total: number, pages: number) => ({
      status: 200,
      body: { events: ids.map((id) => ({ id })), total, total_pages: pages },
      headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(pages) },
    });
    const { fetchImpl, requests } = scriptedFetch([
      INDEX,
      [`${API}/events?per_page=1000&page=1`, [{ status: 429, headers: { 'Retry-After': '7' } }, page([1, 2], 3, 2)]],
      [`${API}/events?per_page=1000&page=2`, [{ status: 503 }, new TypeError('fetch failed'), page([3], 3, 2)]],
    ]);
    const waits: number[] = [];
    const retried: string[] = [];
    const source = await TecRestSource.open({
      url: API,
      user: 'admin',
      appPassword: 'ab cd',
      concurrency: 2,
      fetch: fetchImpl,
      sleep: async (ms) => void waits.push(ms),
      onRetry: (m) => retried.push(m),
    });
    const seen: number[] = [];
    let total = 0;
    await source.list('event', {}, async (items) => void seen.push(...items.map((i) => Number(i.id))), (n) => (total = n));
    expect({ seen: seen.sort(), total }).toEqual({ seen: [1, 2, 3], total: 3 });
    expect(waits[0]).toBe(7000);
    expect(waits.slice(1).every((ms) => ms >= 300 && ms <= 30_000)).toBe(true);
    expect(retried).toEqual([expect.stringContaining('HTTP 429'), expect.stringContaining('HTTP 503'), expect.stringContaining('fetch failed')]);
    expect(requests.every((r) => r.authorization === `Basic ${Buffer.from('admin:ab cd').toString('base64')}`)).toBe(true);
    expect(requests[1].url).toContain('start_date=1900-01-01%2000%3A00%3A00&end_date=2999-12-31%2023%3A59%3A59');
  });

  it("tries again a 200 that is no JSON and a 503 after its Retry-After; gives up at once on endless redirects (found by a probe)", async () => {
    const listPage = { status: 200, body: { tags: [{ id: 1 }], total: 1, total_pages: 1 }, headers: { 'X-TEC-Total': '1', 'X-TEC-TotalPages': '1' } };
    const html = new Response('<html>Briefly unavailable for scheduled maintenance.</html>', { status: 200 });
    const { fetchImpl } = scriptedFetch([INDEX, [`${API}/tags`, [{ status: 503, headers: { 'Retry-After': '4' } }, listPage]]]);
    let htmlServed = false;
    const flaky = (async (url: string, init?: RequestInit) => {
      if (url.includes('/tags') && !htmlServed) {
        htmlServed = true;
        return html;
      }
      return fetchImpl(url, init);
    }) as unknown as typeof fetch;
    const waits: number[] = [];
    const retried: string[] = [];
    const source = await TecRestSource.open({ url: API, concurrency: 1, fetch: flaky, sleep: async (ms) => void waits.push(ms), onRetry: (m) => retried.push(m) });
    const ids: unknown[] = [];
    await source.list('tag', {}, async (items) => void ids.push(...items.map((i) => i.id)));
    expect(ids).toEqual([1]);
    expect(retried).toEqual([expect.stringContaining('HTTP 200 without JSON'), expect.stringContaining('HTTP 503')]);
    expect(waits[1]).toBe(4000);

    const redirects = (async (url: string) => {
      if (url === API) return new Response(JSON.stringify({ namespace: 'tribe/events/v1' }), { status: 200 });
      throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
    }) as unknown as typeof fetch;
    const tries: string[] = [];
    const looping = await TecRestSource.open({ url: API, concurrency: 1, fetch: redirects, sleep: async () => undefined, onRetry: (m) => tries.push(m) });
    await expect(looping.list('tag', {}, async () => undefined)).rejects.toThrow(/cannot read \S+: redirect count exceeded/);
    expect(tries).toEqual([]);
  });

  it('gives up after its retries with one line', async () => {
    const { fetchImpl } = scriptedFetch([INDEX, [`${API}/tags`, [{ status: 500 }]]]);
    const source = await TecRestSource.open({ url: API, concurrency: 1, retries: 2, fetch: fetchImpl, sleep: async () => undefined });
    await expect(source.list('tag', {}, async () => undefined)).rejects.toThrow(/tags\?per_page=1000&page=1\S* answered 500 3 times/);
  });

  it('a page size refused is tried smaller; statuses refused fall back to published records, said once', async () => {
    const { fetchImpl, requests } = scriptedFetch([
      INDEX,
      [`${API}/categories?per_page=1000`, [{ status: 400, body: { code: 'rest_invalid_param', data: { params: { per_page: 'x' } } } }]],
      [`${API}/categories?per_page=100`, [{ status: 200, body: { categories: [{ id: 2 }], total: 1, total_pages: 1 } }]],
      [`${API}/venues?per_page=1000&page=1&status=`, [{ status: 400, body: { code: 'rest_invalid_param', data: { params: { status: 'x' } } } }]],
      [`${API}/venues?per_page=1000&page=1`, [{ status: 200, body: { venues: [{ id: 4 }], total: 1, total_pages: 1 } }]],
    ]);
    const notes: string[] = [];
    const source = await TecRestSource.open({ url: API, token: 't', concurrency: 1, fetch: fetchImpl, sleep: async () => undefined, onNote: (m) => notes.push(m) });
    const ids: unknown[] = [];
    await source.list('category', {}, async (items) => void ids.push(...items.map((i) => i.id)));
    await source.list('venue', { statuses: ['publish', 'draft'] }, async (items) => void ids.push(...items.map((i) => i.id)));
    expect(ids).toEqual([2, 4]);
    expect(requests.filter((r) => r.url.includes('/categories')).map((r) => /per_page=(\d+)/.exec(r.url)![1])).toEqual(['1000', '100']);
    expect(notes).toEqual([expect.stringContaining('reading published ones only')]);
    expect(requests[0].authorization).toBe('Bearer t');
  });

  describe('lists that change while they are read (found by a probe)', () => {
    const page = (ids: number[], total: number, pages: number) => ({
      status: 200,
      body: { events: ids.map((id) => ({ id })), total, total_pages: pages },
      headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(pages) },
    });
    const open = (script: Array<[string, Answer[]]>, notes: string[] = []) =>
      TecRestSource.open({ url: API, concurrency: 1, fetch: scriptedFetch([INDEX, ...script]).fetchImpl, sleep: async () => undefined, onNote: (m) => notes.push(m) });

    it('reads the list again when records were deleted between its pages, and delivers each record once', async () => {
      // Six events, three a page; events 1 and 2 are deleted after page 1 was read: 4 and 5 move to page 1, unseen.
      const notes: string[] = [];
      const source = await open(
        [
          [`${API}/events?per_page=1000&page=1`, [page([1, 2, 3], 6, 2), page([3, 4, 5], 4, 2)]],
          [`${API}/events?per_page=1000&page=2`, [page([6], 4, 2)]],
        ],
        notes,
      );
      const pages: number[][] = [];
      await source.list('event', {}, async (items) => void pages.push(items.map((i) => Number(i.id))));
      expect(pages.flat().sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(pages.flat()).toHaveLength(6);
      expect(notes).toEqual([expect.stringContaining('events: 4 listed, the source\'s total went 6 → 4 while it was read: reading the list again')]);
    });

    it('stops with one line when records are still missing after three readings (pages that come short)', async () => {
      const source = await open([
        [`${API}/events?per_page=1000&page=1`, [page([1, 2], 5, 2)]],
        [`${API}/events?per_page=1000&page=2`, [page([3], 5, 2)]],
      ]);
      await expect(source.list('event', {}, async () => undefined)).rejects.toThrow(/events: 3 listed, the source's total went 5 after 3 readings/);
    });

    it('a site that refuses reads without credentials is told why the import needs one', async () => {
      const refusing = (async (url: string, init?: RequestInit) => {
        const authorized = ((init?.headers ?? {}) as Record<string, string>).Authorization !== undefined;
        if (url === API || authorized) return new Response(JSON.stringify(url === API ? { namespace: 'tribe/events/v1' } : { events: [], total: 0, total_pages: 0 }), { status: 200 });
        return new Response(JSON.stringify({ code: 'rest_not_logged_in', message: 'You are not currently logged in.' }), { status: 401 });
      }) as unknown as typeof fetch;
      const source = await TecRestSource.open({ url: API, user: 'admin', appPassword: 'x', concurrency: 1, fetch: refusing, sleep: async () => undefined });
      await source.list('event', {}, async () => undefined);
      await expect(source.list('event', { anonymous: true }, async () => undefined)).rejects.toThrow(
        /refused a reading without credentials \(401 rest_not_logged_in: You are not currently logged in\.\): the import lists events once as the public sees them/,
      );
    });

    it('a complete list is read once', async () => {
      const { fetchImpl, requests } = scriptedFetch([INDEX, [`${API}/events?per_page=1000&page=1`, [page([1, 2], 3, 2)]], [`${API}/events?per_page=1000&page=2`, [page([3], 3, 2)]]]);
      const source = await TecRestSource.open({ url: API, concurrency: 1, fetch: fetchImpl, sleep: async () => undefined });
      await source.list('event', {}, async () => undefined);
      expect(requests.filter((r) => r.url.includes('/events?'))).toHaveLength(2);
    });

    it('follows next links only on its own origin, never sending credentials elsewhere, and stops when a page brings nothing new', async () => {
      const linkPage = (ids: number[], next?: string) => ({ status: 200, body: { events: ids.map((id) => ({ id })), ...(next ? { next_rest_url: next } : {}) } });
      const notes: string[] = [];
      const { fetchImpl, requests } = scriptedFetch([
        INDEX,
        [`${API}/events?per_page=1000&page=1`, [linkPage([1], `${API}/events?page=2`)]],
        [`${API}/events?page=2`, [linkPage([2], 'https://elsewhere.example/wp-json/tribe/events/v1/events?page=3')]],
        ['https://elsewhere.example', [linkPage([99])]],
      ]);
      const source = await TecRestSource.open({ url: API, token: 'secret', concurrency: 1, fetch: fetchImpl, sleep: async () => undefined, onNote: (m) => notes.push(m) });
      const ids: number[] = [];
      await source.list('event', {}, async (items) => void ids.push(...items.map((i) => Number(i.id))));
      expect(ids).toEqual([1, 2]);
      expect(requests.some((r) => r.url.startsWith('https://elsewhere.example'))).toBe(false);
      expect(notes).toEqual([expect.stringContaining('its next page is on another site (https://elsewhere.example): not followed')]);

      let n = 0;
      const endless = scriptedFetch([INDEX, [`${API}/events`, [linkPage([1], `${API}/events?page=1&r=0`)]]]);
      const looping = (async (url: string, init?: RequestInit) => {
        const res = await endless.fetchImpl(url, init);
        if (!url.includes('&r=')) return res;
        n += 1;
        return new Response(JSON.stringify(linkPage([1 + (n % 2)], `${API}/events?page=1&r=${n}`).body), { status: 200 });
      }) as unknown as typeof fetch;
      const loop = await TecRestSource.open({ url: API, concurrency: 1, fetch: looping, sleep: async () => undefined });
      const seen: number[] = [];
      await loop.list('event', {}, async (items) => void seen.push(...items.map((i) => Number(i.id))));
      expect({ seen, requests: n }).toEqual({ seen: [1, 2], requests: 2 });
    });
  });
});
