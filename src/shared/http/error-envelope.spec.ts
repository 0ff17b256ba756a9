import { DomainError, InvalidParamsError, MissingParamsError } from '../domain/errors';
import { ERROR_MESSAGES } from '../i18n/error-messages';
import { toEnvelope } from './error-envelope';

describe('error envelope (CONTRACT §4)', () => {
  it('renders not-found variants in both languages', () => {
    const e = new DomainError('not-found', 'rest-event-not-found', { variant: 'id', id: 987654321 });
    expect(toEnvelope(e, 'en')).toEqual({
      code: 'rest-event-not-found',
      message: 'Event with ID 987654321 does not exist.',
      data: { status: 404 },
    });
    expect(toEnvelope(new DomainError('not-found', 'rest-venue-not-found', { variant: 'slug', slug: 'x' }), 'es').message).toBe(
      'El lugar con slug "x" no existe.',
    );
  });

  it('lists every invalid parameter with params and details', () => {
    const e = new InvalidParamsError([
      { param: 'start_date', detail: 'rest_invalid_date' },
      { param: 'featured', detail: 'rest_invalid_type', args: { type: 'boolean' } },
    ]);
    expect(toEnvelope(e, 'en')).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): start_date, featured',
      data: {
        status: 400,
        params: { start_date: 'start_date is not a valid date.', featured: 'featured is not of type boolean.' },
        details: {
          start_date: { code: 'rest_invalid_date', message: 'start_date is not a valid date.', data: { param: 'start_date' } },
          featured: { code: 'rest_invalid_type', message: 'featured is not of type boolean.', data: { param: 'featured' } },
        },
      },
    });
  });

  it('lists missing parameters as an array', () => {
    expect(toEnvelope(new MissingParamsError(['title', 'end_date']), 'en')).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title, end_date',
      data: { status: 400, params: ['title', 'end_date'] },
    });
    expect(toEnvelope(new MissingParamsError(['title']), 'es').message).toBe('Falta(n) parámetro(s): title');
  });

  it('maps kinds to statuses and carries extra data', () => {
    expect(toEnvelope(new DomainError('invalid', 'term_exists', { variant: 'tag' }, { term_id: 7 }), 'en')).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists in this taxonomy.',
      data: { status: 400, term_id: 7 },
    });
    expect(toEnvelope(new DomainError('gone', 'venue-is-in-trash'), 'es').data.status).toBe(410);
    expect(toEnvelope(new DomainError('unauthenticated', 'rest_forbidden'), 'en').data.status).toBe(401);
    expect(toEnvelope(new DomainError('forbidden', 'rest_forbidden'), 'en').data.status).toBe(403);
  });

  it('has a Spanish text for every English text', () => {
    for (const [code, entry] of Object.entries(ERROR_MESSAGES)) {
      const texts = 'en' in entry ? [entry] : Object.values(entry);
      for (const t of texts as Array<{ en: string; es: string }>) {
        expect([code, typeof t.es === 'string' && t.es.length > 0 && t.es !== t.en]).toEqual([code, true]);
      }
    }
  });
});
