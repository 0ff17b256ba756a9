import { InMemoryUserDirectory } from '../../src/shared/auth/user-directory';
import type { Caller } from '../../src/shared/domain/caller';
import { FixedClock } from '../../src/shared/domain/clock';
import { DomainError, InvalidParamsError } from '../../src/shared/domain/errors';
import { InMemoryRecordIds } from '../../src/shared/domain/record-ids';
import { ImmediateUnitOfWork } from '../../src/shared/domain/unit-of-work';
import { CheckedImage, EventLinksGateway } from '../../src/modules/events/application/event-links.gateway';
import { EventListCriteria } from '../../src/modules/events/application/event-list-criteria';
import { EventEtags } from '../../src/modules/events/application/event-etags';
import { EventWriteCheck } from '../../src/modules/events/application/event-write-check';
import type { EventWriteRequest, InlineRecordInput } from '../../src/modules/events/application/event-write.command';
import { EventsService } from '../../src/modules/events/application/events.service';
import { ScheduledEvents } from '../../src/modules/events/application/scheduled-events';
import type { CalendarEvent, EventLinks } from '../../src/modules/events/domain/calendar-event';
import { EventView, EventViewReader } from '../../src/modules/events/application/event-view';
import { readEventWrite } from '../../src/modules/events/http/dto/event-write.command-reader';
import { UpdateEventParams } from '../../src/modules/events/http/dto/event-write.params';
import { readLeniently } from '../../src/shared/http/params/input';
import type { KeptPage, ListReuse } from '../../src/modules/events/application/list-reuse';
import { InMemoryEventRepository } from '../../src/modules/events/infrastructure/in-memory/in-memory-event.repository';

/**
 * A fake of the linked modules: venues 100 and 101 exist, and every id `recordIds` handed out for a venue; terms:
 * category 7 (child 8), tag 9.
 */
class FakeLinks extends EventLinksGateway {
  created: Array<Record<string, unknown>> = [];
  constructor(private readonly recordIds?: InMemoryRecordIds) {
    super();
  }
  async existingVenueIds(ids: number[]) {
    const kinds = await Promise.all(ids.map((id) => this.recordIds?.kindOf(id)));
    return ids.filter((id, i) => id === 100 || id === 101 || kinds[i] === 'venue');
  }
  async existingOrganizerIds(ids: number[]) {
    return ids.filter((id) => id === 200);
  }
  async checkInlineVenue() {}
  async checkInlineOrganizer() {}
  async checkTerms() {
    return null;
  }
  async createOrReuseVenue(input: InlineRecordInput) {
    this.created.push(input.values);
    return 150;
  }
  async createOrReuseOrganizer() {
    return 250;
  }
  async checkImage(value: unknown): Promise<CheckedImage | undefined> {
    return value === undefined ? undefined : { plan: value };
  }
  async applyImage(image: CheckedImage) {
    return image.plan ? Number(image.plan) : null;
  }
  async resolveTerms(taxonomy: 'category' | 'tag', _param: string, items: string[]) {
    return items.map(Number).filter((n) => (taxonomy === 'category' ? [7, 8] : [9]).includes(n));
  }
  async resolveTermFilter(taxonomy: 'category' | 'tag', param: string, items: string[]) {
    const known = taxonomy === 'category' ? [7, 8] : [9];
    const bad = items.filter((i) => !known.includes(Number(i)));
    return bad.length
      ? { ids: [], problem: { param, detail: 'rest_unknown_reference' as const, args: { values: bad.join(', ') } } }
      : { ids: items.map(Number), problem: null };
  }
  async splitTerms(ids: number[]) {
    return { category: ids.filter((i) => i === 7 || i === 8), tag: ids.filter((i) => i === 9) };
  }
  async categoryDescendants(ids: number[]) {
    return ids.includes(7) ? [...new Set([...ids, 8])] : ids;
  }
}

/** A unit of work that tells whether its work is running (`inside`). */
class WatchedUnitOfWork extends ImmediateUnitOfWork {
  inside = false;
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.inside = true;
    try {
      return await work();
    } finally {
      this.inside = false;
    }
  }
}

