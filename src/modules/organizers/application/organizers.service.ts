import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { UserDirectory } from '../../../shared/auth/user-directory';
import { atLeast, Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import {
  collectingProblems,
  DomainError,
  forbidden,
  invalidParam,
  gone,
  InvalidParamsError,
  MissingParamsError,
  notFound,
  ParamProblem,
  preconditionFailed,
} from '../../../shared/domain/errors';
import type { Page, PageRequest } from '../../../shared/domain/page';
import { listVisibility, Policy, readStatusFilter, RecordStatus, resolveWriteStatus } from '../../../shared/domain/policy';
import { RecordIds } from '../../../shared/domain/record-ids';
import { firstFreeSlug, slugify } from '../../../shared/domain/text';
import { cleanPlainText, cleanRichText } from '../../../shared/domain/text-cleaning';
import { UnitOfWork } from '../../../shared/domain/unit-of-work';
import { isHttpUrl } from '../../../shared/domain/web-values';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { parseDateInput, toZone } from '../../events/domain/date-input';
import { ImagePlan, MediaService } from '../../media/application/media.service';
import { isEmail, searchFragments, Organizer, OrganizerDuplicateProbe } from '../domain/organizer';

const ORGANIZER_TEXT_FIELDS = ['phone'] as const;
import { OrganizerRepository } from '../domain/organizer.repository';

/** Organizer fields as written by a client, after type validation (undefined = not sent, null = clear). */
export interface OrganizerWriteInput {
  organizer?: string;
  author?: number;
  date?: string | number;
  date_utc?: string | number;
  status?: string;
  slug?: string;
  description?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  image?: unknown;
}

export interface OrganizerListInput {
  page: PageRequest;
  search?: string;
  event?: number;
  has_events?: boolean;
  only_with_upcoming?: boolean;
  status?: string[];
}

/** Checked write: everything resolved that can fail, before any write. */
interface CheckedWrite {
  input: OrganizerWriteInput;
  texts: Partial<Record<string, string>>;
  date?: { local: string; utc: string; localSent: boolean; utcSent: boolean };
  image?: ImagePlan;
}

/** A precondition (If-Match) evaluated on the current record; false → 412. */
export type Precondition = (current: Organizer) => Promise<boolean>;

const STATUS_WORDS = ['publish', 'future', 'draft', 'pending', 'private', 'trash'];

@Injectable()
export class OrganizersService {
  constructor(
    private readonly repo: OrganizerRepository,
    private readonly media: MediaService,
    private readonly uow: UnitOfWork,
    private readonly ids: RecordIds,
    private readonly users: UserDirectory,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---------------------------------------------------------------- reads

  private lastPromotion = -Infinity;

  /** §3.5: due `future` records become `publish`; run at most every 30 s, before reads, so none is shown late. */
  private async publishDue(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.lastPromotion < 30_000) return;
    this.lastPromotion = now.getTime();
    await this.uow.run(() => this.repo.publishDue(utcWallClock(now)));
  }

  async list(input: OrganizerListInput, caller: Caller): Promise<Page<Organizer>> {
    const requested = input.status !== undefined ? readStatusFilter(input.status, caller) : undefined;
    if (input.event !== undefined && !(await this.repo.eventExists(input.event))) {
      throw invalidParam('event', 'rest_unknown_reference', { param: 'event', values: String(input.event) });
    }
    await this.publishDue();
    const visibility = listVisibility(caller, requested);
    return this.repo.findPage({
      page: input.page,
      fragments: input.search !== undefined ? searchFragments(input.search) : [],
      eventId: input.event,
      hasEvents: input.has_events,
      upcomingAfterUtc: input.only_with_upcoming ? utcWallClock(this.clock.now()) : undefined,
      statuses: visibility.statuses,
      restrictNonPublishToAuthor: visibility.restrictNonPublishToAuthor,
      viewer: { userId: caller.userId, seesAll: atLeast(caller, 'editor') },
    });
  }

  async getById(id: number, caller: Caller): Promise<Organizer> {
    await this.publishDue();
    const organizer = id > 0 ? await this.repo.findById(id) : null;
    if (!organizer) throw notFound('rest-organizer-not-found', { variant: 'id', id });
    if (!Policy.maySee(caller, organizer)) throw new DomainError('forbidden', 'organizer-not-accessible', { id });
    return organizer;
  }

  async getBySlug(slug: string, caller: Caller): Promise<Organizer> {
    await this.publishDue();
    const organizer = await this.repo.findBySlug(slug);
    if (!organizer) throw notFound('rest-organizer-not-found', { variant: 'slug', slug });
    if (!Policy.maySee(caller, organizer)) throw new DomainError('forbidden', 'organizer-not-accessible', { id: organizer.id });
    return organizer;
  }

  /** Batched, any status (for embedding in events). */
  async findByIds(ids: number[]): Promise<Organizer[]> {
    if (ids.length === 0) return [];
    await this.publishDue();
    return this.repo.findByIds([...new Set(ids)]);
  }

  /** event id → its organizers in link order, any status, in one query (embedding in event pages). */
  async findForEvents(eventIds: number[]): Promise<Map<number, Organizer[]>> {
    if (eventIds.length === 0) return new Map();
    await this.publishDue();
    return this.repo.findForEvents([...new Set(eventIds)]);
  }

  // ---------------------------------------------------------------- writes

  /** §10.2 / §10.4: create, or reuse the oldest matching organizer. Returns the organizer and whether it was reused. */
  /** `invalid`: parameters already refused for their type or format, named with the others (§4.3). */
  async create(input: OrganizerWriteInput, caller: Caller, invalid: readonly ParamProblem[] = []): Promise<Organizer> {
    const checked = await this.check(input, caller, true, invalid);
    assertMaySetAuthor(input, caller);
    return this.uow.run(() => this.createChecked(checked, caller));
  }

  /**
   * Reads only: the problems of an inline organizer (`input` validated with the organizer DTO) except its missing name, as a
   * plain `InvalidParamsError` — the event write checks every inline object before anything is written (§4.4, §9.1).
   */
  async checkInline(input: OrganizerWriteInput, caller: Caller): Promise<void> {
    await this.check(input, caller, false);
  }

  /**
   * Inline creation inside an event write (§9.5): call inside the event's `uow.run`. `input` must already be
   * validated with the organizer DTO; problems in references become 400 `could-not-create-organizer` with `data.details`.
   */
  async createOrReuseInline(input: OrganizerWriteInput, caller: Caller): Promise<Organizer> {
    let checked: CheckedWrite;
    try {
      checked = await this.check(input, caller, true);
    } catch (e) {
      if (e instanceof InvalidParamsError) throw couldNotCreate(e.problems);
      throw e;
    }
    assertMaySetAuthor(input, caller);
    return this.uow.run(() => this.createChecked(checked, caller));
  }

  async update(
    target: { id?: number; slug?: string },
    input: OrganizerWriteInput,
    caller: Caller,
    precondition?: Precondition,
    invalid: readonly ParamProblem[] = [],
  ): Promise<Organizer> {
    const checked = await this.check(input, caller, false, invalid);
    return this.uow.run(async () => {
      const current = await this.findTarget(target);
      if (!Policy.mayEdit(caller, current)) throw forbidden();
      assertMaySetAuthor(input, caller);
      if (precondition && !(await precondition(current))) throw preconditionFailed();
      return this.applyUpdate(current, checked, caller);
    });
  }

  /** §9.10: trash (410 when already trashed) or, with force, delete permanently. Returns the record. */
  async delete(target: { id?: number; slug?: string }, force: boolean, caller: Caller, precondition?: Precondition): Promise<Organizer> {
    return this.uow.run(async () => {
      const current = await this.findTarget(target);
      if (!Policy.mayDelete(caller, current)) throw forbidden();
      if (precondition && !(await precondition(current))) throw preconditionFailed();
      if (force) {
        await this.repo.unlinkFromAllEvents(current.id);
        await this.repo.remove(current.id);
        return current;
      }
      if (current.status === 'trash') throw gone('organizer-is-in-trash');
      const modifiedUtc = utcWallClock(this.clock.now());
      await this.repo.unlinkFromAllEvents(current.id);
      await this.repo.trash(current.id, modifiedUtc);
      return { ...current, status: 'trash', modifiedUtc };
    });
  }

  // ---------------------------------------------------------------- internals

  private async findTarget(target: { id?: number; slug?: string }): Promise<Organizer> {
    if (target.slug !== undefined) {
      const organizer = await this.repo.findBySlug(target.slug);
      if (!organizer) throw notFound('rest-organizer-not-found', { variant: 'slug', slug: target.slug });
      return organizer;
    }
    const id = target.id ?? 0;
    const organizer = id > 0 ? await this.repo.findById(id) : null;
    if (!organizer) throw notFound('rest-organizer-not-found', { variant: 'id', id });
    return organizer;
  }

  /**
   * Step 5 of §4.4: every value and reference check, no writes; one rest_invalid_param names all their problems
   * together with `invalid`, the parameters already refused for their type or format (§4.3).
   */
  private async check(input: OrganizerWriteInput, caller: Caller, creating: boolean, invalid: readonly ParamProblem[] = []): Promise<CheckedWrite> {
    const problems: ParamProblem[] = [...invalid];
    const texts: Partial<Record<string, string>> = {};
    if (input.organizer !== undefined) {
      texts.name = cleanPlainText(String(input.organizer ?? ''));
      if (texts.name === '') problems.push({ param: 'organizer', detail: 'rest_empty_value', args: { param: 'organizer' } });
    } else if (creating && !invalid.some((p) => p.param === 'organizer')) {
      throw new MissingParamsError(['organizer']);
    }
    if (input.description !== undefined) texts.description = cleanRichText(input.description ?? '');
    for (const field of ORGANIZER_TEXT_FIELDS) {
      const value = input[field];
      if (value !== undefined) texts[field] = cleanPlainText(value ?? '');
    }
    if (input.website !== undefined) {
      const url = (input.website ?? '').trim();
      if (url !== '' && !isHttpUrl(url)) problems.push({ param: 'website', detail: 'rest_invalid_format', args: { param: 'website', kind: 'URL' } });
      texts.website = url;
    }
    if (input.email !== undefined) {
      const email = (input.email ?? '').trim();
      if (email !== '' && !isEmail(email)) problems.push({ param: 'email', detail: 'rest_invalid_format', args: { param: 'email', kind: 'e-mail address' } });
      texts.email = email;
    }
    let date: CheckedWrite['date'];
    if (input.date !== undefined || input.date_utc !== undefined) {
      const now = this.clock.now();
      const zone = this.config.calendarTimezone;
      const local = input.date !== undefined ? parseDateInput(input.date, zone, now) : null;
      const utc = input.date_utc !== undefined ? parseDateInput(input.date_utc, 'UTC', now) : null;
      if (input.date !== undefined && !local) problems.push({ param: 'date', detail: 'rest_invalid_date', args: { param: 'date' } });
      if (input.date_utc !== undefined && !utc) problems.push({ param: 'date_utc', detail: 'rest_invalid_date', args: { param: 'date_utc' } });
      if ((input.date === undefined || local) && (input.date_utc === undefined || utc)) {
        const utcValue = utc ? utc.wallClock : local!.utc;
        const localValue = local ? local.wallClock : toZone(utcValue, zone);
        date = { local: localValue, utc: utcValue, localSent: !!local, utcSent: !!utc };
      }
    }
    if (input.status !== undefined && !STATUS_WORDS.includes(input.status)) {
      problems.push({ param: 'status', detail: 'rest_not_in_enum', args: { param: 'status', values: STATUS_WORDS.join(', ') } });
    }
    if (input.author !== undefined && !(await this.users.isKnown(input.author))) {
      problems.push({ param: 'author', detail: 'rest_unknown_reference', args: { param: 'author', values: String(input.author) } });
    }
    const image = await collectingProblems(problems, () => this.media.checkImageInput(input.image, caller, 'image'));
    if (problems.length > 0) throw new InvalidParamsError(problems);
    return { input, texts, date, image };
  }

  private async createChecked(checked: CheckedWrite, caller: Caller): Promise<Organizer> {
    const probe = this.duplicateProbe(checked);
    const existing = await this.repo.findDuplicate(probe);
    if (existing) {
      if (!Policy.mayEdit(caller, existing)) return existing;
      const { organizer: _name, ...rest } = checked.input;
      void _name;
      const { name: _n, ...texts } = checked.texts;
      void _n;
      return this.applyUpdate(existing, { ...checked, input: rest, texts }, caller);
    }
    const now = utcWallClock(this.clock.now());
    const id = await this.ids.next('organizer');
    const t = checked.texts;
    const dateUtc = checked.date?.utc ?? now;
    const date = checked.date?.local ?? toZone(now, this.config.calendarTimezone);
    const status = resolveWriteStatus(caller, checked.input.status, undefined, dateUtc > now) as RecordStatus;
    const base = slugify(checked.input.slug ?? t.name ?? '') || String(id);
    const slug = await firstFreeSlug(base, (s) => this.repo.slugTaken(s));
    const image = checked.image ? await this.media.applyImagePlan(checked.image, caller) : { mediaId: null };
    const organizer: Organizer = {
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
      phone: t.phone ?? '',
      website: t.website ?? '',
      email: t.email ?? '',
      imageId: image.mediaId,
    };
    await this.repo.save(organizer);
    return organizer;
  }

  private async applyUpdate(current: Organizer, checked: CheckedWrite, caller: Caller): Promise<Organizer> {
    const now = utcWallClock(this.clock.now());
    const t = checked.texts;
    const next: Organizer = { ...current, modifiedUtc: now };
    if (t.name !== undefined) next.name = t.name;
    if (t.description !== undefined) next.description = t.description;
    for (const field of ORGANIZER_TEXT_FIELDS) if (t[field] !== undefined) next[field] = t[field]!;
    if (t.website !== undefined) next.website = t.website;
    if (t.email !== undefined) next.email = t.email;
    if (checked.date) {
      next.dateUtc = checked.date.utc;
      next.date = checked.date.local;
    }
    if (checked.input.author !== undefined) next.authorId = checked.input.author;
    if (checked.input.status === 'trash' && !Policy.mayDelete(caller, current)) throw forbidden();
    next.status = resolveWriteStatus(caller, checked.input.status, current.status, next.dateUtc > now) as RecordStatus;
    if (checked.input.slug !== undefined) {
      const base = slugify(checked.input.slug) || String(current.id);
      if (base !== current.slug) next.slug = await firstFreeSlug(base, (s) => this.repo.slugTaken(s, current.id));
    }
    if (checked.image) next.imageId = (await this.media.applyImagePlan(checked.image, caller)).mediaId;
    await this.repo.save(next);
    if (next.status === 'trash' && current.status !== 'trash') await this.repo.unlinkFromAllEvents(current.id);
    return next;
  }

  private duplicateProbe(checked: CheckedWrite): OrganizerDuplicateProbe {
    const t = checked.texts;
    const probe: OrganizerDuplicateProbe = { name: t.name ?? '' };
    for (const key of ['description', 'phone', 'email', 'website'] as const) {
      if (t[key]) probe[key] = t[key];
    }
    return probe;
  }
}

/** Step 7 of CONTRACT §4.4 (after existence on updates): naming another author needs editor or above. */
function assertMaySetAuthor(input: { author?: number }, caller: Caller): void {
  if (input.author !== undefined && input.author !== caller.userId && !Policy.maySetOtherAuthor(caller)) throw forbidden();
}

function couldNotCreate(problems: InvalidParamsError['problems']): DomainError {
  return new InvalidParamsError(problems, 'could-not-create-organizer');
}


