import { Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from '../domain/errors';
import { idOfText, isIdText } from '../domain/id-text';

/**
 * `<id>` path segments (CONTRACT §1.3): ASCII digits only, leading zeros ignored; anything else matches no route.
 * Ids that cannot exist (0, more than 15 digits) become 0, which names nothing: "not found" for the resource.
 */
@Injectable()
export class RecordIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!isIdText(value)) throw new DomainError('not-found', 'rest_no_route');
    return idOfText(value);
  }
}

/** `<slug>` path segments: percent-decoded by the router; must be non-empty. */
@Injectable()
export class SlugPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!value) throw new DomainError('not-found', 'rest_no_route');
    return value;
  }
}