/** Views with no linked records; each read says which event, with which links, and whether inside the unit of work. */
class WatchedViews extends EventViewReader {
  reads: Array<{ id: number; links: EventLinks | 'stored'; inside: boolean }> = [];
  constructor(private readonly uow: WatchedUnitOfWork) {
    super();
  }
  async viewsOf(events: CalendarEvent[]): Promise<EventView[]> {
    return events.map((event) => this.read(event, 'stored'));
  }
  async viewWithLinks(event: CalendarEvent, links: EventLinks): Promise<EventView> {
    return this.read(event, links);
  }
  private read(event: CalendarEvent, links: EventLinks | 'stored'): EventView {
    this.reads.push({ id: event.id, links, inside: this.uow.inside });
    return { event, venues: [], organizers: [], categories: [], tags: [], images: new Map() };
  }
}

/** Tags for If-Match: the event's title (what matters is that the service compares them). */
class TitleTags extends EventEtags {
  async tagOf(event: CalendarEvent) {
    return `"${event.title}"`;
  }
}

/** A wire-shaped body read as the edge reads it (types and formats checked, refusals carried along). */
const w = (body: Record<string, unknown>): EventWriteRequest => readEventWrite(readLeniently(UpdateEventParams, body));

const admin: Caller = { userId: 1, role: 'administrator' };
const editor: Caller = { userId: 2, role: 'editor' };
const author: Caller = { userId: 3, role: 'author' };
const contributor: Caller = { userId: 4, role: 'contributor' };
const anonymous: Caller = { userId: null, role: 'anonymous' };

async function setup(siteZone = 'UTC') {
  const repo = new InMemoryEventRepository();
  const ids = new InMemoryRecordIds();
  const users = new InMemoryUserDirectory();
  await users.remember([1, 2, 3, 4, 5]);
  const clock = new FixedClock(new Date('2026-11-22T15:00:00Z'));
  const links = new FakeLinks(ids);
  const config = { calendarTimezone: siteZone, timezoneMode: 'event' as const };
  const uow = new WatchedUnitOfWork();
  const views = new WatchedViews(uow);
  const scheduled = new ScheduledEvents(repo, uow, clock);
  const service = new EventsService(
    repo,
    links,
    uow,
    ids,
    clock,
    new EventListCriteria(repo, links, clock, config, scheduled),
    new EventWriteCheck(repo, links, users, clock, config),
    new TitleTags(),
    scheduled,
    views,
  );
  return { service, repo, ids, clock, links, scheduled, views };
}

const base = { title: 'Jazz Night', start_date: '2026-12-05 20:00', end_date: '2026-12-05 23:00' };

async function expectProblem(p: Promise<unknown>, param: string, detail: string) {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(InvalidParamsError);
  expect((e as InvalidParamsError).problems).toEqual(expect.arrayContaining([expect.objectContaining({ param, detail })]));
}

async function expectCode(p: Promise<unknown>, code: string) {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(DomainError);
  expect((e as DomainError).code).toBe(code);
}

