import { Injectable } from '@nestjs/common';
import { Caller } from '../../../shared/domain/caller';
import { InvalidParamsError, MissingParamsError, ParamProblem } from '../../../shared/domain/errors';
import { readLeniently, validateInput } from '../../../shared/http/params/input';
import { OrganizersService } from '../application/organizers.service';
import type { Organizer } from '../domain/organizer';
import { OrganizerWriteParams } from './dto/organizer-write.params';

/** Inline organizer creation during an event write (§9.5): same DTO, errors as 400 `could-not-create-organizer`. */
@Injectable()
export class OrganizerInlineCreator {
  constructor(private readonly organizers: OrganizersService) {}

  /**
   * Reads only: throws 400 `could-not-create-organizer` naming every problem of the inline object — its missing name, its
   * types and formats, then its values and references (§9.5) — so an event write can check it before anything is
   * written and before the event's existence (§4.4, §9.1).
   */
  async check(raw: Record<string, unknown>, caller: Caller): Promise<void> {
    const problems: ParamProblem[] = [];
    if (raw.organizer === undefined) problems.push({ param: 'organizer', detail: 'rest_empty_value', args: { param: 'organizer' } });
    // Fields of the wrong type or format are reported and left out, so the others still get their value checks.
    const read = readLeniently(OrganizerWriteParams, raw);
    problems.push(...read.invalid);
    const input: Record<string, unknown> = {};
    for (const name of read.sent) input[name] = (read as unknown as Record<string, unknown>)[name];
    try {
      await this.organizers.checkInline(input, caller);
    } catch (e) {
      if (!(e instanceof InvalidParamsError)) throw e;
      problems.push(...e.problems.filter((p) => !problems.some((q) => q.param === p.param)));
    }
    if (problems.length > 0) throw new InvalidParamsError(problems, 'could-not-create-organizer');
  }

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
