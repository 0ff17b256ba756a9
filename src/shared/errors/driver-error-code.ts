/**
 * The database driver's error code (`ER_DUP_ENTRY`, `SQLITE_BUSY`, `ECONNREFUSED`, …) of a failed statement or
 * connection: TypeORM's QueryFailedError keeps the driver's error as `driverError`; the drivers' own errors carry it.
 */
export function driverErrorCode(error: unknown): string | undefined {
  const e = error as { driverError?: { code?: unknown }; code?: unknown } | null | undefined;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}
