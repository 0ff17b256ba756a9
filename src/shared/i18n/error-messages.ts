/**
 * Error texts in English and Spanish (CONTRACT §4.2, §4.3, §12.4). Codes never change; only these sentences do.
 * Placeholders `{name}` are filled from the error's arguments. A message may depend on an argument (`variant`).
 */
export type Locale = 'en' | 'es';

type Texts = { en: string; es: string };

export const ERROR_MESSAGES: Record<string, Texts | Record<string, Texts>> = {
  rest_no_route: {
    en: 'No route was found matching the URL and request method.',
    es: 'No se encontró ninguna ruta que coincida con la URL y el método de la solicitud.',
  },
  rest_invalid_json: { en: 'Invalid JSON body passed.', es: 'El cuerpo JSON enviado no es válido.' },
  rest_unsupported_media_type: {
    en: 'Unsupported content type. Send application/json or application/x-www-form-urlencoded.',
    es: 'Tipo de contenido no admitido. Envía application/json o application/x-www-form-urlencoded.',
  },
  rest_body_too_large: {
    en: 'The request body is larger than the allowed maximum.',
    es: 'El cuerpo de la solicitud supera el tamaño máximo permitido.',
  },
  rest_uri_too_long: { en: 'The request URL is too long.', es: 'La URL de la solicitud es demasiado larga.' },
  rest_invalid_token: {
    en: 'The authentication token is invalid or has expired.',
    es: 'El token de autenticación no es válido o ha caducado.',
  },
  rest_forbidden: { en: 'Sorry, you are not allowed to do that.', es: 'Lo siento, no tienes permisos para hacer eso.' },
  rest_too_many_requests: {
    en: 'Too many requests. Please try again later.',
    es: 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.',
  },
  rest_missing_callback_param: { en: 'Missing parameter(s): {names}', es: 'Falta(n) parámetro(s): {names}' },
  rest_invalid_param: { en: 'Invalid parameter(s): {names}', es: 'Parámetro(s) no válido(s): {names}' },
  'rest-event-not-found': {
    id: { en: 'Event with ID {id} does not exist.', es: 'El evento con ID {id} no existe.' },
    slug: { en: 'Event with slug "{slug}" does not exist.', es: 'El evento con slug "{slug}" no existe.' },
  },
  'rest-invalid-event-id': {
    en: 'The specified ID is not a valid event.',
    es: 'El ID indicado no corresponde a un evento válido.',
  },
  'event-not-accessible': { en: 'The requested event is not accessible', es: 'El evento solicitado no es accesible' },
  'event-password-protected': {
    en: 'The requested event is not accessible without a password',
    es: 'El evento solicitado no es accesible sin contraseña',
  },
  'event-no-longer-available': { en: 'This event is no longer available', es: 'Este evento ya no está disponible' },
  'event-archive-page-not-found': {
    en: 'The requested event archive page does not exist',
    es: 'La página solicitada del listado de eventos no existe',
  },
  'event-is-in-trash': { en: 'The event is already trashed', es: 'El evento ya está en la papelera' },
  'rest-venue-not-found': {
    id: { en: 'Venue with ID {id} does not exist.', es: 'El lugar con ID {id} no existe.' },
    slug: { en: 'Venue with slug "{slug}" does not exist.', es: 'El lugar con slug "{slug}" no existe.' },
  },
  'venue-not-accessible': { en: 'The requested venue is not accessible', es: 'El lugar solicitado no es accesible' },
  'venue-archive-page-not-found': {
    en: 'The requested venue archive page does not exist',
    es: 'La página solicitada del listado de lugares no existe',
  },
  'venue-is-in-trash': { en: 'The venue is already trashed', es: 'El lugar ya está en la papelera' },
  'could-not-create-venue': {
    en: 'The venue could not be created from the provided data',
    es: 'No se pudo crear el lugar con los datos proporcionados',
  },
  'rest-organizer-not-found': {
    id: { en: 'Organizer with ID {id} does not exist.', es: 'El organizador con ID {id} no existe.' },
    slug: { en: 'Organizer with slug "{slug}" does not exist.', es: 'El organizador con slug "{slug}" no existe.' },
  },
  'organizer-not-accessible': {
    en: 'The requested organizer is not accessible',
    es: 'El organizador solicitado no es accesible',
  },
  'organizer-archive-page-not-found': {
    en: 'The requested organizer archive page does not exist',
    es: 'La página solicitada del listado de organizadores no existe',
  },
  'organizer-is-in-trash': { en: 'The organizer is already trashed', es: 'El organizador ya está en la papelera' },
  'could-not-create-organizer': {
    en: 'The organizer could not be created from the provided data',
    es: 'No se pudo crear el organizador con los datos proporcionados',
  },
  'rest-term-not-found': {
    category: { en: 'Category with ID {id} does not exist.', es: 'La categoría con ID {id} no existe.' },
    tag: { en: 'Tag with ID {id} does not exist.', es: 'La etiqueta con ID {id} no existe.' },
  },
  term_exists: {
    category: {
      en: 'A term with the name provided already exists with this parent.',
      es: 'Ya existe un término con ese nombre bajo este padre.',
    },
    tag: {
      en: 'A term with the name provided already exists in this taxonomy.',
      es: 'Ya existe un término con ese nombre en esta taxonomía.',
    },
  },
  term_slug_exists: {
    en: 'The slug "{slug}" is already in use by another term.',
    es: 'El slug "{slug}" ya lo usa otro término.',
  },
  rest_taxonomy_not_hierarchical: {
    en: 'Cannot set parent term, taxonomy is not hierarchical.',
    es: 'No se puede asignar un término padre: la taxonomía no es jerárquica.',
  },
  rest_precondition_failed: {
    en: 'The resource has changed since it was retrieved.',
    es: 'El recurso ha cambiado desde que se obtuvo.',
  },
  rest_write_contention: {
    en: 'The record is busy with other writes. Please try again shortly.',
    es: 'El registro está ocupado con otras escrituras. Inténtalo de nuevo en unos instantes.',
  },
  internal_error: { en: 'An unexpected error occurred.', es: 'Se produjo un error inesperado.' },
};

