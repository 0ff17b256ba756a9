/** Event cost parsing and formatting (CONTRACT §9.7, §6.9). Pure. */
export interface CostDetails {
  currency_symbol: string;
  currency_code: '';
  currency_position: 'prefix' | 'postfix' | '';
  values: string[];
}

/** A number: digits, `,` thousands separators, optional `.` fraction. */
const NUMBER = /\d[\d,]*(?:\.\d+)?/g;
/** Characters that are never part of a currency symbol. */
const NOT_SYMBOL = /[\d\s.,\-–]/;

function symbolBefore(text: string): string {
  const before = text.replace(/\s+$/, '');
  let i = before.length;
  while (i > 0 && !NOT_SYMBOL.test(before[i - 1])) i--;
  return before.slice(i);
}

function symbolAfter(text: string): string {
  const after = text.replace(/^\s+/, '');
  const end = after.search(NOT_SYMBOL);
  return end < 0 ? after : after.slice(0, end);
}

/**
 * Parses a cost as sent (string, number, or an array of them) into the stored `cost` string and its `cost_details`.
 * `""` (or an empty array) gives `{ cost: '', values: [] }`.
 */
export function parseCost(input: string | number | Array<string | number>): { cost: string; details: CostDetails } {
  const items = (Array.isArray(input) ? input : [input]).map(costItemText);
  const numbers: string[] = [];
  let symbol = '';
  let position: CostDetails['currency_position'] = '';

  for (const item of items) {
    if (item.trim().toLowerCase() === 'free') {
      numbers.push('0');
      continue;
    }
    const matches = [...item.matchAll(NUMBER)];
    if (!matches.length) continue;
    for (const m of matches) numbers.push(m[0].replace(/,/g, ''));
    if (position) continue;
    const first = matches[0];
    const last = matches[matches.length - 1];
    const prefix = symbolBefore(item.slice(0, first.index));
    if (prefix) {
      symbol = prefix;
      position = 'prefix';
      continue;
    }
    const postfix = symbolAfter(item.slice((last.index ?? 0) + last[0].length));
    if (postfix) {
      symbol = postfix;
      position = 'postfix';
    }
  }

  const seen = new Set<number>();
  const values = numbers
    .filter((n) => {
      const v = Number(n);
      if (seen.has(v)) return false;
      seen.add(v);
      return true;
    })
    .sort((a, b) => Number(a) - Number(b));

  const details: CostDetails = { currency_symbol: symbol, currency_code: '', currency_position: position, values };
  if (!values.length) return { cost: items.join(', '), details };

  // Without a position there is no symbol: `${n}${symbol}` is then n.
  const write = (n: string) => (Number(n) === 0 ? 'Free' : position === 'prefix' ? `${symbol}${n}` : `${n}${symbol}`);
  const lowest = values[0];
  const highest = values[values.length - 1];
  const cost = values.length === 1 ? write(lowest) : `${write(lowest)} – ${write(highest)}`;
  return { cost, details };
}

/** Every ISO 4217 currency code the runtime knows. */
const ISO_CURRENCY_CODES = new Set(Intl.supportedValuesOf('currency'));

/**
 * The ISO 4217 code the cost is written with (`USD 20`, `20 EUR`), or `''` when its symbol is not such a code (`$`, `€`,
 * `pts`) or it has none: json_ld `offers.priceCurrency` (CONTRACT §6.10). `cost_details.currency_code` stays `""` (§6.9);
 * a set code would win.
 */
export function currencyCodeOf(details: Pick<CostDetails, 'currency_symbol'> & { currency_code: string }): string {
  if (details.currency_code) return details.currency_code;
  const symbol = details.currency_symbol;
  // The runtime's codes are three upper-case letters: `usd` or `US` are no codes.
  return ISO_CURRENCY_CODES.has(symbol) ? symbol : '';
}

/**
 * A number sent as a cost, written as the decimal it is: `String(1e-7)` is `1e-7`, which the rules above would read as
 * the numbers 1 and 7 (a black-box probe, 2026-11-27). The digits of its shortest form, the decimal point moved by the
 * exponent.
 */
/** One item of a cost as the text the rules read: a number as `costText` writes it, anything else as a string. */
export const costItemText = (item: unknown): string => (typeof item === 'number' ? costText(item) : String(item ?? ''));

export function costText(n: number): string {
  const text = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign, whole, fraction = '', exponent] = m;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
