/** Text that names a record or term by id (CONTRACT §1.3, §9.5, §9.6): one or more ASCII digits. */
export const isIdText = (text: string): boolean => /^\d+$/.test(text);

/**
 * The id a text of digits names (CONTRACT §1.3): leading zeros are ignored (`007` is 7); only zeros, or more than 15
 * digits once they are dropped, name nothing (0: found nowhere, so "not found" or an unknown reference, never a type
 * error and never a name).
 */
export function idOfText(digits: string): number {
  const significant = digits.replace(/^0+/, '');
  return significant.length > 15 ? 0 : Number(significant);
}
