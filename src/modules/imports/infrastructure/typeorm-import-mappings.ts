import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../database/typeorm-unit-of-work';
import { IMPORT_KINDS, ImportKind, ImportMapping, ImportMappings } from '../domain/import-mapping';

interface MappingRow {
  kind: string;
  source_id: number | string;
  local_id: number | string;
  source_modified: string | null;
  fingerprint: string;
  protected: number | boolean | string;
}

/** ADAPTER: `import_mappings` (migration 1764000015000). Writes join the unit of work in progress (`managerOf`). */
@Injectable()
export class TypeOrmImportMappings extends ImportMappings {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async forSource(source: string): Promise<ImportMapping[]> {
    const rows: MappingRow[] = await managerOf(this.dataSource).query(
      'SELECT kind, source_id, local_id, source_modified, fingerprint, protected FROM import_mappings WHERE source = ?',
      [source],
    );
    return rows
      .filter((r) => (IMPORT_KINDS as readonly string[]).includes(r.kind))
      .map((r) => ({
        kind: r.kind as ImportKind,
        sourceId: Number(r.source_id),
        localId: Number(r.local_id),
        sourceModified: r.source_modified,
        fingerprint: r.fingerprint,
        protected: r.protected === true || Number(r.protected) === 1,
      }));
  }

  async save(source: string, m: ImportMapping, importedUtc: string): Promise<void> {
    const manager = managerOf(this.dataSource);
    const values = [source, m.kind, m.sourceId, m.localId, m.sourceModified, m.fingerprint, m.protected ? 1 : 0, importedUtc];
    const insert =
      'INSERT INTO import_mappings (source, kind, source_id, local_id, source_modified, fingerprint, protected, imported_utc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
    const columns = ['local_id', 'source_modified', 'fingerprint', 'protected', 'imported_utc'];
    if (manager.connection.options.type === 'mysql') {
      await manager.query(`${insert} ON DUPLICATE KEY UPDATE ${columns.map((c) => `${c} = VALUES(${c})`).join(', ')}`, values);
    } else {
      await manager.query(`${insert} ON CONFLICT (source, kind, source_id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`, values);
    }
  }
}
