import { Injectable } from '@nestjs/common';
import { Caller } from '../../../shared/domain/caller';
import { InvalidParamsError, MissingParamsError } from '../../../shared/domain/errors';
import { validateInput } from '../../../shared/http/params/input';
import { VenuesService } from '../application/venues.service';
import type { Venue } from '../domain/venue';
import { VenueWriteParams } from './dto/venue-write.params';

/** Inline venue creation during an event write (§9.5): same DTO, errors as 400 `could-not-create-venue`. */
@Injectable()
export class VenueInlineCreator {
  constructor(private readonly venues: VenuesService) {}

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
