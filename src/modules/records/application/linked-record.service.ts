import { UserDirectory } from '../../../shared/auth/user-directory';
import { atLeast, Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import type { IfMatch } from '../../../shared/domain/entity-tags';
import { RecordEtags } from '../../../shared/domain/record-etags';
import {
  collectingProblems,
  DomainError,
  forbidden,
  gone,
  invalidParam,
  InvalidParamsError,
  MissingParamsError,
  notFound,
  ParamProblem,
} from '../../../shared/domain/errors';
import type { Page, PageRequest } from '../../../shared/domain/page';
import { listVisibility, Policy, readStatusFilter, RecordStatus, resolveWriteStatus } from '../../../shared/domain/policy';
import { appendLineage } from '../../../shared/domain/global-id';
import { asShown } from '../../../shared/domain/publication';
import { eventLinksAccess } from '../../../shared/domain/event-links-access';
import { RecordIds } from '../../../shared/domain/record-ids';
import { allocateSlug } from '../../../shared/domain/slug-allocation';
import { slugify } from '../../../shared/domain/text';
import { cleanPlainText, cleanRichTextParam } from '../../../shared/domain/text-cleaning';
import { nameKey, UnitOfWork } from '../../../shared/domain/unit-of-work';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { isHttpUrl } from '../../../shared/domain/web-values';
import { parseDateInput, toZone } from '../../../shared/domain/time/date-input';
import { ImagePlan, MediaService } from '../../media/application/media.service';
import { LinkedRecord, searchFragments } from '../domain/linked-record';
import { DuplicateViewer, LinkedRecordRepository } from '../domain/linked-record.repository';
import { RECORD_STATUSES } from '../../../shared/domain/policy';

/** The fields every venue or organizer write may send, after type validation (undefined = not sent, null = clear). */
export interface LinkedRecordWriteInput {
  author?: number;
  date?: string | number;
  date_utc?: string | number;
  status?: string;
  slug?: string;
  description?: string | null;
  website?: string | null;
  image?: unknown;
}

interface LinkedRecordListInput {
  page: PageRequest;
  search?: string;
  event?: number;
  /** Unlocks the links of a protected `event` (§6.11). */
  password?: string;
  has_events?: boolean;
  only_with_upcoming?: boolean;
  status?: string[];
}

/** A checked write: everything resolved that can fail, before any write. */
export interface CheckedWrite<Input, Own> {
  input: Input;
  /** Cleaned text values by record field: `name`, `description`, `website` and the aggregate's own. */
  texts: Partial<Record<string, string>>;
  date?: { local: string; utc: string; localSent: boolean; utcSent: boolean };
  image?: ImagePlan;
  /** What the aggregate's own check read (venue coordinates). */
  own: Own;
}

export type RecordTarget = { id?: number; slug?: string };

/** What differs between venues and organizers in the shared life cycle, besides their own fields (see the hooks). */
export interface LinkedRecordRules {
  /** The kind of id the record gets (§1.6). */
  kind: 'venue' | 'organizer';
  /** The write parameter that carries the name. */
  nameParam: string;
  /** Plain-text fields a client may write, besides the name and description. */
  textFields: readonly string[];
  /** Fields compared to find a duplicate to reuse on create (§10.4), besides the name; only those sent non-empty count. */
  duplicateFields: readonly string[];
  codes: { notFound: string; notAccessible: string; inTrash: string; couldNotCreate: string };
}

/** The collaborators of the life cycle (all of them used by it, none passed through for a subclass). */
interface LinkedRecordDeps {
  media: MediaService;
  uow: UnitOfWork;
  ids: RecordIds;
  users: UserDirectory;
  clock: Clock;
  /** The site timezone (`CALENDAR_TIMEZONE`). */
  timezone: string;
}

const STATUS_WORDS: readonly string[] = RECORD_STATUSES;

/** How many times a create looks again for a duplicate that changed under it before it makes a new record (§10.4). */
const DUPLICATE_ATTEMPTS = 3;

/**
 * The life cycle venues and organizers share (CONTRACT §9, §10): list, read by id or slug, create or reuse a duplicate
 * (also inline inside an event write), partial update, trash (410 when already trashed) and permanent delete, each
 * unlinking the record from events. A subclass names its rules and fills in its own fields through three hooks.
 */
export abstract class LinkedRecordService<T extends LinkedRecord, Input extends LinkedRecordWriteInput, Probe, Own = undefined> {

  protected constructor(
    private readonly rules: LinkedRecordRules,
    private readonly repo: LinkedRecordRepository<T, Probe>,
    private readonly deps: LinkedRecordDeps,
    private readonly etags: RecordEtags<T>,
  ) {}

  /** The aggregate's own value checks; runs after the name, texts and website and before the date (parameter order). */
  protected abstract checkOwnFields(input: Input, texts: Partial<Record<string, string>>, problems: ParamProblem[]): Own;
  /** A new record: the shared fields, completed with the aggregate's own from the checked write. */
  protected abstract newRecord(shared: LinkedRecord, checked: CheckedWrite<Input, Own>): T;
  /** An update of the aggregate's own fields that are not plain texts (texts are already copied onto `next`). */
  protected abstract applyOwnFields(next: T, checked: CheckedWrite<Input, Own>): void;

  // ---------------------------------------------------------------- reads

  /**
   * §3.5, the scheduled job (issue 18; reads never write): due `future` records become `publish`. Until it has run,
   * reads show them as published already (`asShown`, and `dueUntilUtc` in lists). How many were published.
   */
  async publishDue(): Promise<number> {
    const nowUtc = utcWallClock(this.deps.clock.now());
    if (!(await this.repo.anyDue(nowUtc))) return 0; // a unit of work raises the data version (kept renderings go)
    return this.deps.uow.run(() => this.repo.publishDue(nowUtc));
  }

  async list(input: LinkedRecordListInput, caller: Caller): Promise<Page<T>> {
    const requested = input.status !== undefined ? readStatusFilter(input.status, caller) : undefined;
    const nowUtc = utcWallClock(this.deps.clock.now());
    if (input.event !== undefined) {
      const access = eventLinksAccess(await this.repo.eventAccessStamp(input.event), caller, nowUtc, input.password);
      if (access === 'unknown') throw invalidParam('event', 'rest_unknown_reference', { param: 'event', values: String(input.event) });
      if (access === 'masked') return { items: [], total: 0 }; // §6.11: a protected event shows no venue or organizer
    }
    const visibility = listVisibility(caller, requested);
    const page = await this.repo.findPage({
      page: input.page,
      fragments: input.search !== undefined ? searchFragments(input.search) : [],
      eventId: input.event,
      hasEvents: input.has_events,
      upcomingAfterUtc: input.only_with_upcoming ? nowUtc : undefined,
      statuses: visibility.statuses,
      dueUntilUtc: nowUtc,
      restrictNonPublishToAuthor: visibility.restrictNonPublishToAuthor,
      viewer: { userId: caller.userId, seesAll: atLeast(caller, 'editor'), password: input.password ?? null },
    });
    return { ...page, items: page.items.map((record) => asShown(record, nowUtc)) }; // §3.5, until the job has run
  }

  async getById(id: number, caller: Caller): Promise<T> {
    return this.visibleTo(caller, await this.findTarget({ id }));
  }

  async getBySlug(slug: string, caller: Caller): Promise<T> {
    return this.visibleTo(caller, await this.findTarget({ slug }));
  }

  /** Batched, any status (for embedding in events). */
  async findByIds(ids: number[]): Promise<T[]> {
    if (ids.length === 0) return [];
    return this.repo.findByIds([...new Set(ids)]);
  }

  // ---------------------------------------------------------------- writes

  /**
   * §10.2 / §10.4: create, or reuse the oldest matching record. `invalid`: parameters already refused for their type or
   * format, named with the others (§4.3).
   */
  async create(input: Input, caller: Caller, invalid: readonly ParamProblem[] = []): Promise<T> {
    const checked = await this.check(input, caller, true, invalid);
    assertMaySetAuthor(input, caller);
    return this.deps.uow.run(() => this.createChecked(checked, caller));
  }

  /**
   * Reads only: every problem of an inline record of an event write (§9.5) — `invalid`, the problems its fields showed at
   * the edge (a missing name, types and formats), then its values and references — as 400 `could-not-create-<kind>`, so
   * the event write can check it before anything is written (§4.4, §9.1).
   */
  async checkInline(input: Record<string, unknown>, caller: Caller, invalid: readonly ParamProblem[] = []): Promise<void> {
    const problems = [...invalid];
    try {
      await this.check(input as Input, caller, false);
    } catch (e) {
      if (!(e instanceof InvalidParamsError)) throw e;
      problems.push(...e.problems.filter((p) => !problems.some((q) => q.param === p.param)));
    }
    if (problems.length > 0) throw new InvalidParamsError(problems, this.rules.codes.couldNotCreate);
  }

  /**
   * Inline creation inside an event write (§9.5): call inside the event's `uow.run`, with an input `checkInline`
   * accepted; problems found now (a reference gone meanwhile) become 400 `could-not-create-<kind>`.
   */
  async createOrReuseInline(input: Record<string, unknown>, caller: Caller): Promise<T> {
    let checked: CheckedWrite<Input, Own>;
    try {
      checked = await this.check(input as Input, caller, true);
    } catch (e) {
      if (e instanceof InvalidParamsError) throw new InvalidParamsError(e.problems, this.rules.codes.couldNotCreate);
      throw e;
    }
    assertMaySetAuthor(checked.input, caller);
    return this.deps.uow.run(() => this.createChecked(checked, caller));
  }

  async update(
    target: RecordTarget,
    input: Input,
    caller: Caller,
    ifMatch?: IfMatch,
    invalid: readonly ParamProblem[] = [],
  ): Promise<T> {
    return this.updateChecked(target, input, caller, ifMatch, invalid);
  }

  /**
   * The import of another calendar (`npm run import`, issue 15): a new record that copies one of that calendar. The
   * checks and rules of `create`, except that a copy never reuses a matching record (§10.4): every source record gets
   * its own copy, and local records are never written over. `lineage`: the source record's global ids, appended to the
   * copy's `global_id_lineage` (§6.3, §6.4).
   */
  async createCopy(input: Input, caller: Caller, lineage: readonly string[], invalid: readonly ParamProblem[] = []): Promise<T> {
    const checked = await this.check(input, caller, true, invalid);
    assertMaySetAuthor(input, caller);
    return this.deps.uow.run(() => this.insertChecked(checked, caller, lineage));
  }

  /** The import's update of a copy made by `createCopy`: `update`, appending `lineage` to the copy's lineage. */
  async updateCopy(id: number, input: Input, caller: Caller, lineage: readonly string[], invalid: readonly ParamProblem[] = []): Promise<T> {
    return this.updateChecked({ id }, input, caller, undefined, invalid, lineage);
  }

  private async updateChecked(
    target: RecordTarget,
    input: Input,
    caller: Caller,
    ifMatch: IfMatch | undefined,
    invalid: readonly ParamProblem[],
    lineage: readonly string[] = [],
  ): Promise<T> {
    const checked = await this.check(input, caller, false, invalid);
    return this.deps.uow.run(async () => {
      // Taken first: permissions and If-Match see its latest state; no other write changes or deletes it meanwhile.
      const current = await this.lockTarget(target);
      if (!Policy.mayEdit(caller, current)) throw forbidden();
      assertMaySetAuthor(input, caller);
      await this.etags.assertIfMatch(ifMatch, this.shownNow(current));
      return this.applyUpdate(current, checked, caller, lineage);
    });
  }

  /** §9.10: trash (410 when already trashed) or, with force, delete permanently. Returns the record. */
  async delete(target: RecordTarget, force: boolean, caller: Caller, ifMatch?: IfMatch): Promise<T> {
    return this.deps.uow.run(async () => {
      const current = await this.lockTarget(target);
      if (!Policy.mayDelete(caller, current)) throw forbidden();
      await this.etags.assertIfMatch(ifMatch, this.shownNow(current));
      if (force) {
        await this.repo.unlinkFromAllEvents(current.id);
        await this.repo.remove(current.id);
        return current;
      }
      if (current.status === 'trash') throw gone(this.rules.codes.inTrash);
      const modifiedUtc = utcWallClock(this.deps.clock.now());
      await this.repo.unlinkFromAllEvents(current.id);
      await this.repo.trash(current.id, modifiedUtc);
      return { ...current, status: 'trash', modifiedUtc };
    });
  }

  // ---------------------------------------------------------------- internals

  private findTarget(target: RecordTarget): Promise<T> {
    return this.targetOrNotFound(target, (slug) => this.repo.findBySlug(slug), (id) => this.repo.findById(id));
  }

  /** The target taken for a write (`lock…`): held until the unit of work ends. */
  private lockTarget(target: RecordTarget): Promise<T> {
    return this.targetOrNotFound(target, (slug) => this.repo.lockBySlug(slug), (id) => this.repo.lockById(id));
  }

  private async targetOrNotFound(
    target: RecordTarget,
    bySlug: (slug: string) => Promise<T | null>,
    byId: (id: number) => Promise<T | null>,
  ): Promise<T> {
    const { notFound: code } = this.rules.codes;
    if (target.slug !== undefined) {
      const record = await bySlug(target.slug);
      if (!record) throw notFound(code, { variant: 'slug', slug: target.slug });
      return record;
    }
    const id = target.id ?? 0;
    const record = id > 0 ? await byId(id) : null;
    if (!record) throw notFound(code, { variant: 'id', id });
    return record;
  }

  /** The record as reads show it (§3.5: due and not yet published by the job), if the caller may see it. */
  private visibleTo(caller: Caller, stored: T): T {
    const record = this.shownNow(stored);
    if (!Policy.maySee(caller, record)) throw new DomainError('forbidden', this.rules.codes.notAccessible, { id: record.id });
    return record;
  }

  /**
   * Step 5 of §4.4: every value and reference check, no writes; one rest_invalid_param names all their problems
   * together with `invalid`, the parameters already refused for their type or format (§4.3).
   */
  private async check(input: Input, caller: Caller, creating: boolean, invalid: readonly ParamProblem[] = []): Promise<CheckedWrite<Input, Own>> {
    const { nameParam, textFields } = this.rules;
    const sent = input as Record<string, unknown>;
    const problems: ParamProblem[] = [...invalid];
    const texts: Partial<Record<string, string>> = {};
    if (sent[nameParam] !== undefined) {
      texts.name = cleanPlainText(String(sent[nameParam] ?? ''));
      if (texts.name === '') problems.push({ param: nameParam, detail: 'rest_empty_value', args: { param: nameParam } });
    } else if (creating && !invalid.some((p) => p.param === nameParam)) {
      throw new MissingParamsError([nameParam]);
    }
    if (input.description !== undefined) texts.description = cleanRichTextParam('description', input.description ?? '', problems);
    for (const field of textFields) {
      const value = sent[field] as string | null | undefined;
      if (value !== undefined) texts[field] = cleanPlainText(value ?? '');
    }
    if (input.website !== undefined) {
      const url = (input.website ?? '').trim();
      if (url !== '' && !isHttpUrl(url)) problems.push({ param: 'website', detail: 'rest_invalid_format', args: { param: 'website', kind: 'URL' } });
      texts.website = url;
    }
    const own = this.checkOwnFields(input, texts, problems);
    const date = this.checkDate(input, problems);
    if (input.status !== undefined && !STATUS_WORDS.includes(input.status)) {
      problems.push({ param: 'status', detail: 'rest_not_in_enum', args: { param: 'status', values: STATUS_WORDS.join(', ') } });
    }
    if (input.author !== undefined && !(await this.deps.users.isKnown(input.author))) {
      problems.push({ param: 'author', detail: 'rest_unknown_reference', args: { param: 'author', values: String(input.author) } });
    }
    const image = await collectingProblems(problems, () => this.deps.media.checkImageInput(input.image, caller, 'image'));
    if (problems.length > 0) throw new InvalidParamsError(problems);
    return { input, texts, date, image, own };
  }

  /** `date` (site timezone) and `date_utc`: either one gives the other (§8.2.2). */
  private checkDate(input: Input, problems: ParamProblem[]): CheckedWrite<Input, Own>['date'] {
    if (input.date === undefined && input.date_utc === undefined) return undefined;
    const now = this.deps.clock.now();
    const zone = this.deps.timezone;
    const local = input.date !== undefined ? parseDateInput(input.date, zone, now) : null;
    const utc = input.date_utc !== undefined ? parseDateInput(input.date_utc, 'UTC', now) : null;
    if (input.date !== undefined && !local) problems.push({ param: 'date', detail: 'rest_invalid_date', args: { param: 'date' } });
    if (input.date_utc !== undefined && !utc) problems.push({ param: 'date_utc', detail: 'rest_invalid_date', args: { param: 'date_utc' } });
    if ((input.date !== undefined && !local) || (input.date_utc !== undefined && !utc)) return undefined;
    const utcValue = utc ? utc.wallClock : local!.utc;
    const localValue = local ? local.wallClock : toZone(utcValue, zone);
    return { local: localValue, utc: utcValue, localSent: !!local, utcSent: !!utc };
  }

  private async createChecked(checked: CheckedWrite<Input, Own>, caller: Caller): Promise<T> {
    // Creates of one name look for each other's records (§10.4): they run one at a time, each seeing the last's insert.
    await this.deps.uow.hold(nameKey(this.rules.kind, checked.texts.name ?? ''));
    // Only a record the caller may see is reused: the answer shows it (§3.4), so another user's draft is never found.
    const now = utcWallClock(this.deps.clock.now());
    const seenBy = { restrictNonPublishToAuthor: listVisibility(caller, 'any').restrictNonPublishToAuthor, dueUntilUtc: now };
    const locked = await this.lockedDuplicate(this.duplicateProbe(checked.texts), seenBy);
    // Deleted or hidden meanwhile → a new record.
    const existing = locked && locked.status !== 'trash' && Policy.maySee(caller, asShown(locked, now)) ? locked : null;
    if (existing) {
      if (!Policy.mayEdit(caller, existing)) return existing;
      // Reusing a record writes the other sent fields onto it: not its name nor the compared fields, which matched
      // already (equal but for case and accents, or an address that is only some of the stored one's words): writing
      // them would put "Cal" in place of "1 Calle Mayor", or clear a phone a form sent empty.
      const input: Input = { ...checked.input };
      const texts: Partial<Record<string, string>> = { ...checked.texts };
      delete (input as Record<string, unknown>)[this.rules.nameParam];
      delete texts.name;
      for (const field of this.rules.duplicateFields) {
        delete (input as Record<string, unknown>)[field];
        delete texts[field];
      }
      return this.applyUpdate(existing, { ...checked, input, texts }, caller);
    }
    return this.insertChecked(checked, caller);
  }

  /**
   * The record as a GET shows it now: due and still `future` → `publish` (§3.5). A write's If-Match is compared with the
   * tag of this form, the one its GET gave (a probe found every conditional write of a due record refused until the job ran).
   */
  private shownNow(record: T): T {
    return asShown(record, utcWallClock(this.deps.clock.now()));
  }

  /**
   * The oldest record matching `probe` (§10.4), locked before it is reused, then looked for again: a write that renamed
   * it or changed a compared field between the search and the lock has committed by then (READ COMMITTED reads see it),
   * and a record that no longer matches is never reused — a probe found creates writing their fields onto a venue
   * renamed at the same moment. Another record found instead is taken the same way; after a few such moves, none.
   */
  private async lockedDuplicate(probe: Probe, seenBy: DuplicateViewer): Promise<T | null> {
    let candidate = await this.repo.findDuplicate(probe, seenBy);
    for (let attempt = 0; candidate && attempt < DUPLICATE_ATTEMPTS; attempt++) {
      const locked = await this.repo.lockById(candidate.id);
      const again = await this.repo.findDuplicate(probe, seenBy);
      if (again?.id === candidate.id) return locked;
      candidate = again;
    }
    return null;
  }

  /** A new record from a checked write (inside `uow.run`); `lineage`: what it is a copy of, if anything. */
  private async insertChecked(checked: CheckedWrite<Input, Own>, caller: Caller, lineage: readonly string[] = []): Promise<T> {
    const { media, ids, clock, timezone } = this.deps;
    const now = utcWallClock(clock.now());
    const id = await ids.next(this.rules.kind);
    const t = checked.texts;
    const dateUtc = checked.date?.utc ?? now;
    const date = checked.date?.local ?? toZone(now, timezone);
    const status = resolveWriteStatus(caller, checked.input.status, undefined, dateUtc > now) as RecordStatus;
    const base = slugify(checked.input.slug ?? t.name ?? '') || String(id);
    const slug = await allocateSlug(this.repo, base);
    const image = checked.image ? await media.applyImagePlan(checked.image, caller) : { mediaId: null };
    const record = this.newRecord(
      {
        id,
        authorId: checked.input.author ?? caller.userId ?? 0,
        status,
        date,
        dateUtc,
        modifiedUtc: now,
        slug,
        name: t.name ?? '',
        description: t.description ?? '',
        excerpt: '',
        imageId: image.mediaId,
      },
      checked,
    );
    if (lineage.length > 0) record.lineage = appendLineage(undefined, lineage);
    await this.repo.insert(record);
    return record;
  }

  private async applyUpdate(current: T, checked: CheckedWrite<Input, Own>, caller: Caller, lineage: readonly string[] = []): Promise<T> {
    const now = utcWallClock(this.deps.clock.now());
    const next: T = { ...current, modifiedUtc: now };
    if (lineage.length > 0) next.lineage = appendLineage(current.lineage, lineage);
    // Every key of `texts` is a text field of the record (name, description, website, the aggregate's own).
    for (const [field, value] of Object.entries(checked.texts)) if (value !== undefined) (next as Record<string, unknown>)[field] = value;
    this.applyOwnFields(next, checked);
    if (checked.date) {
      next.dateUtc = checked.date.utc;
      next.date = checked.date.local;
    }
    if (checked.input.author !== undefined) next.authorId = checked.input.author;
    if (checked.input.status === 'trash' && !Policy.mayDelete(caller, current)) throw forbidden();
    next.status = resolveWriteStatus(caller, checked.input.status, current.status, next.dateUtc > now) as RecordStatus;
    if (checked.input.slug !== undefined) {
      const base = slugify(checked.input.slug) || String(current.id);
      if (base !== current.slug) next.slug = await allocateSlug(this.repo, base, current.id);
    }
    if (checked.image) next.imageId = (await this.deps.media.applyImagePlan(checked.image, caller)).mediaId;
    await this.repo.update(next);
    if (next.status === 'trash' && current.status !== 'trash') await this.repo.unlinkFromAllEvents(current.id);
    return next;
  }

  /** §10.4: the name and the compared fields that were sent non-empty. */
  private duplicateProbe(texts: Partial<Record<string, string>>): Probe {
    const probe: Record<string, string> = { name: texts.name ?? '' };
    for (const field of this.rules.duplicateFields) if (texts[field]) probe[field] = texts[field];
    return probe as Probe;
  }
}

/** Step 7 of CONTRACT §4.4 (after existence on updates). */
const assertMaySetAuthor = (input: { author?: number }, caller: Caller) => Policy.assertMayNameAuthor(caller, input.author);
