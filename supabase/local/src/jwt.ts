import type { IncomingMessage } from 'node:http';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { StackConfig } from './config.ts';
import { header } from './http.ts';

export interface JwtClaims extends JWTPayload {
  role?: string;
  email?: string;
  session_id?: string;
  [claim: string]: unknown;
}

export class JwtError extends Error {
  constructor(
    readonly kind: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

const encoder = new TextEncoder();

export async function signJwt(claims: JwtClaims, secret: string, expiresInSeconds?: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload: JwtClaims = { iat: now, ...claims };
  if (expiresInSeconds !== undefined) payload.exp = now + expiresInSeconds;
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

export async function verifyJwt(token: string, secret: string): Promise<JwtClaims> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    return payload as JwtClaims;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', error instanceof Error ? error.message : 'invalid JWT');
  }
}

export interface Caller {
  /** The bearer token that decided the role, or undefined when the request carried none. */
  token: string | undefined;
  /** Verified claims; `{ role: 'anon' }` when there is no token. */
  claims: JwtClaims;
  role: string;
}

/** The gateway's rule: keep Authorization if present, otherwise use the apikey header (or query parameter). */
export function bearerToken(req: IncomingMessage, url?: URL): string | undefined {
  const authorization = header(req, 'authorization');
  if (authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    return match?.[1];
  }
  return header(req, 'apikey') ?? url?.searchParams.get('apikey') ?? undefined;
}

/** Resolves who is calling; throws JwtError for a bad or expired token. */
export async function resolveCaller(req: IncomingMessage, config: StackConfig, url?: URL): Promise<Caller> {
  const token = bearerToken(req, url);
  if (!token) return { token: undefined, claims: { role: 'anon' }, role: 'anon' };
  const claims = await verifyJwt(token, config.jwtSecret);
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  return { token, claims, role };
}
