import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/domain/clock';
import { UnitOfWork } from '../../../shared/domain/unit-of-work';
import { utcWallClock } from '../../../shared/domain/wall-clock';
import { EventRepository } from '../domain/event.repository';

/**
 * How long reads trust the earliest publication date they read: the bound the read cache gives answers too (another
 * instance's write is seen within it). A write in this process forgets it at once.
 */
const TRUSTED_FOR_MS = 1000;

/**
 * Scheduled (`future`) events (§3.5, issue 18). Reads never write: the scheduled job publishes due events
 * (`publishDue`), and until it has, lists ask `dueUntilUtc` whether any event is due, to show it as published already.
 */
@Injectable()
export class ScheduledEvents {
  private known?: { earliestUtc: string | null; readAt: number };

  constructor(
    private readonly repo: EventRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Now (a UTC wall clock) when some scheduled event is due and not yet published, else undefined. */
  async dueUntilUtc(): Promise<string | undefined> {
    const now = this.clock.now().getTime();
    if (!this.known || now < this.known.readAt || now - this.known.readAt >= TRUSTED_FOR_MS) {
      this.known = { earliestUtc: await this.repo.earliestScheduledUtc(), readAt: now };
    }
    const nowUtc = utcWallClock(new Date(now));
    return this.known.earliestUtc !== null && this.known.earliestUtc <= nowUtc ? nowUtc : undefined;
  }

  /** A write in this process may have scheduled or published events. */
  forget(): void {
    this.known = undefined;
  }

  /** The job: publishes every due event in one transaction (only opened when one is due). How many were published. */
  async publishDue(): Promise<number> {
    const nowUtc = utcWallClock(this.clock.now());
    const earliest = await this.repo.earliestScheduledUtc();
    if (earliest === null || earliest > nowUtc) return 0;
    const published = await this.uow.run(() => this.repo.publishDue(nowUtc));
    this.forget();
    return published;
  }
}
