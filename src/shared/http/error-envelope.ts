import { DomainError, ErrorKind, InvalidParamsError, MissingParamsError } from '../domain/errors';
import { detailMessage, errorMessage, Locale } from '../i18n/error-messages';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'precondition-failed': 412,
  'too-large': 413,
  'uri-too-long': 414,
  'unsupported-media-type': 415,
  'too-many-requests': 429,
  unavailable: 503,
  internal: 500,
};

interface ErrorEnvelope {
  code: string;
  message: string;
  data: Record<string, unknown> & { status: number };
}

/** The HTTP status of a domain error; 401 vs 403 for rest_forbidden is decided where it is thrown (its kind). */
export const statusOf = (error: DomainError) => STATUS[error.kind];

/** Builds the contract's error body (CONTRACT §4.1) in the request's language. */
export function toEnvelope(error: DomainError, locale: Locale): ErrorEnvelope {
  const status = statusOf(error);
  if (error instanceof MissingParamsError) {
    return {
      code: error.code,
      message: errorMessage(error.code, locale, { names: error.names.join(', ') }),
      data: { status, params: error.names },
    };
  }
  if (error instanceof InvalidParamsError) {
    const params: Record<string, string> = {};
    const details: Record<string, unknown> = {};
    for (const problem of error.problems) {
      if (params[problem.param] !== undefined) continue; // first problem per parameter wins
      const sentence = detailMessage(problem.detail, locale, { param: problem.param, ...(problem.args ?? {}) });
      params[problem.param] = sentence;
      details[problem.param] = {
        code: problem.detail === 'rest_image_role' ? 'rest_invalid_image' : problem.detail,
        message: sentence,
        data: { param: problem.param },
      };
    }
    const names = Object.keys(params).join(', ');
    return {
      code: error.code,
      message:
        error.code === 'rest_invalid_param'
          ? errorMessage(error.code, locale, { names })
          : errorMessage(error.code, locale, error.args),
      data: { status, params, details },
    };
  }
  return {
    code: error.code,
    message: errorMessage(error.code, locale, error.args),
    data: { status, ...error.data },
  };
}
