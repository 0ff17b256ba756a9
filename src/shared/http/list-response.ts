import type { Response } from 'express';
import { DomainError } from '../domain/errors';
import { PageRequest, totalPages } from '../domain/page';
import type { Validated } from './params/input';
import { declaredParams } from './params/param.decorator';

type LinkValue = string | number | boolean | Array<string | number>;

/** One query parameter of a list link, in the order it must appear (CONTRACT §7.3). */
export type LinkParam = [name: string, value: LinkValue];

const encode = (value: LinkValue): string => {
  if (Array.isArray(value)) return value.map((v) => encodeURIComponent(String(v))).join(',');
  if (typeof value === 'boolean') return value ? '1' : '0';
  return encodeURIComponent(String(value));
};

function queryString(params: LinkParam[]): string {
  return params.map(([name, value]) => `${encodeURIComponent(name)}=${encode(value)}`).join('&');
}

interface ListLinks {
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
}

/**
 * `rest_url`, `next_rest_url`, `previous_rest_url` (CONTRACT §7.3): `page`, the effective `per_page`, then `params`.
 * The previous link of page 2 leaves `page` out.
 */
export function listLinks(base: string, page: PageRequest, pages: number, params: LinkParam[]): ListLinks {
  const url = (n: number | null) => {
    const all: LinkParam[] = [...(n === null ? [] : ([['page', n]] as LinkParam[])), ['per_page', page.perPage], ...params];
    return `${base}?${queryString(all)}`;
  };
  const links: ListLinks = { rest_url: url(page.page) };
  if (page.page < pages) links.next_rest_url = url(page.page + 1);
  if (page.page > 1) links.previous_rest_url = url(page.page - 1 === 1 ? null : page.page - 1);
  return links;
}

/**
 * The parameters the client sent, in the DTO's declaration order (= the contract's parameter table order), as link
 * parameters. `page`, `per_page` and `password` are never copied; `exclude` names more to leave out.
 */
export function sentLinkParams<T extends object>(dto: new () => T, input: Validated<T>, exclude: string[] = []): LinkParam[] {
  const skip = new Set(['page', 'per_page', 'password', ...exclude]);
  const out: LinkParam[] = [];
  for (const { name } of declaredParams(dto)) {
    if (skip.has(name) || !input.sent.has(name)) continue;
    const value = (input as Record<string, unknown>)[name];
    if (value === undefined || value === null) continue;
    out.push([name, value as LinkValue]);
  }
  return out;
}

/** page/per_page after validation: per_page above the maximum is lowered to it (CONTRACT §7.2). */
export function pageRequest(input: { page?: number; per_page?: number }, maxPerPage: number): PageRequest {
  return { page: input.page ?? 1, perPage: Math.min(input.per_page ?? 10, maxPerPage) };
}

/** `X-TEC-Total` and `X-TEC-TotalPages` on every successful list response. */
export function setListHeaders(res: Response, total: number, pages: number): void {
  res.setHeader('X-TEC-Total', String(total));
  res.setHeader('X-TEC-TotalPages', String(pages));
}

/** For records (events, venues, organizers): page > 1 with no items → 404 `{kind}-archive-page-not-found`. */
export function assertPageExists(kind: 'event' | 'venue' | 'organizer', page: PageRequest, itemCount: number): void {
  if (page.page > 1 && itemCount === 0) throw new DomainError('not-found', `${kind}-archive-page-not-found`);
}

export { totalPages };
