import 'reflect-metadata';
import { CreateCategoryParams, UpdateCategoryParams } from '../../src/modules/categories/http/dto/category.params';
import { CreateEventParams, DeleteEventParams, UpdateEventParams } from '../../src/modules/events/http/dto/event-write.params';
import { OrganizerCreateParams, OrganizerWriteParams } from '../../src/modules/organizers/http/dto/organizer-write.params';
import { DeleteParams } from '../../src/modules/records/http/record-params';
import { CreateTagParams, UpdateTagParams } from '../../src/modules/tags/http/dto/tag.params';
import { VenueCreateParams, VenueWriteParams } from '../../src/modules/venues/http/dto/venue-write.params';
import { bodyExample } from '../../src/shared/http/params/body-example';
import { validateInput } from '../../src/shared/http/params/input';
import { declaredParams } from '../../src/shared/http/params/param.decorator';

/** The examples /doc and the explorer show for writes (CONTRACT §12.2): present, and valid as they stand. */
const BODIES: Array<[string, new () => object]> = [
  ['CreateEventParams', CreateEventParams],
  ['UpdateEventParams', UpdateEventParams],
  ['VenueCreateParams', VenueCreateParams],
  ['VenueWriteParams', VenueWriteParams],
  ['OrganizerCreateParams', OrganizerCreateParams],
  ['OrganizerWriteParams', OrganizerWriteParams],
  ['CreateCategoryParams', CreateCategoryParams],
  ['UpdateCategoryParams', UpdateCategoryParams],
  ['CreateTagParams', CreateTagParams],
  ['UpdateTagParams', UpdateTagParams],
];
const DELETES: Array<[string, new () => object]> = [
  ['DeleteEventParams', DeleteEventParams],
  ['DeleteParams', DeleteParams],
];

/** Declared only to be refused (tags are not hierarchical): no value of it is a valid example. */
const REFUSED = new Set(['CreateTagParams.parent', 'UpdateTagParams.parent']);

describe('examples of write bodies and parameters', () => {
  it.each([...BODIES, ...DELETES])('%s: every field has an example, valid on its own', (name, dto) => {
    const params = declaredParams(dto);
    const required = Object.fromEntries(params.filter((p) => p.spec.required).map((p) => [p.name, p.spec.example]));
    for (const { name: field, spec } of params) {
      if (REFUSED.has(`${name}.${field}`)) {
        expect([field, spec.example]).toEqual([field, undefined]);
        continue;
      }
      expect([field, spec.example]).not.toEqual([field, undefined]);
      expect(() => validateInput(dto, { ...required, [field]: spec.example })).not.toThrow();
    }
  });

  it.each(BODIES)('%s: its body example has every required field and passes validation', (_name, dto) => {
    const example = bodyExample(dto)!;
    expect(example).toBeDefined();
    for (const { name, spec } of declaredParams(dto)) if (spec.required) expect(Object.keys(example)).toContain(name);
    const input = validateInput(dto, structuredClone(example));
    expect([...input.sent].sort()).toEqual(Object.keys(example).sort());
  });

  it('the event example is a first event worth making: dates ahead, terms by name, a venue and organizer made inline', () => {
    expect(bodyExample(CreateEventParams)).toMatchObject({
      title: 'Jazz in the Park',
      start_date: 'next friday 7pm',
      end_date: 'next friday 10pm',
      categories: ['Concerts'],
      venue: { venue: 'Retiro Park' },
      organizer: { organizer: 'City Jazz Club' },
    });
    expect(bodyExample(CreateEventParams)).not.toHaveProperty('post_password'); // a first event anyone can read
  });
});
