import { Injectable } from '@nestjs/common';
import { Caller } from '../../../shared/domain/caller';
import { InvalidParamsError, MissingParamsError, ParamProblem } from '../../../shared/domain/errors';
import { readLeniently, validateInput } from '../../../shared/http/params/input';
import { VenuesService } from '../application/venues.service';
import type { Venue } from '../domain/venue';
import { VenueWriteParams } from './dto/venue-write.params';

/** Inline venue creation during an event write (§9.5): same DTO, errors as 400 `could-not-create-venue`. */
@Injectable()
export class VenueInlineCreator {
  constructor(private readonly venues: VenuesService) {}

  /**
   * Reads only: throws 400 `could-not-create-venue` naming every problem of the inline object — its missing name, its
   * types and formats, then its values and references (§9.5) — so an event write can check it before anything is
   * written and before the event's existence (§4.4, §9.1).
   */
  async check(raw: Record<string, unknown>, caller: Caller): Promise<void> {
    const problems: ParamProblem[] = [];
    if (raw.venue === undefined) problems.push({ param: 'venue', detail: 'rest_empty_value', args: { param: 'venue' } });
    // Fields of the wrong type or format are reported and left out, so the others still get their value checks.
    const read = readLeniently(VenueWriteParams, raw);
    problems.push(...read.invalid);
    const input: Record<string, unknown> = {};
    for (const name of read.sent) input[name] = (read as unknown as Record<string, unknown>)[name];
    try {
      await this.venues.checkInline(input, caller);
    } catch (e) {
      if (!(e instanceof InvalidParamsError)) throw e;
      problems.push(...e.problems.filter((p) => !problems.some((q) => q.param === p.param)));
    }
    if (problems.length > 0) throw new InvalidParamsError(problems, 'could-not-create-venue');
  }

  async createOrReuseInline(raw: Record<string, unknown>, caller: Caller): Promise<Venue> {
    let input: Record<string, unknown>;
    try {
      const validated = validateInput(VenueWriteParams, raw);
      input = {};
      for (const name of validated.sent) input[name] = (validated as unknown as Record<string, unknown>)[name];
    } catch (e) {
      if (e instanceof InvalidParamsError) throw new InvalidParamsError(e.problems, 'could-not-create-venue');
      if (e instanceof MissingParamsError) {
        throw new InvalidParamsError(e.names.map((param) => ({ param, detail: 'rest_empty_value', args: { param } })), 'could-not-create-venue');
      }
      throw e;
    }
    if (input.venue === undefined) {
      throw new InvalidParamsError([{ param: 'venue', detail: 'rest_empty_value', args: { param: 'venue' } }], 'could-not-create-venue');
    }
    return this.venues.createOrReuseInline(input, caller);
  }
}
