import { FixedClock } from '../../domain/clock';
import { FragmentCache, LinkedRecordCache } from './fragment-cache';
import { ReadScope } from './read-scope';
import { ResponseCache } from './response-cache';

describe('ReadScope (one request of the read model, issue 18)', () => {
  let clock: FixedClock;
  let responses: ResponseCache;
  let fragments: FragmentCache;
  let records: LinkedRecordCache;
  const now = () => clock.now().getTime();
  beforeEach(() => {
    clock = new FixedClock(new Date('2026-11-27T10:00:00Z'));
    responses = new ResponseCache(1000, 1024 * 1024, clock);
    fragments = new FragmentCache(responses, 1000, 1024 * 1024, clock);
    records = new LinkedRecordCache(responses, 1000, 1024 * 1024, clock);
  });

  it('dates what it keeps back to the oldest data it took, so nothing outlives that data', () => {
    const first = new ReadScope(responses, clock);
    first.keep(records, 'venue 1', { id: 1 });
    expect(first.dataReadAt()).toBe(now()); // nothing taken: the request's start
    clock.advance(700);
    const second = new ReadScope(responses, clock);
    expect(second.take(records, 'venue 1')).toEqual({ id: 1 });
    expect(second.dataReadAt()).toBe(now() - 700);
    second.keep(fragments, 'event 5', Buffer.from('{"venue":1}')); // rendered with the 700 ms old venue
    clock.advance(299);
    expect(new ReadScope(responses, clock).take(fragments, 'event 5')?.toString()).toBe('{"venue":1}');
    clock.advance(1);
    expect(new ReadScope(responses, clock).take(fragments, 'event 5')).toBeUndefined(); // expired with the venue
    expect(new ReadScope(responses, clock).take(records, 'venue 1')).toBeUndefined();
  });

  it('dates what it read itself back to its start, however long its statements took', () => {
    const slow = new ReadScope(responses, clock);
    clock.advance(800); // a slow links query
    slow.keep(records, 'venue 2', { id: 2 });
    expect(slow.dataReadAt()).toBe(now() - 800);
    clock.advance(199);
    expect(new ReadScope(responses, clock).take(records, 'venue 2')).toEqual({ id: 2 });
    clock.advance(1);
    expect(new ReadScope(responses, clock).take(records, 'venue 2')).toBeUndefined();
  });

  it('keeps nothing once a write happened after it began', () => {
    const scope = new ReadScope(responses, clock);
    responses.invalidate();
    scope.keep(fragments, 'event 1', Buffer.from('old'));
    expect(new ReadScope(responses, clock).take(fragments, 'event 1')).toBeUndefined();
    const after = new ReadScope(responses, clock);
    after.keep(fragments, 'event 1', Buffer.from('new'));
    expect(new ReadScope(responses, clock).take(fragments, 'event 1')?.toString()).toBe('new');
  });
});
