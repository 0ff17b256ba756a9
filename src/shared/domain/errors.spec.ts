import { collectingProblems, DomainError, InvalidParamsError, ParamProblem } from './errors';

describe('collectingProblems (§4.3: one 400 names every failing parameter)', () => {
  it('collects the problems of rest_invalid_param and answers undefined', async () => {
    const problems: ParamProblem[] = [{ param: 'a', detail: 'rest_invalid_date' }];
    const collected: ParamProblem[] = [];
    await expect(collectingProblems(collected, () => Promise.reject(new InvalidParamsError(problems)))).resolves.toBeUndefined();
    expect(collected).toEqual(problems);
  });

  it('lets an invalid-parameters error with another code through, and every other error', async () => {
    const collected: ParamProblem[] = [];
    const otherCode = new InvalidParamsError([{ param: 'venue', detail: 'rest_invalid_date' }], 'rest_venue_could_not_create');
    await expect(collectingProblems(collected, () => Promise.reject(otherCode))).rejects.toBe(otherCode);
    const notFound = new DomainError('not-found', 'rest_no_route');
    await expect(collectingProblems(collected, () => Promise.reject(notFound))).rejects.toBe(notFound);
    expect(collected).toEqual([]);
  });

  it('answers the check’s value when it passes', async () => {
    await expect(collectingProblems([], () => Promise.resolve(42))).resolves.toBe(42);
  });
});