describe('EventsService writes', () => {
  it('creates with defaults: status by role, slug from the title, map flags true, UTC copies', async () => {
    const { service } = await setup();
    const { event } = await service.create(w({ ...base, timezone: 'Europe/Madrid' }), author);
    expect(event).toMatchObject({
      status: 'publish', slug: 'jazz-night', authorId: 3, showMap: true, showMapLink: true,
      startLocal: '2026-12-05 20:00:00', startUtc: '2026-12-05 19:00:00', timezone: 'Europe/Madrid',
      dateUtc: '2026-11-22 15:00:00', dateLocal: '2026-11-22 16:00:00',
    });
    const second = await service.create(w(base), contributor);
    expect(second.event.status).toBe('draft');
    expect(second.event.slug).toBe('jazz-night-2');
  });

  it('scales back publish for contributors and turns a future publication date into future', async () => {
    const { service } = await setup();
    expect((await service.create(w({ ...base, status: 'publish' }), contributor)).event.status).toBe('pending');
    expect((await service.create(w({ ...base, date: '2027-01-01' }), author)).event.status).toBe('future');
  });

  it('rejects an end before the start and unknown references before writing anything', async () => {
    const { service, repo } = await setup();
    await expectProblem(service.create(w({ ...base, end_date: '2026-12-05 19:00' }), admin), 'end_date', 'rest_invalid_date_range');
    await expectProblem(service.create(w({ ...base, venue: [100, 999] }), admin), 'venue', 'rest_unknown_reference');
    await expectProblem(service.create(w({ ...base, author: 99 }), admin), 'author', 'rest_unknown_reference');
    await expectProblem(service.create(w({ ...base, start_date: 'next blursday' }), admin), 'start_date', 'rest_invalid_date');
    await expectProblem(service.create(w({ ...base, website: 'ftp://x' }), admin), 'website', 'rest_invalid_format');
    await expectProblem(service.create(w({ ...base, timezone: 'Mars/Olympus' }), admin), 'timezone', 'rest_invalid_format');
    expect((await repo.findPage({ mode: 'event', bounds: [], statuses: ['publish', 'draft'], restrictNonPublishToAuthor: null }, { offset: 0, limit: 10 })).total).toBe(0);
  });

  it('only editors may name another author', async () => {
    const { service } = await setup();
    await expectCode(service.create(w({ ...base, author: 1 }), author), 'rest_forbidden');
    expect((await service.create(w({ ...base, author: 3 }), editor)).event.authorId).toBe(3);
  });

  it('normalizes all-day events, also when a later update changes one date', async () => {
    const { service } = await setup();
    const { event } = await service.create(w({ ...base, all_day: true }), admin);
    expect([event.startLocal, event.endLocal]).toEqual(['2026-12-05 00:00:00', '2026-12-05 23:59:59']);
    const updated = await service.update({ id: event.id }, w({ end_date: '2026-12-07 10:00' }), admin);
    expect(updated.event.endLocal).toBe('2026-12-07 23:59:59');
  });

  it('a timezone-only update keeps local times and moves the UTC copies', async () => {
    const { service } = await setup();
    const { event } = await service.create(w(base), admin);
    const { event: moved } = await service.update({ id: event.id }, w({ timezone: 'Asia/Tokyo' }), admin);
    expect(moved.startLocal).toBe('2026-12-05 20:00:00');
    expect(moved.startUtc).toBe('2026-12-05 11:00:00');
  });

  it('partial updates leave omitted fields alone; links and terms replace their kind only', async () => {
    const { service } = await setup();
    const { event } = await service.create(w({ ...base, featured: true, venue: '100,101', categories: ['7'], tags: ['9'], cost: '$5' }), admin);
    const { event: e2, links } = await service.update({ id: event.id }, w({ categories: null, venue: { venue: 'New hall' } }), admin);
    expect(e2.featured).toBe(true);
    expect(e2.costInput).toBe('"$5"');
    expect(links).toEqual({ venueIds: [150], organizerIds: [], termIds: [9] });
  });

  it('contributors may not edit published or foreign events', async () => {
    const { service } = await setup();
    const { event } = await service.create(w(base), admin);
    await expectCode(service.update({ id: event.id }, w({ title: 'x' }), contributor), 'rest_forbidden');
    await expectCode(service.update({ id: 999 }, w({ title: 'x' }), admin), 'rest-event-not-found');
  });

  it('rejects parent cycles', async () => {
    const { service } = await setup();
    const a = (await service.create(w(base), admin)).event;
    const b = (await service.create(w({ ...base, post_parent: a.id }), admin)).event;
    await expectProblem(service.update({ id: a.id }, w({ post_parent: b.id }), admin), 'post_parent', 'rest_invalid_parent');
    await expectProblem(service.update({ id: a.id }, w({ post_parent: a.id }), admin), 'post_parent', 'rest_invalid_parent');
    await expectProblem(service.create(w({ ...base, post_parent: 999 }), admin), 'post_parent', 'rest_unknown_reference');
  });

  it('delete trashes, answers 410 the second time, and force removes permanently orphaning children', async () => {
    const { service, repo } = await setup();
    const a = (await service.create(w(base), admin)).event;
    const child = (await service.create(w({ ...base, post_parent: a.id }), admin)).event;
    expect((await service.delete({ id: a.id }, false, admin)).event.status).toBe('trash');
    await expectCode(service.delete({ id: a.id }, false, admin), 'event-is-in-trash');
    await service.delete({ id: a.id }, true, admin);
    expect(await repo.findById(a.id)).toBeNull();
    expect((await repo.findById(child.id))?.postParent).toBe(0);
  });

  it('reads the view each write answers with inside its unit of work: a change committed after it never shows', async () => {
    const { service, views } = await setup();
    const created = await service.create(w({ ...base, venue: '100', tags: ['9'] }), admin);
    const updated = await service.update({ id: created.event.id }, w({ title: 'Late Jazz' }), admin);
    expect([created.view.event, updated.view.event]).toEqual([created.event, updated.event]);
    expect(updated.view.event.title).toBe('Late Jazz');
    const trashed = await service.delete({ id: created.event.id }, false, admin);
    const links = { venueIds: [100], organizerIds: [], termIds: [9] };
    expect(trashed.view.event.status).toBe('trash');
    const removed = await service.delete({ id: created.event.id }, true, admin);
    expect(removed.view.event.status).toBe('trash'); // the event as it was
    // The deletes show the links the event had; a permanent delete removed them before its view was read.
    expect(views.reads).toEqual([
      { id: created.event.id, links: 'stored', inside: true },
      { id: created.event.id, links: 'stored', inside: true },
      { id: created.event.id, links, inside: true },
      { id: created.event.id, links, inside: true },
    ]);
  });
});

