import { Injectable } from '@nestjs/common';
import { LinkedRecordInlineCreator } from '../../records/http/linked-record-inline-creator';
import { OrganizersService } from '../application/organizers.service';
import type { Organizer } from '../domain/organizer';
import { OrganizerWriteParams } from './dto/organizer-write.params';

/** Inline organizer creation during an event write (§9.5): same DTO, errors as 400 `could-not-create-organizer`. */
@Injectable()
export class OrganizerInlineCreator extends LinkedRecordInlineCreator<Organizer> {
  constructor(organizers: OrganizersService) {
    super(organizers, OrganizerWriteParams, 'organizer', 'could-not-create-organizer');
  }
}
