import * as jose from 'jose';
import type { AuthConfig } from '../../config/app-config';
import { Caller, strongestRole } from '../domain/caller';
import { DomainError } from '../domain/errors';

type InvalidTokenReason = 'malformed' | 'signature' | 'algorithm' | 'expired' | 'not_yet_valid' | 'claims';

export const invalidToken = (reason: InvalidTokenReason) =>
  new DomainError('unauthenticated', 'rest_invalid_token', {}, { reason });

type KeyCandidate = {
  algorithms: string[];
  key: Uint8Array | jose.KeyLike | jose.JWTVerifyGetKey;
};

/**
 * Verifies bearer JWTs with `jose` (CONTRACT §3.1): HS256 with the shared secret, RS256/ES256 with a PEM key or a JWKS
 * URL. A token is accepted when any configured key verifies it. Never hand-written cryptography.
 */
export class TokenVerifier {
  private constructor(
    private readonly config: AuthConfig,
    private readonly candidates: KeyCandidate[],
  ) {}

  static async create(config: AuthConfig): Promise<TokenVerifier> {
    const candidates: KeyCandidate[] = [];
    if (config.jwtSecret) candidates.push({ algorithms: ['HS256'], key: new TextEncoder().encode(config.jwtSecret) });
    if (config.jwtPublicKey) {
      const pem = config.jwtPublicKey;
      const importer = pem.includes('CERTIFICATE') ? jose.importX509 : jose.importSPKI;
      for (const alg of ['RS256', 'ES256']) {
        try {
          candidates.push({ algorithms: [alg], key: await importer(pem, alg) });
        } catch {
          // the key does not fit this algorithm; the other one may
        }
      }
      if (!candidates.some((c) => !c.algorithms.includes('HS256'))) {
        throw new Error('AUTH_JWT_PUBLIC_KEY could not be read as an RS256 or ES256 key');
      }
    }
    if (config.jwksUrl) {
      candidates.push({
        algorithms: ['RS256', 'ES256'],
        key: jose.createRemoteJWKSet(new URL(config.jwksUrl), { cacheMaxAge: 600_000, cooldownDuration: 30_000 }),
      });
    }
    return new TokenVerifier(config, candidates);
  }

  get enabled(): boolean {
    return this.candidates.length > 0;
  }

  /** Reads an `Authorization` header value into a caller, or throws 401 rest_invalid_token. */
  async verify(header: string): Promise<Caller> {
    const match = /^bearer\s+(\S+)\s*$/i.exec(header.trim());
    if (!match) throw invalidToken('malformed');
    const token = match[1];
    let header0: jose.ProtectedHeaderParameters;
    try {
      header0 = jose.decodeProtectedHeader(token);
      jose.decodeJwt(token);
    } catch {
      throw invalidToken('malformed');
    }
    const usable = this.candidates.filter((c) => header0.alg && c.algorithms.includes(header0.alg));
    if (usable.length === 0) throw invalidToken('algorithm');
    let lastError: unknown;
    let payload: jose.JWTPayload | undefined;
    for (const candidate of usable) {
      try {
        const options: jose.JWTVerifyOptions = {
          algorithms: candidate.algorithms,
          clockTolerance: this.config.clockSkewSeconds,
          requiredClaims: ['exp', 'sub'],
          issuer: this.config.issuer,
          audience: this.config.audience,
        };
        ({ payload } =
          typeof candidate.key === 'function'
            ? await jose.jwtVerify(token, candidate.key as jose.JWTVerifyGetKey, options)
            : await jose.jwtVerify(token, candidate.key as Uint8Array, options));
        break;
      } catch (error) {
        lastError = error;
      }
    }
    if (!payload) throw invalidToken(reasonOf(lastError));
    // Outside the loop: a verified token whose claims are unusable must keep its own reason (claims, not_yet_valid).
    return this.toCaller(payload);
  }

  private toCaller(payload: jose.JWTPayload): Caller {
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.iat === 'number' && payload.iat > now + this.config.clockSkewSeconds) {
      throw invalidToken('not_yet_valid');
    }
    const sub = payload.sub as unknown;
    const userId = typeof sub === 'number' ? sub : typeof sub === 'string' && /^\d{1,16}$/.test(sub) ? Number(sub) : NaN;
    if (!Number.isSafeInteger(userId) || userId <= 0) throw invalidToken('claims');
    const rolesClaim = (payload as Record<string, unknown>)[this.config.rolesClaim];
    const single = (payload as Record<string, unknown>).role;
    const claims = Array.isArray(rolesClaim)
      ? rolesClaim.filter((r): r is string => typeof r === 'string')
      : typeof rolesClaim === 'string'
        ? [rolesClaim]
        : typeof single === 'string'
          ? [single]
          : [];
    return { userId, role: strongestRole(claims) };
  }
}

function reasonOf(error: unknown): InvalidTokenReason {
  if (error instanceof jose.errors.JWTExpired) return 'expired';
  if (error instanceof jose.errors.JWTClaimValidationFailed) {
    return error.claim === 'nbf' || error.claim === 'iat' ? 'not_yet_valid' : 'claims';
  }
  if (error instanceof jose.errors.JWSSignatureVerificationFailed) return 'signature';
  if (error instanceof jose.errors.JOSEAlgNotAllowed || error instanceof jose.errors.JOSENotSupported) return 'algorithm';
  if (error instanceof jose.errors.JWKSNoMatchingKey) return 'signature';
  return 'malformed';
}

/** Signs an HS256 token (development convenience and `npm run token`). */
export async function signDevelopmentToken(secret: string, sub: number, role: string, ttlSeconds: number): Promise<string> {
  return new jose.SignJWT({ roles: [role] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(sub))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}
