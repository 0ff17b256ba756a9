import { Injectable } from '@nestjs/common';
import type { Caller } from '../../../shared/domain/caller';
import { Clock } from '../../../shared/domain/clock';
import { DomainError, InvalidParamsError } from '../../../shared/domain/errors';
import { UnitOfWork } from '../../../shared/domain/unit-of-work';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { CalendarSource, WireObject } from '../domain/calendar-source';
import { CopyPlan, createBody, fingerprintOf, idOf, planCopy, resolveFields, shortLabel, SourceRef, UnusableRecordError } from '../domain/copy-plan';
import { IMPORT_KINDS, ImportKind, ImportMapping, ImportMappings } from '../domain/import-mapping';
import { CopyWriter, WrittenCopy } from './copy-writer';

interface ImportOptions {
  /** The local user who owns what is created (WordPress users do not carry over). */
  authorId: number;
  /** Also copy trashed records (the source lists them only to callers allowed to see them). */
  includeTrash: boolean;
  /** Read everything, write nothing: report what would be done. */
  dryRun: boolean;
  /** The password of copies of password-protected events (the source never reveals theirs). */
  protectedPassword: string;
  /** Records written at once (pages in flight are the source's business). */
  concurrency: number;
  /**
   * Look for events hidden from listings (CONTRACT §8.6: no list shows them, whoever asks): every id up to the highest
   * seen that no list showed is read by id. Cheap where ids are dense (this service); on a WordPress site every post,
   * page and revision id is read.
   */
  findHidden: boolean;
  /** Set when the operator stops the import: no record is started after it. */
  signal?: { readonly aborted: boolean };
}

/** What the import tells the operator while it runs (the command turns it into bars and lines). */
export interface ImportReporter {
  phase(kind: ImportKind): void;
  total(kind: ImportKind, total: number): void;
  progress(kind: ImportKind, done: number): void;
  phaseDone(kind: ImportKind): void;
  /** Something adjusted or left out; the record was still copied. */
  note(message: string): void;
  /** A record that could not be copied. */
  failure(message: string): void;
  /** Dry run: what would be written. */
  planned(action: 'create' | 'update', plan: CopyPlan): void;
}

interface SlugChange {
  sourceId: number;
  from: string;
  to: string;
}

/** Per kind: what happened to the source's records. */
export interface KindTally {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
  /** Terms linked to an existing local term of the same name instead of created (counted as unchanged). */
  adopted: number;
  /** Events: password-protected at the source (copied protected). */
  protected: number;
  /** Events: protected and unreadable with the credentials given (copied with title and dates only). */
  withoutContent: number;
  /** Copies whose slug differs from the source's (taken here: suffixed, CONTRACT §9.4). */
  slugChanges: SlugChange[];
}

export interface ImportSummary {
  tallies: Record<ImportKind, KindTally>;
  /** A copy was written protected with the import's password in this run. */
  passwordUsed: boolean;
  interrupted: boolean;
  /** Why the import stopped before the end (the source could no longer be read), if it did. */
  stopped?: string;
}

/** Statuses a source is asked for (`any` does not include the trash, and the plugin does not know it). */
const LISTED_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

/** Write parameters that are left out, with a note, when the only thing wrong with a record is their value. */
const DROPPABLE = new Set([
  'description', 'excerpt', 'website', 'image', 'email', 'phone', 'address', 'city', 'country', 'province', 'state', 'zip',
  'stateprovince', 'geo_lat', 'geo_lng', 'cost', 'show_map', 'show_map_link', 'ticketed', 'post_parent',
]);

/** Link parameters of an event write: an id in them whose copy was deleted here is left out, the others kept. */
const LINKS = new Set(['venue', 'organizer', 'categories', 'tags']);

const keyOf = (kind: ImportKind, id: number) => `${kind}:${id}`;

const emptyTally = (): KindTally => ({
  created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0, adopted: 0, protected: 0, withoutContent: 0, slugChanges: [],
});

