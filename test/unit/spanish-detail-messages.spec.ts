import { detailMessage } from '../../src/shared/i18n/error-messages';

/**
 * CONTRACT §12.4: the detail sentences at the Spanish base are Spanish. A black-box probe (2026-11-26) found English
 * type phrases ("array of positive integers", "list or object") and articles that did not agree with their noun
 * ("un zona horaria válido") in them.
 */
describe('Spanish detail sentences', () => {
  it('rest_invalid_format: the contract\'s sentence with a masculine noun for every kind', () => {
    const cases: Array<[string, string]> = [
      ['URL', 'website no es un enlace válido.'],
      ['e-mail address', 'website no es un correo electrónico válido.'],
      ['time zone', 'website no es un huso horario válido.'],
      ['coordinate', 'website no es un valor de coordenada válido.'],
      ['password', 'website no es un valor de contraseña válido.'],
      ['slug', 'website no es un slug válido.'],
    ];
    for (const [kind, sentence] of cases) expect(detailMessage('rest_invalid_format', 'es', { param: 'website', kind })).toBe(sentence);
    expect(detailMessage('rest_invalid_format', 'en', { param: 'timezone', kind: 'time zone' })).toBe('timezone is not a valid time zone.');
  });

  it('rest_invalid_type: JSON Schema type names stay, the phrases around them are Spanish', () => {
    expect(detailMessage('rest_invalid_type', 'es', { param: 'include', type: 'array of positive integers' })).toBe('include no es del tipo array de enteros positivos.');
    expect(detailMessage('rest_invalid_type', 'es', { param: 'organizer', type: 'integer, list or object' })).toBe('organizer no es del tipo integer, lista u objeto.');
    expect(detailMessage('rest_invalid_type', 'es', { param: 'venue', type: 'list' })).toBe('venue no es del tipo lista.');
    expect(detailMessage('rest_invalid_type', 'es', { param: 'page', type: 'integer' })).toBe('page no es del tipo integer.');
    expect(detailMessage('rest_invalid_type', 'en', { param: 'include', type: 'array of positive integers' })).toBe('include is not of type array of positive integers.');
  });
});
