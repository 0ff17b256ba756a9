import { Logger } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../../config/app-config';
import type { ScheduledEvents } from '../events/application/scheduled-events';
import type { OrganizersService } from '../organizers/application/organizers.service';
import type { VenuesService } from '../venues/application/venues.service';
import { ScheduledPublishing } from './scheduled-publishing';

describe('scheduled publishing while the database is down', () => {
  afterEach(() => jest.restoreAllMocks());

  it('names a failure that repeats once, not every run, and says when it works again', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    let down = true;
    const publishDue = jest.fn(async () => {
      if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
      return 0;
    });
    const job = new ScheduledPublishing(
      { publishDueIntervalMs: 5000 } as AppConfig,
      {} as SchedulerRegistry,
      { publishDue } as unknown as ScheduledEvents,
      { publishDue } as unknown as VenuesService,
      { publishDue } as unknown as OrganizersService,
    );
    for (let i = 0; i < 20; i += 1) expect(await job.runOnce()).toBe(0);
    expect(error).toHaveBeenCalledTimes(1);
    expect(debug).toHaveBeenCalledTimes(19);
    down = false;
    await job.runOnce();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('works again after 20 failed runs'));
    down = true;
    await job.runOnce();
    expect(error).toHaveBeenCalledTimes(2); // a new outage is named again
  });

  it('names a failure that lasts again every 60 runs', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    const publishDue = jest.fn(async () => Promise.reject(new Error('down')));
    const job = new ScheduledPublishing(
      { publishDueIntervalMs: 5000 } as AppConfig,
      {} as SchedulerRegistry,
      { publishDue } as unknown as ScheduledEvents,
      { publishDue } as unknown as VenuesService,
      { publishDue } as unknown as OrganizersService,
    );
    for (let i = 0; i < 121; i += 1) await job.runOnce();
    expect(error).toHaveBeenCalledTimes(3);
    expect(error).toHaveBeenLastCalledWith(expect.stringContaining('120 runs failed in a row'));
  });
});
