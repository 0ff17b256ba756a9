import { Injectable } from '@nestjs/common';
import { Caller } from '../../../shared/domain/caller';
import { InvalidParamsError, MissingParamsError } from '../../../shared/domain/errors';
import { validateInput } from '../../../shared/http/params/input';
import { OrganizersService } from '../application/organizers.service';
import type { Organizer } from '../domain/organizer';
import { OrganizerWriteParams } from './dto/organizer-write.params';

/** Inline organizer creation during an event write (§9.5): same DTO, errors as 400 `could-not-create-organizer`. */
@Injectable()
export class OrganizerInlineCreator {
  constructor(private readonly organizers: OrganizersService) {}

  async createOrReuseInline(raw: Record<string, unknown>, caller: Caller): Promise<Organizer> {
    let input: Record<string, unknown>;
    try {
      const validated = validateInput(OrganizerWriteParams, raw);
      input = {};
      for (const name of validated.sent) input[name] = (validated as unknown as Record<string, unknown>)[name];
    } catch (e) {
      if (e instanceof InvalidParamsError) throw new InvalidParamsError(e.problems, 'could-not-create-organizer');
      if (e instanceof MissingParamsError) {
        throw new InvalidParamsError(e.names.map((param) => ({ param, detail: 'rest_empty_value', args: { param } })), 'could-not-create-organizer');
      }
      throw e;
    }
    if (input.organizer === undefined) {
      throw new InvalidParamsError([{ param: 'organizer', detail: 'rest_empty_value', args: { param: 'organizer' } }], 'could-not-create-organizer');
    }
    return this.organizers.createOrReuseInline(input, caller);
  }
}
