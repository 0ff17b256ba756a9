import { Core1764000000000 } from './1764000000000-core';
import { Events1764000001000 } from './1764000001000-events';
import { EventLinkListingKeys1764000008000 } from './1764000008000-event-link-listing-keys';
import { EventListCounts1764000009000 } from './1764000009000-event-list-counts';
import { ListFiltersInIndexes1764000010000 } from './1764000010000-list-filters-in-indexes';
import { WriteLocks1764000011000 } from './1764000011000-write-locks';
import { Utf8mb4AndLongText1764000012000 } from './1764000012000-utf8mb4-and-long-text';
import { PublicSearchKey1764000013000 } from './1764000013000-public-search-key';
import { ImportMappings1764000015000 } from './1764000015000-import-mappings';
import { EventRevision1764000016000 } from './1764000016000-event-revision';
import { SearchIndex1764000017000 } from './1764000017000-search-index';
import { DuePublicationIndex1764000017500 } from './1764000017500-due-publication-index';
import { EventListMonthCounts1764000018000 } from './1764000018000-event-list-month-counts';
import { EventCategoryCounts1764000019000 } from './1764000019000-event-category-counts';
import { EventLinkIds1764000020000 } from './1764000020000-event-link-ids';
import { RefoldCapitalSharpS1764000021000 } from './1764000021000-refold-capital-sharp-s';
import { Terms1764000004000 } from './1764000004000-terms';
import { VenuesOrganizers1764000003100 } from './1764000003100-venues-organizers';
import { NoPadBinaryKeys1764000022000 } from './1764000022000-no-pad-binary-keys';
import { ProtectedEventsIndex1764000023000 } from './1764000023000-protected-events-index';
import { DataVersion1764000024000 } from './1764000024000-data-version';
import { ProtectedCategoryCounts1764000025000 } from './1764000025000-protected-category-counts';

/** Every migration, in order. Each aggregate adds its own file here (append; never edit a landed migration). */
export const MIGRATIONS: Function[] = [
  Core1764000000000,
  Events1764000001000,
  Terms1764000004000,
  VenuesOrganizers1764000003100,
  EventLinkListingKeys1764000008000,
  EventListCounts1764000009000,
  ListFiltersInIndexes1764000010000,
  WriteLocks1764000011000,
  Utf8mb4AndLongText1764000012000,
  PublicSearchKey1764000013000,
  ImportMappings1764000015000,
  EventRevision1764000016000,
  SearchIndex1764000017000,
  DuePublicationIndex1764000017500,
  EventListMonthCounts1764000018000,
  EventCategoryCounts1764000019000,
  EventLinkIds1764000020000,
  RefoldCapitalSharpS1764000021000,
  NoPadBinaryKeys1764000022000,
  ProtectedEventsIndex1764000023000,
  DataVersion1764000024000,
  ProtectedCategoryCounts1764000025000,
];