/** Runs `work` on every item, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** A short reason for the log: the contract's error code and the parameters it names. */
function describeError(e: unknown): string {
  if (e instanceof InvalidParamsError) return `${e.code} (${e.problems.map((p) => `${p.param}: ${p.detail}`).join(', ')})`;
  if (e instanceof DomainError) return Object.keys(e.args).length ? `${e.code} (${JSON.stringify(e.args)})` : e.code;
  if (e instanceof UnusableRecordError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/**
 * `npm run import` (issue 15): copies a calendar's categories (parents first), tags, venues, organizers and events into
 * this service through the aggregates' own create and update use cases (`CopyWriter`), remembering each copy in the
 * mapping table in the same transaction. A second run writes only what changed at the source; an interrupted run,
 * started again, continues: what was copied is found in the mapping table and left alone.
 */
@Injectable()
export class ImportService {
  constructor(
    private readonly mappings: ImportMappings,
    private readonly writer: CopyWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async run(source: CalendarSource, options: ImportOptions, reporter: ImportReporter): Promise<ImportSummary> {
    const known = options.dryRun ? await this.mappings.forSource(source.key).catch(() => []) : await this.mappings.forSource(source.key);
    const run = new ImportRun(source, options, reporter, this.mappings, this.writer, this.uow, this.clock, known);
    return run.execute();
  }
}

/** Records written in one transaction (a page of the source at most): fewer commits, the same result. */
const BATCH = 50;

/** A record ready to be written: what it becomes and how. */
interface Step {
  plan: CopyPlan;
  /** A second write of a record of this run (its parent event got a copy meanwhile): not counted again. */
  again: boolean;
  existing?: ImportMapping;
  body: Record<string, unknown>;
  fingerprint: string;
  /** The body carries the import's password. */
  withPassword: boolean;
  what: string;
}

/** One import: its mappings, the copies in flight and the tallies. */
class ImportRun {
  private readonly mapped = new Map<string, ImportMapping>();
  /** Copies started in this run (the list's own, and linked records copied on demand): each record once. */
  private readonly started = new Map<string, Promise<number | null>>();
  private readonly tallies = Object.fromEntries(IMPORT_KINDS.map((k) => [k, emptyTally()])) as Record<ImportKind, KindTally>;
  private readonly done = Object.fromEntries(IMPORT_KINDS.map((k) => [k, 0])) as Record<ImportKind, number>;
  private readonly caller: Caller;
  private readonly protectedIds = new Set<number>();
  /** Events written before their parent event had a copy: written again at the end of the events. */
  private readonly deferred: CopyPlan[] = [];
  private passwordUsed = false;
  /** Record and media ids the source showed (lists, embedded records, images): the others may be hidden events. */
  private readonly seenIds = new Set<number>();
  private highestId = 0;

  constructor(
    private readonly source: CalendarSource,
    private readonly options: ImportOptions,
    private readonly reporter: ImportReporter,
    private readonly store: ImportMappings,
    private readonly writer: CopyWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    known: ImportMapping[],
  ) {
    for (const m of known) this.mapped.set(keyOf(m.kind, m.sourceId), m);
    // The import writes as an administrator who is the `--author` user: records are theirs, statuses kept (§3.5).
    this.caller = { userId: options.authorId, role: 'administrator' };
  }

  private get aborted(): boolean {
    return this.options.signal?.aborted ?? false;
  }

  async execute(): Promise<ImportSummary> {
    if (this.options.includeTrash && !this.source.authenticated) {
      this.reporter.note('--include-trash needs credentials (--token or --user/--app-password): trashed records are not visible anonymously');
    }
    let stopped: string | undefined;
    try {
      await this.categories();
      for (const kind of ['tag', 'venue', 'organizer'] as const) await this.stream(kind);
      await this.events();
    } catch (e) {
      // The source failed for good (after its retries): what was copied stays, a new run continues from there.
      stopped = describeError(e);
    }
    return { tallies: this.tallies, passwordUsed: this.passwordUsed, interrupted: this.aborted, ...(stopped ? { stopped } : {}) };
  }

  private statuses(): string[] | undefined {
    if (!this.source.authenticated) return undefined;
    return this.options.includeTrash ? [...LISTED_STATUSES, 'trash'] : LISTED_STATUSES;
  }

  /** Categories: all of them first, then written parents before children (a child's `parent` names a copy). */
  private async categories(): Promise<void> {
    this.reporter.phase('category');
    const wires: WireObject[] = [];
    await this.source.list('category', {}, async (items) => void wires.push(...items), (n) => this.reporter.total('category', n));
    const plans = wires.flatMap((w) => this.plan('category', w) ?? []);
    const byId = new Map(plans.map((p) => [p.sourceId, p]));
    const depth = (p: CopyPlan, seen = new Set<number>()): number => {
      const parent = p.refs.parent && byId.get(p.refs.parent.id);
      if (!parent || seen.has(p.sourceId)) return 0;
      seen.add(p.sourceId);
      return 1 + depth(parent, seen);
    };
    const levels = new Map<number, CopyPlan[]>();
    for (const p of plans) levels.set(depth(p), [...(levels.get(depth(p)) ?? []), p]);
    for (const level of [...levels.keys()].sort((a, b) => a - b)) {
      const batches: CopyPlan[][] = [];
      const items = levels.get(level)!;
      for (let i = 0; i < items.length; i += BATCH) batches.push(items.slice(i, i + BATCH));
      await eachLimited(batches, this.options.concurrency, (batch) => this.copyListed(batch));
    }
    this.reporter.phaseDone('category');
  }

  /** Tags, venues, organizers: written page by page as the source delivers them. */
  private async stream(kind: 'tag' | 'venue' | 'organizer'): Promise<void> {
    if (this.aborted) return;
    this.reporter.phase(kind);
    const statuses = kind === 'tag' ? undefined : this.statuses();
    await this.source.list(
      kind,
      { statuses },
      (items) => this.copyListed(items.flatMap((wire) => this.plan(kind, wire) ?? [])),
      (n) => this.reporter.total(kind, n),
    );
    this.reporter.phaseDone(kind);
  }

  /**
   * Events. With credentials the source shows protected events in full, so an anonymous pass first finds which ones
   * the public sees masked (CONTRACT §6.11): their copies must be protected too. A masked item (anonymous, or a
   * reader the source does not let unlock it) is read once more by id in case the credentials unlock it.
   */
  private async events(): Promise<void> {
    if (this.aborted) return;
    this.reporter.phase('event');
    if (this.source.authenticated) {
      await this.source.list('event', { anonymous: true }, async (items) => {
        for (const wire of items) if (wire.all_day === null && idOf(wire.id) !== undefined) this.protectedIds.add(idOf(wire.id)!);
      });
    }
    await this.source.list(
      'event',
      { statuses: this.statuses() },
      async (items) => {
        const plans: CopyPlan[] = [];
        for (const item of items) {
          let wire = item;
          const id = idOf(item.id);
          if (item.all_day === null && id !== undefined) {
            this.protectedIds.add(id);
            if (this.source.authenticated) wire = (await this.source.event(id).catch(() => null))?.record ?? item;
          }
          const plan = this.plan('event', wire);
          if (plan) plans.push(plan);
        }
        await this.copyListed(plans);
      },
      (n) => this.reporter.total('event', n),
    );
    if (this.options.findHidden && !this.aborted) await this.hiddenEvents();
    // Children listed before their parent event: written again now that the parent has a copy.
    const again = this.deferred.splice(0);
    for (let i = 0; i < again.length && !this.aborted; i += BATCH) await this.copyPlans(again.slice(i, i + BATCH), true);
    this.reporter.phaseDone('event');
  }

  /**
   * Events no list shows (hidden from listings): read by id, each id up to the highest one seen that was not seen. One
   * found with credentials is read again anonymously: a protected event answers `event-password-protected`.
   */
  private async hiddenEvents(): Promise<void> {
    const ids: number[] = [];
    for (let id = 1; id <= this.highestId; id++) if (!this.seenIds.has(id)) ids.push(id);
    const found: CopyPlan[] = [];
    await eachLimited(ids, this.options.concurrency, async (id) => {
      if (this.aborted) return;
      const { record } = await this.source.event(id);
      if (!record || idOf(record.id) !== id) return;
      if (this.source.authenticated && record.all_day !== null) {
        const anonymous = await this.source.event(id, { anonymous: true });
        if (anonymous.code === 'event-password-protected') this.protectedIds.add(id);
      }
      if (record.all_day === null) this.protectedIds.add(id);
      const plan = this.plan('event', record);
      if (plan) found.push(plan);
    });
    if (found.length === 0) return;
    this.reporter.note(`${found.length} event${found.length === 1 ? '' : 's'} hidden from listings found by id`);
    this.reporter.total('event', this.done.event + found.length);
    found.sort((a, b) => a.sourceId - b.sourceId);
    for (let i = 0; i < found.length && !this.aborted; i += BATCH) await this.copyListed(found.slice(i, i + BATCH));
  }

  /** The ids a record shows: its own, its image's, and those of the records embedded in it. */
  private see(kind: ImportKind, wire: WireObject): void {
    if (kind === 'category' || kind === 'tag') return;
    const add = (v: unknown) => {
      const id = idOf(v);
      if (id === undefined) return;
      this.seenIds.add(id);
      if (id > this.highestId) this.highestId = id;
    };
    add(wire.id);
    if (wire.image && typeof wire.image === 'object') add((wire.image as WireObject).id);
    if (kind !== 'event') return;
    for (const linked of [wire.venue, wire.organizer].flatMap((v) => (Array.isArray(v) ? v : v ? [v] : []))) {
      if (linked && typeof linked === 'object') this.see('venue', linked as WireObject);
    }
  }

  private plan(kind: ImportKind, wire: WireObject): CopyPlan | null {
    this.see(kind, wire);
    try {
      return planCopy(kind, wire, { isPlugin: this.source.isPlugin, protectedIds: this.protectedIds });
    } catch (e) {
      this.tallies[kind].failed += 1;
      this.reporter.failure(`${kind} ${String(wire.id ?? '?')}: ${describeError(e)}`);
      return null;
    }
  }

  /** Records of a list: copied (or found copied), and the phase's progress moved on. */
  private async copyListed(plans: CopyPlan[]): Promise<void> {
    if (this.aborted) return;
    const keys = new Set<string>();
    const fresh = plans.filter((p) => {
      const key = keyOf(p.kind, p.sourceId);
      if (this.started.has(key) || keys.has(key)) return false;
      keys.add(key);
      return true;
    });
    await this.copyPlans(fresh, false);
    for (const p of fresh) this.reporter.progress(p.kind, ++this.done[p.kind]);
  }

  /** The local id of a source record's copy; null when it has none, or had one that was deleted here (local id 0). */
  private localIdOf(ref: SourceRef): number | null {
    return this.mapped.get(keyOf(ref.kind, ref.id))?.localId || null;
  }

  /** The local id of a linked record's copy, copied now from its embedding when this run has not yet. */
  private async linkedCopy(plan: CopyPlan): Promise<number | null> {
    const key = keyOf(plan.kind, plan.sourceId);
    if (!this.started.has(key)) await this.copyPlans([plan], false);
    return this.started.get(key)!;
  }

  /** Linked records without a copy yet (a draft venue missing from the public list, say) are copied from their embedding. */
  private async copyLinked(plan: CopyPlan): Promise<void> {
    const { venue = [], organizer = [], categories = [], tags = [] } = plan.refs;
    for (const ref of [...venue, ...organizer, ...categories, ...tags]) {
      if (this.localIdOf(ref) !== null || !ref.embedded) continue;
      if (ref.embedded.status === 'trash' && !this.options.includeTrash) continue;
      const linked = this.plan(ref.kind, ref.embedded);
      if (linked) await this.linkedCopy(linked);
    }
  }

  /**
   * Copies records: each is prepared (its linked records copied first), then those to write are written in one
   * transaction; when that fails, one by one, so that only the faulty record fails.
   */
  private async copyPlans(plans: CopyPlan[], again: boolean): Promise<void> {
    const settle = new Map<string, (id: number | null) => void>();
    for (const p of plans) {
      const key = keyOf(p.kind, p.sourceId);
      const promise = new Promise<number | null>((resolve) => settle.set(key, resolve));
      if (!again || !this.started.has(key)) this.started.set(key, promise);
    }
    const steps: Step[] = [];
    for (const p of plans) {
      const prepared = await this.prepare(p, again);
      if ('done' in prepared) settle.get(keyOf(p.kind, p.sourceId))!(prepared.done);
      else steps.push(prepared);
    }
    const ids = await this.writeSteps(steps);
    steps.forEach((step, i) => settle.get(keyOf(step.plan.kind, step.plan.sourceId))!(ids[i]));
  }

  /** Everything short of writing: skip, count, copy linked records, resolve links, compare with the last copy. */
  private async prepare(plan: CopyPlan, again: boolean): Promise<Step | { done: number | null }> {
    const tally = this.tallies[plan.kind];
    const existing = this.mapped.get(keyOf(plan.kind, plan.sourceId));
    const what = `${plan.kind} ${plan.sourceId}${plan.label ? ` "${shortLabel(plan.label)}"` : ''}`;
    try {
      if (this.aborted) return { done: existing?.localId ?? null };
      if (plan.status === 'trash' && !this.options.includeTrash) {
        tally.skipped += 1;
        return { done: existing?.localId ?? null };
      }
      if (!again) {
        for (const n of plan.notes) this.reporter.note(`${what}: ${n}`);
        if (plan.protected) tally.protected += 1;
        if (plan.masked) tally.withoutContent += 1;
      }
      await this.copyLinked(plan);
      const { fields, missing } = resolveFields(plan, (ref) => this.localIdOf(ref));
      for (const ref of missing) {
        if (ref.kind === 'event') {
          if (!again) this.deferred.push(plan);
        } else if (!again) this.reporter.note(`${what}: links ${ref.kind} ${ref.id}, which has no copy: link left out`);
      }
      const fingerprint = fingerprintOf(plan, fields);
      if (existing && existing.fingerprint === fingerprint) {
        if (!again) tally.unchanged += 1;
        if (existing.sourceModified !== plan.modified && !this.options.dryRun) {
          await this.uow.run(() => this.saveMapping(plan, existing.localId, fingerprint));
          this.remember(plan, existing.localId, fingerprint);
        }
        return { done: existing.localId };
      }
      if (existing && plan.status !== 'trash' && (await this.writer.inTrash(plan.kind, existing.localId, this.caller))) {
        // Trashed here on purpose, presumably (like a copy deleted here): left in the trash, not restored by the source.
        if (!again) {
          this.reporter.note(`${what}: its copy (${plan.kind} ${existing.localId}) is in the trash here: left there`);
          tally.skipped += 1;
        }
        return { done: existing.localId };
      }
      if (this.options.dryRun) {
        if (!again) tally[existing ? 'updated' : 'created'] += 1;
        this.reporter.planned(existing ? 'update' : 'create', plan);
        return { done: existing?.localId ?? -plan.sourceId }; // a placeholder: only fingerprints see it
      }
      const body = existing ? { ...fields } : createBody(fields);
      let withPassword = false;
      if (existing ? existing.protected !== plan.protected : plan.protected) {
        body.post_password = plan.protected ? this.options.protectedPassword : '';
        withPassword = plan.protected;
      }
      return { plan, again, existing, body, fingerprint, withPassword, what };
    } catch (e) {
      tally.failed += 1;
      this.reporter.failure(`${what}: ${describeError(e)}`);
      return { done: existing?.localId ?? null };
    }
  }

  /** Writes the steps, together when there are several; the local id of each copy (null when it failed). */
  private async writeSteps(steps: Step[]): Promise<Array<number | null>> {
    if (steps.length > 1) {
      try {
        const written = await this.uow.run(async () => {
          const out: WrittenCopy[] = [];
          for (const step of steps) out.push(await this.writeCopy(step, step.body));
          return out;
        });
        return steps.map((step, i) => this.finish(step, written[i]));
      } catch {
        // Nothing of the batch was kept: written again one by one, so only the faulty record fails (and says why).
      }
    }
    const ids: Array<number | null> = [];
    for (const step of steps) ids.push(await this.writeOne(step));
    return ids;
  }

  /** The copy and its mapping, inside the current unit of work: they commit together, or neither does. */
  private async writeCopy(step: Step, body: Record<string, unknown>): Promise<WrittenCopy> {
    const { plan, existing } = step;
    const written = existing
      ? await this.writer.update(plan.kind, existing.localId, body, plan.lineage, this.caller)
      : await this.writer.create(plan.kind, body, plan.lineage, this.caller);
    await this.saveMapping(plan, written.id, step.fingerprint);
    return written;
  }

  /** One record in its own transaction, with the fallbacks that keep it from failing for a detail. */
  private async writeOne(step: Step): Promise<number | null> {
    const { plan, existing, what } = step;
    const tally = this.tallies[plan.kind];
    const write = (body: Record<string, unknown>) => this.uow.run(() => this.writeCopy(step, body));
    try {
      return this.finish(step, await this.writeDroppingBadValues(step.body, what, write));
    } catch (error) {
      let e = error;
      // A term of that name exists here already (§11.3): the copy is that term.
      const termId = !existing && e instanceof DomainError && e.code === 'term_exists' ? idOf(e.data.term_id) : undefined;
      if (termId !== undefined) {
        await this.uow.run(() => this.saveMapping(plan, termId, step.fingerprint));
        this.remember(plan, termId, step.fingerprint);
        this.reporter.note(`${what}: a local ${plan.kind} of that name exists (id ${termId}): linked to it`);
        tally.adopted += 1;
        if (!step.again) tally.unchanged += 1;
        return termId;
      }
      if (existing && e instanceof DomainError && e.kind === 'not-found') {
        // Deleted here on purpose, presumably: not made again, and records linking to it leave the link out.
        this.reporter.note(`${what}: its copy (${plan.kind} ${existing.localId}) was deleted here: not copied again`);
        this.mapped.delete(keyOf(plan.kind, plan.sourceId));
        tally.skipped += 1;
        return null;
      }
      // Another term has taken the slug here meanwhile (409, §11.3): the copy keeps its own.
      if (existing && e instanceof DomainError && e.code === 'term_slug_exists' && 'slug' in step.body) {
        const { slug: _slug, ...rest } = step.body;
        void _slug;
        this.reporter.note(`${what}: slug "${plan.slug}" is taken here: the copy keeps its slug`);
        try {
          return this.finish(step, await write(rest));
        } catch (retried) {
          e = retried;
        }
      }
      tally.failed += 1;
      this.reporter.failure(`${what}: ${describeError(e)}`);
      return existing?.localId ?? null;
    }
  }

  /** After the commit: remembered (later records link to it), counted, a changed slug reported. */
  private finish(step: Step, written: WrittenCopy): number {
    const { plan, existing } = step;
    this.remember(plan, written.id, step.fingerprint);
    if (step.withPassword) this.passwordUsed = true;
    if (!step.again) this.tallies[plan.kind][existing ? 'updated' : 'created'] += 1;
    if (plan.slug !== '' && written.slug !== plan.slug && (!existing || 'slug' in step.body)) {
      this.tallies[plan.kind].slugChanges.push({ sourceId: plan.sourceId, from: plan.slug, to: written.slug });
    }
    return written.id;
  }

  /**
   * Writes `body`; when the write is refused only for the values of optional parameters (a website that is no http URL,
   * an image URL without an image extension…), writes it again without them and says so: one bad value does not cost
   * the whole record.
   */
  private async writeDroppingBadValues(
    body: Record<string, unknown>,
    what: string,
    write: (body: Record<string, unknown>) => Promise<WrittenCopy>,
  ): Promise<WrittenCopy> {
    try {
      return await write(body);
    } catch (e) {
      if (!(e instanceof InvalidParamsError) || e.code !== 'rest_invalid_param') throw e;
      const gone = e.problems.filter((p) => LINKS.has(p.param) && p.detail === 'rest_unknown_reference' && Array.isArray(body[p.param]));
      const others = e.problems.filter((p) => !gone.includes(p));
      const params = [...new Set(others.map((p) => p.param))];
      if (!params.every((p) => DROPPABLE.has(p) && p in body)) throw e;
      const kept = Object.fromEntries(Object.entries(body).filter(([k]) => !params.includes(k)));
      for (const problem of gone) {
        // A copy deleted here (its mapping stays, so it is not made again): links to it are left out, the others kept.
        const deleted = new Set(String(problem.args?.values ?? '').split(',').map((v) => v.trim()));
        kept[problem.param] = (body[problem.param] as unknown[]).filter((id) => !deleted.has(String(id)));
        await this.forgetDeletedCopies(problem.param, deleted);
        this.reporter.note(`${what}: links ${problem.param} ${[...deleted].join(', ')} here, deleted since it was copied: link left out`);
      }
      if (others.length > 0) this.reporter.note(`${what}: left out ${others.map((p) => `${p.param} (${p.detail})`).join(', ')}`);
      return write(kept);
    }
  }

  /**
   * These copies were deleted here: their mappings keep the source record (so it is not copied again) with local id 0,
   * in this run and, with the write in progress, in the store — so the next run computes the same links (none) and
   * does not write the records linking to them again and again.
   */
  private async forgetDeletedCopies(param: string, localIds: Set<string>): Promise<void> {
    const kind: ImportKind = param === 'categories' ? 'category' : param === 'tags' ? 'tag' : (param as 'venue' | 'organizer');
    for (const [key, mapping] of this.mapped) {
      if (mapping.kind !== kind || !localIds.has(String(mapping.localId))) continue;
      const gone = { ...mapping, localId: 0 };
      this.mapped.set(key, gone);
      await this.store.save(this.source.key, gone, utcWallClock(this.clock.now()));
    }
  }

  private mappingOf(plan: CopyPlan, localId: number, fingerprint: string): ImportMapping {
    return { kind: plan.kind, sourceId: plan.sourceId, localId, sourceModified: plan.modified, fingerprint, protected: plan.protected };
  }

  /** Inside the copy's unit of work: the mapping row commits with the copy, or neither does. */
  private saveMapping(plan: CopyPlan, localId: number, fingerprint: string): Promise<void> {
    return this.store.save(this.source.key, this.mappingOf(plan, localId, fingerprint), utcWallClock(this.clock.now()));
  }

  /** Once committed: later records resolve their links to this copy. */
  private remember(plan: CopyPlan, localId: number, fingerprint: string): void {
    this.mapped.set(keyOf(plan.kind, plan.sourceId), this.mappingOf(plan, localId, fingerprint));
  }
}
