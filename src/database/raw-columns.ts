import type { DataSource, EntityTarget } from 'typeorm';

const lists = new WeakMap<DataSource, Map<string, string>>();
/** `shownColumnsAs` by table and alias: read paths ask for it with every statement. */
const shown = new WeakMap<DataSource, Map<string, string>>();

/**
 * `alias.column AS "property"` for an entity's columns, for plain SQL whose rows are read as entity-shaped objects by a
 * mapper: the hot read paths skip TypeORM's query building and hydration, which cost more CPU than the queries.
 * `except` leaves out columns the mapper never reads (the folded search keys). Built once per data source.
 */
export function columnsAs(dataSource: DataSource, entity: EntityTarget<unknown>, alias: string, except: readonly string[] = []): string {
  let byEntity = lists.get(dataSource);
  if (!byEntity) lists.set(dataSource, (byEntity = new Map()));
  const metadata = dataSource.getMetadata(entity);
  const key = `${metadata.tableName} ${alias} ${except.join(',')}`;
  let list = byEntity.get(key);
  if (list === undefined) {
    list = metadata.columns
      .filter((c) => !except.includes(c.propertyName))
      .map((c) => `${alias}.${c.databaseName} AS ${dataSource.driver.escape(c.propertyName)}`)
      .join(', ');
    byEntity.set(key, list);
  }
  return list;
}

/**
 * `columnsAs` without the folded search keys (`*_key` columns: lower-cased, accent-free copies of the text kept for
 * `search` and duplicate checks). Row mappers never read them back, and they are the longest columns of a row.
 */
export function shownColumnsAs(dataSource: DataSource, entity: EntityTarget<unknown>, alias: string): string {
  let byEntity = shown.get(dataSource);
  if (!byEntity) shown.set(dataSource, (byEntity = new Map()));
  const key = `${dataSource.getMetadata(entity).tableName} ${alias}`;
  let list = byEntity.get(key);
  if (list === undefined) {
    list = shownColumnList(dataSource, entity, alias)
      .map(([expression, property]) => `${expression} AS ${dataSource.driver.escape(property)}`)
      .join(', ');
    byEntity.set(key, list);
  }
  return list;
}

/**
 * `shownColumnsAs` as `[expression, property]` pairs (`alias.column`, property name), for statements that align the
 * columns of several tables; the one place that leaves the folded keys out.
 */
export function shownColumnList(dataSource: DataSource, entity: EntityTarget<unknown>, alias: string): Array<[string, string]> {
  return dataSource
    .getMetadata(entity)
    .columns.filter((c) => !c.databaseName.endsWith('_key'))
    .map((c) => [`${alias}.${c.databaseName}`, c.propertyName]);
}

/** `?, ?, ?` for `n` parameters. */
export const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Writes a value's placeholder where it is called, so values come in the order their placeholders are written. */
export type Bind = (value: unknown) => string;

/** A binder for positional placeholders, with the values in the order their placeholders were written. */
export function positional(): { bind: Bind; params: unknown[] } {
  const params: unknown[] = [];
  return { params, bind: (value) => (params.push(value), '?') };
}