/** Detail sentences of CONTRACT §4.3 / §12.4. */
export const DETAIL_MESSAGES: Record<string, Texts> = {
  rest_invalid_type: { en: '{param} is not of type {type}.', es: '{param} no es del tipo {type}.' },
  rest_not_in_enum: { en: '{param} is not one of {values}.', es: '{param} no es uno de {values}.' },
  rest_out_of_bounds: { en: '{param} must be between {min} and {max}.', es: '{param} debe estar entre {min} y {max}.' },
  rest_empty_value: { en: '{param} must not be empty.', es: '{param} no puede estar vacío.' },
  rest_invalid_format: { en: '{param} is not a valid {kind}.', es: '{param} no es un {kind} válido.' },
  rest_invalid_date: { en: '{param} is not a valid date.', es: '{param} no es una fecha válida.' },
  rest_invalid_date_range: {
    en: 'end_date must not be earlier than start_date.',
    es: 'end_date no puede ser anterior a start_date.',
  },
  rest_unknown_reference: {
    en: '{param} refers to something that does not exist: {values}.',
    es: '{param} hace referencia a algo que no existe: {values}.',
  },
  rest_invalid_image: { en: '{param} is not a usable image.', es: '{param} no es una imagen utilizable.' },
  rest_image_role: { en: 'Your role cannot add images from a URL.', es: 'Tu rol no puede añadir imágenes desde una URL.' },
  rest_not_allowed_value: {
    en: '{param} value "{value}" is not allowed for you.',
    es: 'El valor "{value}" de {param} no está permitido para ti.',
  },
  rest_missing_pair: { en: '{param} requires {other}.', es: '{param} requiere {other}.' },
  rest_invalid_parent: { en: '{param} would create a cycle.', es: '{param} crearía un ciclo.' },
  rest_too_long: { en: '{param} must be at most {max} characters long.', es: '{param} debe tener como máximo {max} caracteres.' },
  rest_too_many_items: { en: '{param} must have at most {max} items.', es: '{param} debe tener como máximo {max} elementos.' },
};

/**
 * The Spanish `{kind}` of rest_invalid_format. CONTRACT §12.4 fixes the sentence (`{param} no es un {tipo} válido.`),
 * so every kind is a masculine noun, or the article and the adjective would not agree ("un zona horaria válido").
 */
const FORMAT_KINDS_ES: Record<string, string> = {
  URL: 'enlace',
  'e-mail address': 'correo electrónico',
  'time zone': 'huso horario',
  coordinate: 'valor de coordenada',
  password: 'valor de contraseña',
  slug: 'slug',
};

/**
 * The Spanish `{type}` of rest_invalid_type: JSON Schema's type names (`integer`, `string`, `array`…) stay as they are,
 * as in the plugin's messages; the phrases around them are translated.
 */
const TYPE_NAMES_ES: Record<string, string> = {
  'array of positive integers': 'array de enteros positivos',
  'integer, list or object': 'integer, lista u objeto',
  list: 'lista',
};

function fill(template: string, args: Record<string, string | number | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (args[key] === undefined ? whole : String(args[key])));
}

export function errorMessage(code: string, locale: Locale, args: Record<string, string | number> = {}): string {
  const entry = ERROR_MESSAGES[code];
  if (!entry) return code;
  let texts: Texts;
  if ('en' in entry && typeof entry.en === 'string') texts = entry as Texts;
  else {
    const variants = entry as Record<string, Texts>;
    const variant = (args.variant as string) ?? Object.keys(variants)[0];
    texts = variants[variant] ?? Object.values(variants)[0];
  }
  return fill(texts[locale], args);
}

export function detailMessage(detail: string, locale: Locale, args: Record<string, string | number>): string {
  const texts = DETAIL_MESSAGES[detail];
  if (!texts) return `${args.param ?? ''}`;
  return fill(texts[locale], locale === 'es' ? spanishArgs(detail, args) : args);
}

function spanishArgs(detail: string, args: Record<string, string | number>): Record<string, string | number> {
  if (detail === 'rest_invalid_format' && typeof args.kind === 'string') return { ...args, kind: FORMAT_KINDS_ES[args.kind] ?? args.kind };
  if (detail === 'rest_invalid_type' && typeof args.type === 'string') return { ...args, type: TYPE_NAMES_ES[args.type] ?? args.type };
  return args;
}
