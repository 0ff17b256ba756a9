import { Injectable } from '@nestjs/common';
import { LinkedRecordInlineCreator } from '../../records/http/linked-record-inline-creator';
import { VenuesService } from '../application/venues.service';
import type { Venue } from '../domain/venue';
import { VenueWriteParams } from './dto/venue-write.params';

/** Inline venue creation during an event write (§9.5): same DTO, errors as 400 `could-not-create-venue`. */
@Injectable()
export class VenueInlineCreator extends LinkedRecordInlineCreator<Venue> {
  constructor(venues: VenuesService) {
    super(venues, VenueWriteParams, 'venue', 'could-not-create-venue');
  }
}
