import { ScheduledEvents } from '../../src/modules/events/application/scheduled-events';
import { InMemoryEventRepository } from '../../src/modules/events/infrastructure/in-memory/in-memory-event.repository';
import { FixedClock } from '../../src/shared/domain/clock';
import { ImmediateUnitOfWork } from '../../src/shared/domain/unit-of-work';
import { anEvent } from '../factories/event.factory';

describe('ScheduledEvents (issue 18: reads never write)', () => {
  const setup = async () => {
    const repo = new InMemoryEventRepository();
    const uow = new ImmediateUnitOfWork();
    const clock = new FixedClock(new Date('2026-11-22T15:00:00Z'));
    await repo.insert(anEvent(1, { status: 'future', dateUtc: '2026-11-22 15:00:30' }));
    return { repo, uow, clock, scheduled: new ScheduledEvents(repo, uow, clock) };
  };

  it('says "due until now" only once an event is due, trusting what it read for one second unless told to forget', async () => {
    const { repo, clock, scheduled } = await setup();
    expect(await scheduled.dueUntilUtc()).toBeUndefined();
    clock.advance(31_000);
    expect(await scheduled.dueUntilUtc()).toBe('2026-11-22 15:00:31');
    await repo.insert(anEvent(2, { status: 'future', dateUtc: '2026-11-22 15:00:00' }));
    expect(await scheduled.dueUntilUtc()).toBe('2026-11-22 15:00:31');
    await repo.publishDue('2026-11-22 15:00:31');
    expect(await scheduled.dueUntilUtc()).toBe('2026-11-22 15:00:31'); // read 0 ms ago: still trusted
    clock.advance(999);
    expect(await scheduled.dueUntilUtc()).toBe('2026-11-22 15:00:31');
    clock.advance(1);
    expect(await scheduled.dueUntilUtc()).toBeUndefined(); // read again after a second
    await repo.insert(anEvent(3, { status: 'future', dateUtc: '2026-11-22 15:00:00' }));
    expect(await scheduled.dueUntilUtc()).toBeUndefined();
    scheduled.forget();
    expect(await scheduled.dueUntilUtc()).toBe('2026-11-22 15:00:32');
  });

  it('the job opens a transaction only when an event is due, and publishes every due one', async () => {
    const { repo, uow, clock, scheduled } = await setup();
    const run = jest.spyOn(uow, 'run');
    expect(await scheduled.publishDue()).toBe(0);
    expect(run).not.toHaveBeenCalled();
    await repo.insert(anEvent(2, { status: 'future', dateUtc: '2026-11-22 15:00:40' }));
    clock.advance(60_000);
    expect(await scheduled.publishDue()).toBe(2);
    expect(run).toHaveBeenCalledTimes(1);
    expect([(await repo.findById(1))?.status, (await repo.findById(2))?.status]).toEqual(['publish', 'publish']);
    expect(await scheduled.dueUntilUtc()).toBeUndefined();
  });
});
