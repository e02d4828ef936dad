/**
 * What API Gateway's JWT authorizer does, locally: the bearer token must be an RS256 JWT from the
 * pool's issuer, for the app client (`aud`, or `client_id` for access tokens), not expired, and
 * signed by a key of the pool's JWKS. cognito-local serves its JWKS over http, so the verifier gets
 * a fetcher that allows http (aws-jwt-verify's own refuses it).
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';

export type Claims = Record<string, string>;

const localFetcher: Fetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const res = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`JWKS fetch failed with ${res.status}`);
    return res.arrayBuffer();
  },
};

export class JwtAuthorizer {
  private readonly verifier;

  constructor(
    issuer: string,
    private readonly audience: string,
  ) {
    this.verifier = JwtRsaVerifier.create(
      { issuer, audience: null, jwksUri: `${issuer}/.well-known/jwks.json` },
      { jwksCache: new SimpleJwksCache({ fetcher: localFetcher }) },
    );
  }

  /** The claims as API Gateway passes them (every value a string), or undefined when unauthorised. */
  async authorize(authorization: string | undefined): Promise<Claims | undefined> {
    if (!authorization) return undefined;
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    if (!token) return undefined;
    try {
      const payload = await this.verifier.verify(token);
      const audience = payload.aud ?? payload.client_id;
      const audiences = Array.isArray(audience) ? audience : [audience];
      if (!audiences.includes(this.audience)) return undefined;
      return stringifyClaims(payload as Record<string, unknown>);
    } catch {
      return undefined;
    }
  }
}

function stringifyClaims(payload: Record<string, unknown>): Claims {
  const claims: Claims = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    claims[key] = Array.isArray(value)
      ? `[${value.join(' ')}]`
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  }
  return claims;
}
