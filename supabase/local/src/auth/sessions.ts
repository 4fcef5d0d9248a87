import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { clientAddress, header } from '../http.ts';
import { sessionBody, type AmrEntry, type SessionBody } from './access-token.ts';
import { AuthError } from './errors.ts';
import { generateRefreshToken } from './tokens.ts';
import { loadUserJson, recordSignIn } from './users.ts';

/** How the user proved who they are, as the `amr` claim names it. */
export type AuthMethod = 'password' | 'otp' | 'recovery' | 'email_change' | 'email/signup';

/** Starts a session (auth.sessions, its first refresh token, its amr) and answers with the session body. */
export async function startSession(
  ctx: StackContext,
  q: Queryable,
  userId: string,
  method: AuthMethod,
  req: IncomingMessage,
): Promise<SessionBody> {
  const sessionId = randomUUID();
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1::uuid, $2::uuid, now(), now(), 'aal1', $3, $4::inet)`,
    [sessionId, userId, header(req, 'user-agent') ?? null, normaliseIp(clientAddress(req))],
  );
  await q.query(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
     values ($1::uuid, $2::uuid, $3, now(), now())`,
    [randomUUID(), sessionId, method],
  );
  const refreshToken = await insertRefreshToken(q, userId, sessionId, null);
  await recordSignIn(q, userId);
  return answerSession(ctx, q, userId, sessionId, refreshToken);
}

// ::ffff:127.0.0.1 is how Node reports IPv4 on a dual-stack socket; inet wants plain addresses.
function normaliseIp(address: string): string | null {
  const plain = address.replace(/^::ffff:/, '');
  return /^[0-9a-f.:]+$/i.test(plain) ? plain : null;
}

async function insertRefreshToken(
  q: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = generateRefreshToken();
  await q.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ($1, $2, false, $3, $4::uuid, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

// GoTrue keeps each session's sign-in methods (password, otp for a link, recovery) in auth.mfa_amr_claims.
async function sessionAmr(q: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await q.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, floor(extract(epoch from created_at))::float8 as "timestamp"
     from auth.mfa_amr_claims where session_id = $1::uuid order by created_at desc`,
    [sessionId],
  );
  return rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
}

async function answerSession(
  ctx: StackContext,
  q: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionBody> {
  const user = await loadUserJson(q, userId);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return sessionBody(ctx.config, user, sessionId, await sessionAmr(q, sessionId), refreshToken);
}

interface RefreshTokenRow {
  id: string;
  token: string;
  revoked: boolean;
  userId: string;
  sessionId: string | null;
  sessionExists: boolean;
  revokedSecondsAgo: number;
}

const notFound = (): AuthError =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * Rotation as GoTrue does it: the used token is revoked and a child issued. Presenting a revoked token
 * within the reuse interval answers the session's current token (two tabs refreshing at once); later,
 * it is treated as stolen: the whole session ends.
 */
export async function refreshSession(ctx: StackContext, presented: string): Promise<SessionBody> {
  const outcome = await ctx.db.transaction((tx) => rotate(ctx, tx, presented));
  // The stolen-token case ends the session in the committed transaction, then answers the error.
  if (outcome === 'reused') {
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  return outcome;
}

async function rotate(ctx: StackContext, tx: Queryable, presented: string): Promise<SessionBody | 'reused'> {
  const { auth } = ctx.config;
  const { rows } = await tx.query<RefreshTokenRow>(
    `select rt.id::text as id, rt.token, coalesce(rt.revoked, false) as revoked, rt.user_id::text as "userId",
       rt.session_id::text as "sessionId", (s.id is not null) as "sessionExists",
       extract(epoch from (now() - rt.updated_at))::float8 as "revokedSecondsAgo"
     from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
     where rt.token = $1 limit 1`,
    [presented],
  );
  const row = rows[0];
  if (!row) throw notFound();
  if (!row.sessionId || !row.sessionExists) {
    throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session not found');
  }
  if (row.revoked) {
    const current = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id = $1::uuid and not coalesce(revoked, false)
       order by id desc limit 1`,
      [row.sessionId],
    );
    const child = current.rows[0]?.token;
    if (child && (!auth.refreshTokenRotation || row.revokedSecondsAgo < auth.refreshTokenReuseInterval)) {
      return answerSession(ctx, tx, row.userId, row.sessionId, child);
    }
    await endSessions(tx, 'id = $1::uuid', [row.sessionId]);
    return 'reused';
  }
  if (!auth.refreshTokenRotation) return answerSession(ctx, tx, row.userId, row.sessionId, row.token);
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [
    row.id,
  ]);
  const child = await insertRefreshToken(tx, row.userId, row.sessionId, row.token);
  await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid`, [
    row.sessionId,
  ]);
  return answerSession(ctx, tx, row.userId, row.sessionId, child);
}

/** Deletes sessions matching a where clause on auth.sessions, their refresh tokens, and (by cascade) amr. */
export async function endSessions(q: Queryable, where: string, params: unknown[]): Promise<void> {
  const ids = `select id from auth.sessions where ${where}`;
  await q.query(`delete from auth.refresh_tokens where session_id in (${ids})`, params);
  await q.query(`delete from auth.sessions where ${where}`, params);
}

export async function sessionExists(q: Queryable, sessionId: string, userId: string): Promise<boolean> {
  const { rows } = await q.query(`select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid`, [
    sessionId,
    userId,
  ]);
  return rows.length > 0;
}
