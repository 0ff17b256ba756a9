import type { Caller } from '../../../shared/domain/caller';
import { InvalidParamsError, MissingParamsError, ParamProblem } from '../../../shared/domain/errors';
import { readLeniently, sentValues, validateInput } from '../../../shared/http/params/input';

/** The service calls inline creation needs (the aggregate's `LinkedRecordService`). */
interface InlineCreation<T> {
  checkInline(input: Record<string, unknown>, caller: Caller): Promise<void>;
  createOrReuseInline(input: Record<string, unknown>, caller: Caller): Promise<T>;
}

/**
 * Inline venue or organizer creation during an event write (§9.5): the aggregate's own write DTO, its problems as 400
 * `could-not-create-<kind>` (`code`), and a missing name (`nameParam`) reported as an empty value.
 */
export class LinkedRecordInlineCreator<T> {
  constructor(
    private readonly records: InlineCreation<T>,
    private readonly dto: new () => object,
    private readonly nameParam: string,
    private readonly code: string,
  ) {}

  /**
   * Reads only: throws 400 `could-not-create-<kind>` naming every problem of the inline object — its missing name, its
   * types and formats, then its values and references (§9.5) — so an event write can check it before anything is
   * written and before the event's existence (§4.4, §9.1).
   */
  async check(raw: Record<string, unknown>, caller: Caller): Promise<void> {
    const problems: ParamProblem[] = [];
    if (raw[this.nameParam] === undefined) problems.push(this.emptyName());
    // Fields of the wrong type or format are reported and left out, so the others still get their value checks.
    const read = readLeniently(this.dto, raw);
    problems.push(...read.invalid);
    try {
      await this.records.checkInline(sentValues(read), caller);
    } catch (e) {
      if (!(e instanceof InvalidParamsError)) throw e;
      problems.push(...e.problems.filter((p) => !problems.some((q) => q.param === p.param)));
    }
    if (problems.length > 0) throw new InvalidParamsError(problems, this.code);
  }

  async createOrReuseInline(raw: Record<string, unknown>, caller: Caller): Promise<T> {
    let input: Record<string, unknown>;
    try {
      input = sentValues(validateInput(this.dto, raw));
    } catch (e) {
      if (e instanceof InvalidParamsError) throw new InvalidParamsError(e.problems, this.code);
      if (e instanceof MissingParamsError) {
        throw new InvalidParamsError(e.names.map((param) => ({ param, detail: 'rest_empty_value', args: { param } })), this.code);
      }
      throw e;
    }
    if (input[this.nameParam] === undefined) throw new InvalidParamsError([this.emptyName()], this.code);
    return this.records.createOrReuseInline(input, caller);
  }

  private emptyName(): ParamProblem {
    return { param: this.nameParam, detail: 'rest_empty_value', args: { param: this.nameParam } };
  }
}
