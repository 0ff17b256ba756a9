import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.token';
import { UserDirectory } from '../../../shared/auth/user-directory';
import { Clock } from '../../../shared/domain/clock';
import type { ParamProblem } from '../../../shared/domain/errors';
import { RecordIds } from '../../../shared/domain/record-ids';
import { UnitOfWork } from '../../../shared/domain/unit-of-work';
import { MediaService } from '../../media/application/media.service';
import type { LinkedRecord } from '../../records/domain/linked-record';
import {
  CheckedWrite,
  LinkedRecordRules,
  LinkedRecordService,
  LinkedRecordWriteInput,
} from '../../records/application/linked-record.service';
import { isEmail, Organizer, OrganizerDuplicateProbe } from '../domain/organizer';
import { OrganizerRepository } from '../domain/organizer.repository';
import { OrganizerEtags } from './organizer-etags';

/** Organizer fields as written by a client, after type validation (undefined = not sent, null = clear). */
interface OrganizerWriteInput extends LinkedRecordWriteInput {
  organizer?: string;
  phone?: string | null;
  email?: string | null;
}

const ORGANIZER_RULES: LinkedRecordRules = {
  kind: 'organizer',
  nameParam: 'organizer',
  textFields: ['phone'],
  duplicateFields: ['description', 'phone', 'email', 'website'],
  codes: {
    notFound: 'rest-organizer-not-found',
    notAccessible: 'organizer-not-accessible',
    inTrash: 'organizer-is-in-trash',
    couldNotCreate: 'could-not-create-organizer',
  },
};

/** Organizers (CONTRACT §6.4, §10): the shared linked-record life cycle, with contact details. */
@Injectable()
export class OrganizersService extends LinkedRecordService<Organizer, OrganizerWriteInput, OrganizerDuplicateProbe> {
  constructor(
    repo: OrganizerRepository,
    media: MediaService,
    uow: UnitOfWork,
    ids: RecordIds,
    users: UserDirectory,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    tags: OrganizerEtags,
  ) {
    super(ORGANIZER_RULES, repo, { media, uow, ids, users, clock, timezone: config.calendarTimezone }, tags);
  }

  /** The e-mail address: a text field with a format (§10.1). */
  protected checkOwnFields(input: OrganizerWriteInput, texts: Partial<Record<string, string>>, problems: ParamProblem[]): undefined {
    if (input.email !== undefined) {
      const email = (input.email ?? '').trim();
      if (email !== '' && !isEmail(email)) problems.push({ param: 'email', detail: 'rest_invalid_format', args: { param: 'email', kind: 'e-mail address' } });
      texts.email = email;
    }
    return undefined;
  }

  protected newRecord(shared: LinkedRecord, { texts: t }: CheckedWrite<OrganizerWriteInput, undefined>): Organizer {
    return { ...shared, phone: t.phone ?? '', website: t.website ?? '', email: t.email ?? '' };
  }

  /** Nothing besides texts: every organizer field is one. */
  protected applyOwnFields(): void {}
}
