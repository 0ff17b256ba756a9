/**
 * The import of another calendar (`npm run import`, issue 15): what is copied, and the memory of what was copied.
 * Kinds in the order they are imported (what a record links to comes before it).
 */
export const IMPORT_KINDS = ['category', 'tag', 'venue', 'organizer', 'event'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A local record that copies one record of a source. */
export interface ImportMapping {
  kind: ImportKind;
  /** The record's id at the source. */
  sourceId: number;
  /** The id of the local copy. */
  localId: number;
  /** The source's `modified_utc` when the copy was last written (terms have none: null). */
  sourceModified: string | null;
  /** A digest of what was written (the resolved write parameters, lineage, protection): equal → nothing to do. */
  fingerprint: string;
  /** The copy was written password-protected (its password is the import's, never the source's). */
  protected: boolean;
}

/**
 * PORT: the mapping table. `save` joins the unit of work in progress, so a copy and its mapping are written together
 * (an interrupted import never leaves a copy it does not know about).
 */
export abstract class ImportMappings {
  /** Every mapping of one source (a namespace URL, normalized). */
  abstract forSource(source: string): Promise<ImportMapping[]>;
  abstract save(source: string, mapping: ImportMapping, importedUtc: string): Promise<void>;
}
