import { Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from '../domain/errors';

/**
 * `<id>` path segments (CONTRACT §1.3): ASCII digits only, leading zeros ignored; anything else matches no route.
 * Ids that cannot exist (0, more than 15 digits) become 0, which names nothing: "not found" for the resource.
 */
@Injectable()
export class RecordIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d+$/.test(value)) throw new DomainError('not-found', 'rest_no_route');
    const digits = value.replace(/^0+(?=\d)/, '');
    return digits.length > 15 ? 0 : Number(digits);
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
