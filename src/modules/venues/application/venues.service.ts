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
import { computeStateProvince, readCoordinate, Venue, VENUE_TEXT_FIELDS, VenueDuplicateProbe } from '../domain/venue';
import { VenueRepository } from '../domain/venue.repository';
import { VenueEtags } from './venue-etags';

/** Venue fields as written by a client, after type validation (undefined = not sent, null = clear). */
interface VenueWriteInput extends LinkedRecordWriteInput {
  venue?: string;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  province?: string | null;
  state?: string | null;
  zip?: string | null;
  phone?: string | null;
  stateprovince?: string | null;
  show_map?: boolean;
  show_map_link?: boolean;
  geo_lat?: number | string | null;
  geo_lng?: number | string | null;
}

/** Checked coordinates: undefined member = not sent; null = clear. */
type CheckedGeo = { lat?: number | null; lng?: number | null } | undefined;

const VENUE_RULES: LinkedRecordRules = {
  kind: 'venue',
  nameParam: 'venue',
  textFields: VENUE_TEXT_FIELDS,
  duplicateFields: ['description', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  codes: {
    notFound: 'rest-venue-not-found',
    notAccessible: 'venue-not-accessible',
    inTrash: 'venue-is-in-trash',
    couldNotCreate: 'could-not-create-venue',
  },
};

/** Venues (CONTRACT §6.3, §10): the shared linked-record life cycle, with the address, map and coordinates. */
@Injectable()
export class VenuesService extends LinkedRecordService<Venue, VenueWriteInput, VenueDuplicateProbe, CheckedGeo> {
  constructor(
    repo: VenueRepository,
    media: MediaService,
    uow: UnitOfWork,
    ids: RecordIds,
    users: UserDirectory,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    tags: VenueEtags,
  ) {
    super(VENUE_RULES, repo, { media, uow, ids, users, clock, timezone: config.calendarTimezone }, tags);
  }

  /** §10.1: coordinates are numbers or numeric strings within ±90 / ±180; `""` or null clears one. */
  protected checkOwnFields(input: VenueWriteInput, _texts: Partial<Record<string, string>>, problems: ParamProblem[]): CheckedGeo {
    if (input.geo_lat === undefined && input.geo_lng === undefined) return undefined;
    const lat = readCoordinate(input.geo_lat, 90);
    const lng = readCoordinate(input.geo_lng, 180);
    for (const [param, value, limit] of [['geo_lat', lat, 90], ['geo_lng', lng, 180]] as const) {
      if (value === 'type') problems.push({ param, detail: 'rest_invalid_type', args: { param, type: 'number' } });
      if (value === 'range') problems.push({ param, detail: 'rest_out_of_bounds', args: { param, min: -limit, max: limit } });
    }
    return typeof lat !== 'string' && typeof lng !== 'string' ? { lat, lng } : undefined;
  }

  protected newRecord(shared: LinkedRecord, { input, texts: t, own: geo }: CheckedWrite<VenueWriteInput, CheckedGeo>): Venue {
    const country = t.country ?? '';
    const state = t.state ?? '';
    const province = t.province ?? '';
    const venue: Venue = {
      ...shared,
      address: t.address ?? '',
      city: t.city ?? '',
      country,
      province,
      state,
      zip: t.zip ?? '',
      phone: t.phone ?? '',
      website: t.website ?? '',
      stateprovince: t.stateprovince ?? computeStateProvince(country, state, province),
      showMap: input.show_map ?? true,
      showMapLink: input.show_map_link ?? true,
      geoLat: geo?.lat ?? null,
      geoLng: geo?.lng ?? null,
    };
    // A point needs both coordinates.
    if (venue.geoLat === null || venue.geoLng === null) venue.geoLat = venue.geoLng = null;
    return venue;
  }

  protected applyOwnFields(next: Venue, { input, texts: t, own: geo }: CheckedWrite<VenueWriteInput, CheckedGeo>): void {
    if (t.stateprovince === undefined && (t.state !== undefined || t.province !== undefined || t.country !== undefined)) {
      next.stateprovince = computeStateProvince(next.country, next.state, next.province);
    }
    if (input.show_map !== undefined) next.showMap = input.show_map;
    if (input.show_map_link !== undefined) next.showMapLink = input.show_map_link;
    if (geo) {
      if (geo.lat !== undefined) next.geoLat = geo.lat;
      if (geo.lng !== undefined) next.geoLng = geo.lng;
    }
  }
}
