import type { ParamProblem } from './errors';

/** URL and e-mail rules of CONTRACT §1.7 / §10.1: trimmed, then validated (every `website` is http(s) only). */

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL.test(value);

/** A problem for a sent, non-empty website that is not an absolute http(s) URL (`""` and null clear). */
export function websiteProblem(value: unknown, param: string): ParamProblem | null {
  if (typeof value !== 'string' || value.trim() === '' || isHttpUrl(value.trim())) return null;
  return { param, detail: 'rest_invalid_format', args: { param, kind: 'URL' } };
}

/** A problem for a sent, non-empty e-mail address that is not valid (`""` and null clear). */
export function emailProblem(value: unknown, param: string): ParamProblem | null {
  if (typeof value !== 'string' || value.trim() === '' || isEmail(value.trim())) return null;
  return { param, detail: 'rest_invalid_format', args: { param, kind: 'e-mail address' } };
}
