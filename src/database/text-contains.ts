import type { DataSource } from 'typeorm';
import { escapeLike } from '../shared/domain/text';
import type { Bind } from './raw-columns';

/**
 * The condition "`column` contains `text`" (or, `negated`, "does not"), for folded keys and folded words (CONTRACT §1.7),
 * identical on both databases:
 * - SQLite: `instr`, which compares lengths as stored. Its `LIKE` reads the pattern as a C string, so a NUL ended it:
 *   `%\0%` matched every row and `%a\0b%` became `%a`, and FTS5 failed on it. Keys are folded to lower case, so
 *   `instr`'s case-sensitive comparison is `LIKE`'s (which ignores ASCII case only).
 * - MySQL/MariaDB: `LIKE` with the pattern escaped (NUL is an ordinary character there), as the search indexes expect.
 */
export function textContains(dataSource: DataSource, column: string, text: string, bind: Bind, negated = false): string {
  if (dataSource.options.type !== 'mysql') return `instr(${column}, ${bind(text)}) ${negated ? '=' : '>'} 0`;
  return `${column} ${negated ? 'NOT ' : ''}LIKE ${bind(`%${escapeLike(text)}%`)} ESCAPE ${bind('\\')}`;
}
