import { costText, currencyCodeOf, parseCost } from './cost';

describe('parseCost (CONTRACT §9.7)', () => {
  const table: Array<[string | number | Array<string | number>, string, string, '' | 'prefix' | 'postfix', string[]]> = [
    ['$23', '$23', '$', 'prefix', ['23']],
    ['20$', '20$', '$', 'postfix', ['20']],
    [23, '23', '', '', ['23']],
    ['0', 'Free', '', '', ['0']],
    ['Free', 'Free', '', '', ['0']],
    ['free', 'Free', '', '', ['0']],
    [['0$', '20$', '30$'], 'Free – 30$', '$', 'postfix', ['0', '20', '30']],
    ['10 - 25 €', '10€ – 25€', '€', 'postfix', ['10', '25']],
    ['€ 1,250.50', '€1250.50', '€', 'prefix', ['1250.50']],
    ['Donation', 'Donation', '', '', []],
    ['', '', '', '', []],
  ];
  it.each(table)('%j → cost %j', (sent, cost, symbol, position, values) => {
    const r = parseCost(sent);
    expect(r.cost).toBe(cost);
    expect(r.details).toEqual({ currency_symbol: symbol, currency_code: '', currency_position: position, values });
  });

  it('sorts numerically, removes duplicates and keeps fractions as written', () => {
    expect(parseCost(['USD 30', '5.50', 30, '100']).details).toEqual({
      currency_symbol: 'USD', currency_code: '', currency_position: 'prefix', values: ['5.50', '30', '100'],
    });
    expect(parseCost(['USD 30', '5.50', 30, '100']).cost).toBe('USD5.50 – USD100');
  });

  it('takes the symbol from the first item that has one', () => {
    const r = parseCost(['10', '€20', '30$']);
    expect(r.details.currency_symbol).toBe('€');
    expect(r.details.currency_position).toBe('prefix');
    expect(r.cost).toBe('€10 – €30');
  });

  it('joins items with ", " when there are no numbers', () => {
    expect(parseCost(['Donation', 'at the door']).cost).toBe('Donation, at the door');
    expect(parseCost([]).cost).toBe('');
  });

  it('prefers a symbol before the first number over one after the last', () => {
    expect(parseCost('$ 10 - 20 USD').details).toMatchObject({ currency_symbol: '$', currency_position: 'prefix' });
    expect(parseCost('$ 10 - 20 USD').cost).toBe('$10 – $20');
  });

  it('takes the symbol next to the number, whatever text and spaces stand farther away', () => {
    expect(parseCost('Entry $10')).toEqual({ cost: '$10', details: { currency_symbol: '$', currency_code: '', currency_position: 'prefix', values: ['10'] } });
    expect(parseCost('Entry $ 10').cost).toBe('$10');
    expect(parseCost('$  10').cost).toBe('$10');
    expect(parseCost('10€ per person')).toEqual({ cost: '10€', details: { currency_symbol: '€', currency_code: '', currency_position: 'postfix', values: ['10'] } });
    expect(parseCost('10  € per person').cost).toBe('10€');
  });

  it('reads "free" whatever its case and surrounding spaces', () => {
    expect(parseCost(' Free ').cost).toBe('Free');
  });

  it('reads a null item (JSON) as an empty one', () => {
    expect(parseCost([null as unknown as string, 'at the door']).cost).toBe(', at the door');
  });

  it('writes every 0 value as Free', () => {
    expect(parseCost('$0 - $0.00').cost).toBe('Free');
    expect(parseCost('0.00 - 12 €').cost).toBe('Free – 12€');
  });
});

describe('currencyCodeOf (json_ld offers.priceCurrency, CONTRACT §6.10)', () => {
  it('is the ISO 4217 code the cost is written with, before or after the numbers', () => {
    expect(currencyCodeOf(parseCost('USD 20').details)).toBe('USD');
    expect(currencyCodeOf(parseCost('10 - 25 EUR').details)).toBe('EUR');
    expect(currencyCodeOf(parseCost(['GBP 5', '7']).details)).toBe('GBP');
  });

  it('is empty for symbols, unknown or lower-case codes and costs without a symbol', () => {
    for (const cost of ['$20', '€15', '20 pts', '20 usd', '20 XYZ', '20', 'Free', '']) {
      expect(currencyCodeOf(parseCost(cost).details)).toBe('');
    }
  });

  it('a set currency_code wins over the symbol', () => {
    expect(currencyCodeOf({ currency_symbol: '$', currency_code: 'EUR' })).toBe('EUR');
  });

  it('keeps cost_details.currency_code empty (§6.9)', () => {
    expect(parseCost('USD 20').details.currency_code).toBe('');
  });
});

describe('a currency symbol after the number (issue 19)', () => {
  it('is the run of symbol characters right after it, never a separator', () => {
    expect(parseCost('25.')).toMatchObject({ cost: '25', details: { currency_symbol: '', currency_position: '' } });
    expect(parseCost('25-')).toMatchObject({ cost: '25', details: { currency_symbol: '' } });
    expect(parseCost('25 pts.')).toMatchObject({ cost: '25pts', details: { currency_symbol: 'pts', currency_position: 'postfix' } });
    expect(parseCost('25$')).toMatchObject({ cost: '25$', details: { currency_symbol: '$' } });
  });
});

describe('a JSON number a double writes with an exponent (a black-box probe, 2026-11-27)', () => {
  it('is the decimal it stands for, one value: 1e-7 was read as the numbers 1 and 7', () => {
    expect(costText(1e-7)).toBe('0.0000001');
    expect(costText(-1.5e-9)).toBe('-0.0000000015');
    expect(costText(1.2345678901234568e29)).toBe('123456789012345680000000000000');
    expect(costText(2.5e21)).toBe('2500000000000000000000');
    expect(costText(23)).toBe('23');
    expect(costText(0.5)).toBe('0.5');
    expect(parseCost(1e-7)).toMatchObject({ cost: '0.0000001', details: { values: ['0.0000001'] } });
    expect(parseCost([5, 1.5e21])).toMatchObject({ cost: '5 – 1500000000000000000000', details: { values: ['5', '1500000000000000000000'] } });
  });
});
