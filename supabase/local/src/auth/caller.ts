import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { header } from '../http.ts';
import { JwtError, verifyJwt, type JwtClaims } from '../jwt.ts';
import { AuthError } from './errors.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, type UserRecord } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMIN_ROLES = ['service_role', 'supabase_admin'];

export interface AuthenticatedUser {
  claims: JwtClaims;
  user: UserRecord;
  sessionId: string | undefined;
}

/** GoTrue reads only the Authorization header (the apikey is for the gateway). */
async function verifiedClaims(req: IncomingMessage, ctx: StackContext): Promise<JwtClaims> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '');
  if (!match?.[1])
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await verifyJwt(match[1], ctx.config.jwtSecret);
  } catch (error) {
    if (error instanceof JwtError) {
      const reason = error.kind === 'expired' ? 'token has invalid claims: token is expired' : error.message;
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    throw error;
  }
}

/** The signed-in user behind the bearer token; their session must still exist. */
export async function requireUser(req: IncomingMessage, ctx: StackContext): Promise<AuthenticatedUser> {
  const claims = await verifiedClaims(req, ctx);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw new AuthError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const sessionId =
    typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : undefined;
  if (sessionId !== undefined) {
    if (!UUID.test(sessionId) || !(await sessionExists(ctx.db, sessionId, sub))) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  const user = await findUserById(ctx.db, sub);
  if (!user || user.deletedAt !== null) {
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  }
  return { claims, user, sessionId };
}

/** Admin endpoints: the service_role key (or supabase_admin), nothing else. */
export async function requireAdmin(req: IncomingMessage, ctx: StackContext): Promise<void> {
  const claims = await verifiedClaims(req, ctx);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.includes(claims.role)) {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
