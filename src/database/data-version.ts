import type { EntityManager } from 'typeorm';

/**
 * The data version (migration 1764000024000) as a column of a read: `(…) AS data_version`. Read in the same statement
 * as the row it goes with, so what the read goes on to load is at least as new as the version it names.
 */
export const DATA_VERSION_COLUMN = '(SELECT version FROM data_version WHERE id = 1) AS data_version';

/**
 * Raises the data version: the last statement of every unit of work before it commits. Its row lock is then held only
 * while the transaction commits, and taken after every other lock of it (no lock waits on it in a cycle).
 */
export async function raiseDataVersion(m: EntityManager): Promise<void> {
  await m.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
}
