import { DomainError } from '../../../shared/domain/errors';
import { Injectable } from '@nestjs/common';
import type { Caller } from '../../../shared/domain/caller';
import { readLeniently, sentValues, validateInput, Validated } from '../../../shared/http/params/input';
import { CategoriesService, CategoryInput } from '../../categories/application/categories.service';
import { CreateCategoryParams, UpdateCategoryParams } from '../../categories/http/dto/category.params';
import { EventsService } from '../../events/application/events.service';
import { CreateEventParams, UpdateEventParams } from '../../events/http/dto/event-write.params';
import { readEventWrite } from '../../events/http/dto/event-write.command-reader';
import { OrganizersService } from '../../organizers/application/organizers.service';
import { OrganizerWriteParams } from '../../organizers/http/dto/organizer-write.params';
import { TagInput, TagsService } from '../../tags/application/tags.service';
import { CreateTagParams, UpdateTagParams } from '../../tags/http/dto/tag.params';
import { VenuesService } from '../../venues/application/venues.service';
import { VenueWriteParams } from '../../venues/http/dto/venue-write.params';
import { CopyWriter, WrittenCopy } from '../application/copy-writer';
import type { ImportKind } from '../domain/import-mapping';

/** Only the term fields that were sent (as the term controllers read them). */
function termInput(input: Validated<{ name?: string; description?: string | null; slug?: string; parent?: unknown }>): CategoryInput {
  const out: CategoryInput = {};
  if (input.sent.has('name')) out.name = input.name;
  if (input.sent.has('description')) out.description = input.description ?? null;
  if (input.sent.has('slug')) out.slug = input.slug;
  if (input.sent.has('parent') && typeof input.parent === 'number') out.parent = input.parent;
  return out;
}

/**
 * ADAPTER: the import's edge. A copy's write parameters are read exactly as the API reads a request body — the same
 * parameter declarations (types, formats, limits, JSON null), the same command readers — and handed to the create and
 * update use cases of the aggregate, as its controller would. What the API cannot express is passed beside the body:
 * the lineage, and for venues and organizers the rule that a copy never reuses a local record (`createCopy`).
 */
@Injectable()
export class WireCopyWriter extends CopyWriter {
  constructor(
    private readonly events: EventsService,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly categories: CategoriesService,
    private readonly tags: TagsService,
  ) {
    super();
  }

  async create(kind: ImportKind, body: Record<string, unknown>, lineage: readonly string[], caller: Caller): Promise<WrittenCopy> {
    switch (kind) {
      case 'event': {
        const request = readEventWrite(readLeniently(CreateEventParams, body));
        const { event } = await this.events.create({ ...request, command: { ...request.command, lineage } }, caller);
        return { id: event.id, slug: event.slug };
      }
      case 'venue': {
        const input = readLeniently(VenueWriteParams, body);
        return this.venues.createCopy(sentValues(input), caller, lineage, input.invalid);
      }
      case 'organizer': {
        const input = readLeniently(OrganizerWriteParams, body);
        return this.organizers.createCopy(sentValues(input), caller, lineage, input.invalid);
      }
      case 'category': {
        const { term } = await this.categories.create(termInput(validateInput(CreateCategoryParams, body)) as CategoryInput & { name: string });
        return term;
      }
      case 'tag':
        return this.tags.create(termInput(validateInput(CreateTagParams, body)) as TagInput & { name: string });
    }
  }

  async inTrash(kind: ImportKind, id: number, caller: Caller): Promise<boolean> {
    try {
      if (kind === 'venue') return (await this.venues.getById(id, caller)).status === 'trash';
      if (kind === 'organizer') return (await this.organizers.getById(id, caller)).status === 'trash';
      if (kind === 'event') await this.events.get({ id }, caller); // a trashed event is 403 event-no-longer-available
      return false;
    } catch (e) {
      return e instanceof DomainError && e.code === 'event-no-longer-available';
    }
  }

  async update(kind: ImportKind, id: number, body: Record<string, unknown>, lineage: readonly string[], caller: Caller): Promise<WrittenCopy> {
    switch (kind) {
      case 'event': {
        const request = readEventWrite(readLeniently(UpdateEventParams, body));
        const { event } = await this.events.update({ id }, { ...request, command: { ...request.command, lineage } }, caller);
        return { id: event.id, slug: event.slug };
      }
      case 'venue': {
        const input = readLeniently(VenueWriteParams, body);
        return this.venues.updateCopy(id, sentValues(input), caller, lineage, input.invalid);
      }
      case 'organizer': {
        const input = readLeniently(OrganizerWriteParams, body);
        return this.organizers.updateCopy(id, sentValues(input), caller, lineage, input.invalid);
      }
      case 'category': {
        const { term } = await this.categories.update(id, termInput(validateInput(UpdateCategoryParams, body)));
        return term;
      }
      case 'tag':
        return this.tags.update(id, termInput(validateInput(UpdateTagParams, body)));
    }
  }
}
