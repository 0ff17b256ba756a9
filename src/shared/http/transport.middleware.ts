import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import * as qs from 'qs';
import type { AppConfig } from '../../config/app-config';
import { DomainError, InvalidParamsError } from '../domain/errors';
import type { ApiRequest } from './api-request';
import { NAMESPACE } from './api-request';
import { handleError } from './error.filter';
import { decodeUrlEncoded, formParamThatIsNotUtf8 } from './url-encoded';
import { parseJsonObject } from './json-body';
import { requestIdFor } from './request-id';

const logger = new Logger('Transport');

const MAX_URL_BYTES = 16 * 1024;
const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Removes reserved keys at every depth (CONTRACT §1.4: they are unknown keys). */
function stripReserved(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripReserved);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!RESERVED_KEYS.has(k)) out[k] = stripReserved(v);
    return out;
  }
  return value;
}

/**
 * The most parameters a query string or form body may hold (parsing is paid before authentication, so it is bounded).
 * qs would drop the ones after it without a word; they are refused instead (found by a black-box probe, 2026-11-27: a
 * form PATCH with its title after 10,000 other parameters answered 200 and left the title as it was). A 16 KiB URL
 * cannot hold as many, so only a form body meets it.
 */
const MAX_PARAMETERS = 10_000;

export function parseQueryString(raw: string): Record<string, unknown> {
  try {
    // qs' `duplicates: 'last'` would also collapse `a[]=1&a[]=2` to one item, so only plain keys are de-duplicated here.
    const pairs = lastOfRepeatedPlainKeys(raw.replace(/^\?/, ''));
    if (pairs.length > MAX_PARAMETERS) throw new DomainError('too-large', 'rest_body_too_large');
    const parsed = qs.parse(pairs.join('&'), {
      depth: 5,
      strictDepth: true,
      arrayLimit: 1000,
      parameterLimit: MAX_PARAMETERS,
      allowPrototypes: false,
      duplicates: 'combine',
      decoder: decodeUrlEncoded,
    });
    return stripReserved(parsed) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep(raw);
    throw error;
  }
}

/**
 * The pairs of a query string, `a=1&a=2` → `a=2` (CONTRACT §1.4: the last value wins); keys with brackets are lists
 * and stay whole. Empty pairs (`a=1&&b=2`) are left out, as qs leaves them.
 */
function lastOfRepeatedPlainKeys(raw: string): string[] {
  const pairs = raw.split('&').filter((pair) => pair !== '');
  const keys = pairs.map((pair) => decodeUrlEncoded(pair.split('=')[0]));
  const lastIndex = new Map<string, number>();
  keys.forEach((key, i) => {
    if (!key.includes('[')) lastIndex.set(key, i);
  });
  return pairs.filter((_, i) => keys[i].includes('[') || lastIndex.get(keys[i]) === i);
}

/** More than 5 levels of brackets → 400 naming the top-level parameter. */
function tooDeep(raw: string): InvalidParamsError {
  const keys = raw.split('&').map((pair) => decodeUrlEncoded(pair.split('=')[0]));
  const deep = keys.find((key) => (key.match(/\[/g) ?? []).length > 5) ?? keys[0] ?? '';
  const param = deep.split('[')[0];
  return new InvalidParamsError([{ param, detail: 'rest_invalid_type', args: { type: 'list' } }]);
}

function readBody(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new DomainError('too-large', 'rest_body_too_large'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new DomainError('too-large', 'rest_body_too_large'));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => !failed && resolve(Buffer.concat(chunks)));
    // The client went away mid-body (or the server cut a slow one off): nobody is left to answer.
    req.on('error', () => !failed && reject(new ClientGone()));
  });
}

/** A request whose body never fully arrived because its connection closed: not a server error, nothing to answer. */
class ClientGone extends Error {
  constructor() {
    super('client closed the connection before its body arrived');
  }
}

/** A body sent without a content coding (`Content-Encoding` absent, or only `identity`): the only kind read. */
function plainlyEncoded(req: Request): boolean {
  const header = req.headers['content-encoding'];
  if (header === undefined) return true;
  return header.split(',').every((coding) => ['', 'identity'].includes(coding.trim().toLowerCase()));
}

function mediaType(req: Request): string | null {
  const header = req.headers['content-type'];
  if (!header) return null;
  return header.split(';')[0].trim().toLowerCase();
}

/** The service's own paths outside the API prefix (operations, explorer): matched with their exact letter case. */
const OUTSIDE_THE_API = /^\/(health|metrics|docs)(\/|$)/;

/**
 * Step 1 of CONTRACT §4.4 plus the addressing rules of §1.2/§1.3: request id, URL length, the `/es` base address,
 * method override, and the body (size, content type, JSON/form parsing). Runs before routing.
 */
