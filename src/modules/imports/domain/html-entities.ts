/** The named character references WordPress writes into titles and term names (wptexturize, esc_html). */
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '\u2013', mdash: '\u2014', hellip: '\u2026',
  lsquo: '\u2018', rsquo: '\u2019', sbquo: '\u201a', ldquo: '\u201c', rdquo: '\u201d', bdquo: '\u201e', laquo: '\u00ab',
  raquo: '\u00bb', copy: '\u00a9', reg: '\u00ae', trade: '\u2122', euro: '\u20ac', pound: '\u00a3', yen: '\u00a5',
  cent: '\u00a2', deg: '\u00b0', times: '\u00d7', prime: '\u2032', Prime: '\u2033',
};

/**
 * Plain text as the plugin writes it (`Rock &#038; Roll`, `Ben&#8217;s`) back to characters (`Rock & Roll`, `Ben’s`):
 * this service stores plain text without entities (CONTRACT §1.7). Unknown references are kept as written.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref] ?? NAMED[ref.toLowerCase()] ?? whole;
  });
}
