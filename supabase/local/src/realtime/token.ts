import { decodeJwt, errors, jwtVerify } from 'jose';
import type { JwtClaims } from '../jwt.ts';
import { roleOf } from '../db/with-claims.ts';

/**
 * Why hosted Realtime refuses a token, with its texts: `code` prefixes a join's error reason, `message` is
 * what a channel closed by an `access_token` push or by expiry is told.
 */
export class TokenError extends Error {
  constructor(
    readonly code: 'InvalidJWTToken' | 'MalformedJWT' | 'JwtSignatureError' | 'Unauthorized',
    message: string,
    /** The text hosted sends when an access_token push carries this token (differs for signature errors). */
    readonly pushMessage = message,
  ) {
    super(message);
  }

  /** The `reason` of a refused join, e.g. "InvalidJWTToken: Token has expired 3 seconds ago". */
  get joinReason(): string {
    return `${this.code}: ${this.message}`;
  }
}

export const MISSING_CLAIMS = 'Fields `role` and `exp` are required in JWT';

const encoder = new TextEncoder();
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function expiredMessage(exp: number): string {
  return `Token has expired ${nowSeconds() - exp} seconds ago`;
}

/**
 * Verifies a token as hosted Realtime does (signature, then `role` and `exp` present, then not expired) and
 * that the API may take its role. Returns the claims; throws TokenError.
 */
export async function realtimeClaims(token: string, secret: string): Promise<JwtClaims> {
  let claims: JwtClaims;
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    claims = payload as JwtClaims;
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      throw new TokenError('JwtSignatureError', 'Failed to validate JWT signature', ':signature_error');
    }
    // jose checks the signature before the claims, so an expired token here is genuine.
    if (error instanceof errors.JWTExpired) throw expiredFrom(token);
    throw new TokenError('MalformedJWT', 'The token provided is not a valid JWT');
  }
  if (!('role' in claims) || typeof claims.exp !== 'number') {
    throw new TokenError('InvalidJWTToken', MISSING_CLAIMS);
  }
  if (claims.exp <= nowSeconds()) throw new TokenError('InvalidJWTToken', expiredMessage(claims.exp));
  try {
    roleOf(claims);
  } catch (error) {
    throw new TokenError('Unauthorized', error instanceof Error ? error.message : String(error));
  }
  return claims;
}

function expiredFrom(token: string): TokenError {
  const { exp } = decodeJwt(token);
  return new TokenError('InvalidJWTToken', expiredMessage(typeof exp === 'number' ? exp : nowSeconds()));
}
