import { defaultEndBound, defaultStartBound } from '../../src/modules/events/domain/event-date-window';
import { LinkTargetsGoneError } from '../../src/modules/events/domain/event.repository';

describe('rules at their edges (issue 19)', () => {
  it('an unknown site zone is a configuration error, named', () => {
    expect(() => defaultStartBound(new Date(), 'Mars/Base')).toThrow('unknown site time zone "Mars/Base"');
    expect(() => defaultEndBound(new Date(), 'Mars/Base')).toThrow('unknown site time zone "Mars/Base"');
  });

  it('links deleted meanwhile are named in the message', () => {
    expect(new LinkTargetsGoneError('venue', [3, 4]).message).toBe('venue gone: 3, 4');
  });
});
