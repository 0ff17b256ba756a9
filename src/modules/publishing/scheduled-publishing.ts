import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.token';
import { ScheduledEvents } from '../events/application/scheduled-events';
import { OrganizersService } from '../organizers/application/organizers.service';
import { VenuesService } from '../venues/application/venues.service';

const JOB = 'publish-due';

/** While runs keep failing, the failure is named again every this many runs (5 min at the default 5 s interval). */
const REPEAT_FAILURE_EVERY_RUNS = 60;

/**
 * The job that publishes due `future` events, venues and organizers (§3.5), every PUBLISH_DUE_INTERVAL_MS (issue 18:
 * this used to run inside GET requests, as a write transaction). One process runs it: the service, or with WORKERS the
 * one worker the primary gives a non-zero interval. Runs never overlap; a failed run is logged and the next one retries.
 */
@Injectable()
export class ScheduledPublishing implements OnApplicationBootstrap {
  private readonly log = new Logger('ScheduledPublishing');
  private running = false;
  /** Runs failed in a row: the first is logged at error, the rest at debug (see runOnce). */
  private failedRuns = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly events: ScheduledEvents,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.publishDueIntervalMs <= 0) return;
    const timer = setInterval(() => void this.runOnce(), this.config.publishDueIntervalMs);
    timer.unref();
    this.scheduler.addInterval(JOB, timer); // cleared by the schedule module when the application closes
  }

  /** One run; how many records it published (0 while a previous run is still going). */
  async runOnce(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const events = await this.events.publishDue();
      const venues = await this.venues.publishDue();
      const organizers = await this.organizers.publishDue();
      if (events + venues + organizers > 0) this.log.log(`published due records: ${events} events, ${venues} venues, ${organizers} organizers`);
      if (this.failedRuns > 0) this.log.log(`publishing due records works again after ${this.failedRuns} failed runs`);
      this.failedRuns = 0;
      return events + venues + organizers;
    } catch (e) {
      // A database outage fails every run alike: a black-box probe (MariaDB down, 2026-11-27) found this error line
      // every 5 s for as long as the outage lasted. Named once, repeated every REPEAT_FAILURE_EVERY_RUNS runs.
      const message = `publishing due records failed (retried every ${this.config.publishDueIntervalMs} ms): ${(e as Error).message}`;
      if (this.failedRuns % REPEAT_FAILURE_EVERY_RUNS === 0) this.log.error(this.failedRuns === 0 ? message : `${message}; ${this.failedRuns} runs failed in a row`);
      else this.log.debug(message);
      this.failedRuns += 1;
      return 0;
    } finally {
      this.running = false;
    }
  }
}