describe('EventsService reads', () => {
  it('single reads: trash, visibility, password, and ids of other kinds', async () => {
    const { service, ids } = await setup();
    const draft = (await service.create(w({ ...base, status: 'draft' }), author)).event;
    await expectCode(service.get({ id: draft.id }, anonymous), 'event-not-accessible');
    await expectCode(service.get({ id: draft.id }, contributor), 'event-not-accessible');
    expect((await service.get({ id: draft.id }, author)).event.id).toBe(draft.id);
    const locked = (await service.create(w({ ...base, post_password: 'sesame' }), author)).event;
    await expectCode(service.get({ id: locked.id }, anonymous), 'event-password-protected');
    expect((await service.get({ slug: locked.slug.toUpperCase() }, anonymous, 'sesame')).event.id).toBe(locked.id);
    await service.delete({ id: locked.id }, false, author);
    await expectCode(service.get({ id: locked.id }, editor), 'event-no-longer-available');
    const venueId = await ids.next('venue');
    await expectCode(service.get({ id: venueId }, anonymous), 'rest-invalid-event-id');
    await expectCode(service.get({ id: 9999 }, anonymous), 'rest-event-not-found');
  });

  it('lists within the default window, in start order, without hidden events, masking protected ones', async () => {
    const { service } = await setup();
    await service.create(w({ ...base, title: 'Past', start_date: '2026-11-19 18:00', end_date: '2026-11-19 21:00' }), admin);
    const late = (await service.create(w({ ...base, title: 'Late' }), admin)).event;
    const early = (await service.create(w({ ...base, title: 'Early', start_date: '2026-11-23 09:00', end_date: '2026-11-23 10:00', post_password: 'pw' }), admin)).event;
    await service.create(w({ ...base, title: 'Hidden', hide_from_listings: true }), admin);
    const r = await service.list({ page: 1, perPage: 10 }, anonymous);
    expect(r.rows.map((e) => e.id)).toEqual([early.id, late.id]);
    expect(r.applied).toEqual([['start_date', '2026-11-21 00:00:00'], ['end_date', '2028-11-22 23:59:59']]);
    expect(r.unlocked.has(early.id)).toBe(false);
    expect((await service.list({ page: 1, perPage: 10, password: 'pw' }, anonymous)).unlocked.has(early.id)).toBe(true);
  });

  it('list filters: search, categories with descendants, unknown references, status rules, coordinates pair', async () => {
    const { service } = await setup();
    const jazz = (await service.create(w({ ...base, description: 'Late show', categories: ['8'] }), admin)).event;
    await service.create(w({ ...base, title: 'Rock' }), admin);
    expect((await service.list({ page: 1, perPage: 10, search: '"late show" -rock' }, anonymous)).rows.map((e) => e.id)).toEqual([jazz.id]);
    expect((await service.list({ page: 1, perPage: 10, categories: ['7'] }, anonymous)).rows.map((e) => e.id)).toEqual([jazz.id]);
    await expectProblem(service.list({ page: 1, perPage: 10, tags: ['55'] }, anonymous), 'tags', 'rest_unknown_reference');
    await expectProblem(service.list({ page: 1, perPage: 10, status: ['draft'] }, anonymous), 'status', 'rest_not_allowed_value');
    await expectProblem(service.list({ page: 1, perPage: 10, geoloc_lat: 40 }, anonymous), 'geoloc_lat', 'rest_missing_pair');
    expect((await service.list({ page: 1, perPage: 10, status: ['draft'] }, contributor)).rows).toEqual([]);
  });

  it('a future event is listed as published once its date has passed', async () => {
    const { service, clock } = await setup();
    const e = (await service.create(w({ ...base, date: '2026-11-22 15:10' }), admin)).event;
    expect(e.status).toBe('future');
    expect((await service.list({ page: 1, perPage: 10 }, anonymous)).rows).toEqual([]);
    clock.advance(11 * 60_000);
    expect((await service.list({ page: 1, perPage: 10 }, anonymous)).rows.map((r) => r.id)).toEqual([e.id]);
  });

  it('with reuse: a page kept at the current data version is not read again, a newer version reads it, held fragments are not read', async () => {
    const { service, repo } = await setup();
    const first = (await service.create(w(base), admin)).event;
    const second = (await service.create(w({ ...base, title: 'Second' }), admin)).event;
    const kept = new Map<string, { page: KeptPage; dataVersion: number }>();
    const held = new Set<number>();
    const reuse: ListReuse = {
      hasFragment: (e) => held.has(e.id),
      page: (key) => kept.get(key),
      keepPage: (key, dataVersion, page) => kept.set(key, { page, dataVersion }),
    };
    let version = 7;
    const versionReads = jest.spyOn(repo, 'currentDataVersion').mockImplementation(async () => version);
    const pageReads = jest.spyOn(repo, 'findPageStamps').mockImplementation(async (c, p) => ({ ...(await InMemoryEventRepository.prototype.findPageStamps.call(repo, c, p)), dataVersion: version }));
    const rowReads = jest.spyOn(repo, 'findByIds');
    const list = async () => (await service.list({ page: 1, perPage: 10 }, anonymous, reuse)).page.map((e) => e.id);

    expect(await list()).toEqual([first.id, second.id]);
    expect([versionReads.mock.calls.length, pageReads.mock.calls.length]).toEqual([0, 1]); // never asked for: read at once
    expect(rowReads.mock.calls.at(-1)).toEqual([[first.id, second.id]]);
    held.add(first.id);
    expect(await list()).toEqual([first.id, second.id]);
    expect([versionReads.mock.calls.length, pageReads.mock.calls.length]).toEqual([1, 1]); // kept at version 7
    expect(rowReads.mock.calls.at(-1)).toEqual([[second.id]]);
    version = 8;
    expect(await list()).toEqual([first.id, second.id]);
    expect([versionReads.mock.calls.length, pageReads.mock.calls.length]).toEqual([2, 2]); // written since: read again
    expect([...kept.values()].map((k) => k.dataVersion)).toEqual([8]);
  });

  it('include ignores every date window', async () => {
    const { service } = await setup();
    const past = (await service.create(w({ ...base, start_date: '2020-01-01 10:00', end_date: '2020-01-01 11:00' }), admin)).event;
    const r = await service.list({ page: 1, perPage: 10, include: [past.id], start_date: '2026-11-24' }, anonymous);
    expect(r.rows.map((e) => e.id)).toEqual([past.id]);
    expect(r.applied).toEqual([]);
  });
});

describe('EventsService If-Match (§9.11)', () => {
  it('is compared with the held event: a stale tag → 412 and nothing written; the current tag or * → written', async () => {
    const { service, repo } = await setup();
    const { event } = await service.create(w(base), admin);
    const at = (header: string) => ({ header, address: 'http://x/api' });
    await expectCode(service.update({ id: event.id }, w({ title: 'Changed' }), admin, at('"Old title"')), 'rest_precondition_failed');
    await expectCode(service.delete({ id: event.id }, true, admin, at('W/"Jazz Night"')), 'rest_precondition_failed');
    expect((await repo.findById(event.id))?.title).toBe('Jazz Night');
    await service.update({ id: event.id }, w({ title: 'Changed' }), admin, at('"Jazz Night"'));
    await service.update({ id: event.id }, w({ title: 'Again' }), admin, at('*'));
    expect((await repo.findById(event.id))?.title).toBe('Again');
  });
});
