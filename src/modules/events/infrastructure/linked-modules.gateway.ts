import { Injectable } from '@nestjs/common';
import type { Caller } from '../../../shared/domain/caller';
import type { ParamProblem } from '../../../shared/domain/errors';
import { ImagePlan, MediaService } from '../../media/application/media.service';
import { OrganizersService } from '../../organizers/application/organizers.service';
import { EventTermsService } from '../../terms/application/event-terms.service';
import { VenuesService } from '../../venues/application/venues.service';
import { CheckedImage, EventLinksGateway } from '../application/event-links.gateway';
import type { InlineRecordInput } from '../application/event-write.command';

/** ADAPTER: the events module's view of the venue, organizer, term and media modules. */
@Injectable()
export class LinkedModulesGateway extends EventLinksGateway {
  constructor(
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly terms: EventTermsService,
    private readonly media: MediaService,
  ) {
    super();
  }

  async existingVenueIds(ids: number[]): Promise<number[]> {
    return (await this.venues.findByIds(ids)).map((v) => Number(v.id));
  }

  async existingOrganizerIds(ids: number[]): Promise<number[]> {
    return (await this.organizers.findByIds(ids)).map((o) => Number(o.id));
  }

  checkInlineVenue(input: InlineRecordInput, caller: Caller): Promise<void> {
    return this.venues.checkInline(input.values, caller, input.invalid);
  }

  checkInlineOrganizer(input: InlineRecordInput, caller: Caller): Promise<void> {
    return this.organizers.checkInline(input.values, caller, input.invalid);
  }

  async createOrReuseVenue(input: InlineRecordInput, caller: Caller): Promise<number> {
    return Number((await this.venues.createOrReuseInline(input.values, caller)).id);
  }

  async createOrReuseOrganizer(input: InlineRecordInput, caller: Caller): Promise<number> {
    return Number((await this.organizers.createOrReuseInline(input.values, caller)).id);
  }

  async checkImage(value: unknown, caller: Caller): Promise<CheckedImage | undefined> {
    const plan = await this.media.checkImageInput(value, caller, 'image');
    return plan === undefined ? undefined : { plan };
  }

  async applyImage(image: CheckedImage, caller: Caller): Promise<number | null> {
    return (await this.media.applyImagePlan(image.plan as ImagePlan, caller)).mediaId;
  }

  checkTerms(taxonomy: 'category' | 'tag', param: string, items: string[], caller: Caller): Promise<ParamProblem | null> {
    return this.terms.checkForEventWrite(taxonomy, param, items, caller);
  }

  resolveTerms(taxonomy: 'category' | 'tag', param: string, items: string[], caller: Caller): Promise<number[]> {
    return this.terms.resolveForEventWrite(taxonomy, param, items, caller);
  }

  resolveTermFilter(taxonomy: 'category' | 'tag', param: string, items: string[]): Promise<{ ids: number[]; problem: ParamProblem | null }> {
    return this.terms.resolveFilter(taxonomy, param, items);
  }

  async splitTerms(ids: number[]): Promise<{ category: number[]; tag: number[] }> {
    const terms = await this.terms.findByIds(null, ids);
    return {
      category: terms.filter((t) => t.taxonomy === 'category').map((t) => t.id),
      tag: terms.filter((t) => t.taxonomy === 'tag').map((t) => t.id),
    };
  }

  categoryDescendants(ids: number[]): Promise<number[]> {
    return this.terms.descendantIds(ids);
  }
}
