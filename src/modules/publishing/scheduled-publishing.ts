import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.token';
import { ScheduledEvents } from '../events/application/scheduled-events';
import { OrganizersService } from '../organizers/application/organizers.service';
import { VenuesService } from '../venues/application/venues.service';

const JOB = 'publish-due';

/**
 * The job that publishes due `future` events, venues and organizers (§3.5), every PUBLISH_DUE_INTERVAL_MS (issue 18:
 * this used to run inside GET requests, as a write transaction). One process runs it: the service, or with WORKERS the
 * one worker the primary gives a non-zero interval. Runs never overlap; a failed run is logged and the next one retries.
 */
@Injectable()
export class ScheduledPublishing implements OnApplicationBootstrap {
  private readonly log = new Logger('ScheduledPublishing');
  private running = false;

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
      return events + venues + organizers;
    } catch (e) {
      this.log.error(`publishing due records failed (retried in ${this.config.publishDueIntervalMs} ms): ${(e as Error).message}`);
      return 0;
    } finally {
      this.running = false;
    }
  }
}