export function transportMiddleware(config: AppConfig) {
  const spanish = config.locales.includes('es');
  const prefixLower = config.apiPrefix.toLowerCase();
  return async (request: Request, res: Response, next: NextFunction) => {
    const req = request as ApiRequest;
    const requestId = requestIdFor(req, res);
    req.state = {
      requestId,
      locale: 'en',
      apiBase: `${config.publicUrl}${config.apiPrefix}/${NAMESPACE}`,
      query: {},
      body: {},
      startedAt: process.hrtime.bigint(),
    };
    try {
      if (Buffer.byteLength(req.originalUrl ?? req.url) > MAX_URL_BYTES) {
        // At the Spanish base address the 414 is in Spanish too (CONTRACT §4.5).
        if (spanish && (req.url === '/es' || req.url.startsWith('/es/') || req.url.startsWith('/es?'))) req.state.locale = 'es';
        throw new DomainError('uri-too-long', 'rest_uri_too_long');
      }
      // The Spanish base address serves the same routes: strip `/es` and remember the locale.
      if (req.url === '/es' || req.url.startsWith('/es/') || req.url.startsWith('/es?')) {
        if (!spanish) throw new DomainError('not-found', 'rest_no_route');
        req.state.locale = 'es';
        req.url = req.url.slice(3) || '/';
        req.state.apiBase = `${config.publicUrl}/es${config.apiPrefix}/${NAMESPACE}`;
      }
      // The prefix and the `/es` segment must be written exactly; the rest is case-insensitive (Express' default).
      const path = req.url.split('?')[0];
      const lower = path.toLowerCase();
      if ((lower === prefixLower || lower.startsWith(`${prefixLower}/`)) && !path.startsWith(config.apiPrefix)) {
        throw new DomainError('not-found', 'rest_no_route');
      }
      // Only the API's routes are case-insensitive (§1.3). `/METRICS` or `/Health/ready` would slip past a gateway rule
      // written for the exact spelling, such as docker/nginx.conf's (found by a probe).
      if (path !== lower && OUTSIDE_THE_API.test(lower)) throw new DomainError('not-found', 'rest_no_route');
      const queryIndex = req.url.indexOf('?');
      req.state.query = queryIndex >= 0 ? parseQueryString(req.url.slice(queryIndex + 1)) : {};

      if (req.method === 'POST') {
        const override = req.headers['x-http-method-override'] ?? req.state.query._method;
        if (typeof override === 'string' && OVERRIDABLE.has(override.toUpperCase())) req.method = override.toUpperCase();
      }

      const hasBody =
        Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
      if (hasBody && (req.method === 'GET' || req.method === 'HEAD')) {
        await readBody(req, config.maxBodyBytes); // ignored, but still bounded
      } else if (hasBody) {
        // The size limit comes before the content type (§4.4); a chunked body may turn out empty, and an empty body
        // is always allowed, whatever its type (§1.4).
        const type = mediaType(req);
        const raw = await readBody(req, config.maxBodyBytes);
        if (raw.length > 0) {
          if (type !== 'application/json' && type !== 'application/x-www-form-urlencoded') {
            throw new DomainError('unsupported-media-type', 'rest_unsupported_media_type');
          }
          if (!plainlyEncoded(req)) {
            // A gzip body read as JSON was a misleading "Malformed UTF-8", and an unknown coding was read as plain text
            // (found by a probe). RFC 9110 §8.4 / §12.5.3: 415, naming the one coding accepted.
            res.setHeader('Accept-Encoding', 'identity');
            throw new DomainError('unsupported-media-type', 'rest_unsupported_media_type');
          }
          req.state.body = type === 'application/json' ? parseJsonBody(raw) : parseFormBody(raw);
        }
      }
      next();
    } catch (error) {
      if (error instanceof ClientGone) {
        logger.debug({ method: req.method, path: req.path }, error.message);
        return;
      }
      handleError(error, req, res, logger);
    }
  };
}

/** A form body: UTF-8 throughout, escapes included (else 400 naming the parameter), then parsed as a query string. */
function parseFormBody(raw: Buffer): Record<string, unknown> {
  const param = formParamThatIsNotUtf8(raw);
  if (param !== null) throw new InvalidParamsError([{ param, detail: 'rest_invalid_type', args: { type: 'string' } }]);
  return parseQueryString(raw.toString('utf8'));
}

/** A JSON body: decoded, depth-checked and parsed by parseJsonObject (400 rest_invalid_json), then reserved keys removed. */
function parseJsonBody(raw: Buffer): Record<string, unknown> {
  return stripReserved(parseJsonObject(raw)) as Record<string, unknown>;
}
