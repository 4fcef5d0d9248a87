import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { AuthError, invalidCredentials, sendAuthJson, validationFailed } from './errors.ts';
import { enforceRateLimit } from './limits.ts';
import { passwordMatches } from './passwords.ts';
import { optionalString, readAuthBody, type JsonObject } from './request.ts';
import { refreshSession, startSession } from './sessions.ts';
import { findUserByEmail } from './users.ts';

/** POST /auth/v1/token?grant_type=password|refresh_token */
export async function token(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const grantType = url.searchParams.get('grant_type');
  // GoTrue counts every /token request against token_refresh.
  enforceRateLimit(ctx, 'token', req);
  const body = await readAuthBody(req);
  if (grantType === 'password') return sendAuthJson(req, res, 200, await passwordGrant(req, ctx, body));
  if (grantType === 'refresh_token') {
    const refreshToken = optionalString(body, 'refresh_token') ?? '';
    if (refreshToken === '') throw validationFailed('refresh_token required');
    return sendAuthJson(req, res, 200, await refreshSession(ctx, refreshToken));
  }
  throw validationFailed('unsupported_grant_type');
}

async function passwordGrant(req: IncomingMessage, ctx: StackContext, body: JsonObject) {
  const rawEmail = optionalString(body, 'email')?.trim() ?? '';
  const password = optionalString(body, 'password') ?? '';
  // Password sign-ins also count against sign_in_sign_ups, per client, as config.toml describes it.
  enforceRateLimit(ctx, 'signIn', req);
  if (rawEmail === '') {
    if (optionalString(body, 'phone')) throw invalidCredentials();
    throw validationFailed('missing email or phone');
  }
  const user = await findUserByEmail(ctx.db, rawEmail);
  const matches = await passwordMatches(password, user?.encryptedPassword || undefined);
  if (!user || !matches) throw invalidCredentials();
  if (user.bannedUntil !== null && user.bannedUntil > Date.now() / 1000) {
    throw new AuthError(400, 'user_banned', 'User is banned');
  }
  if (user.emailConfirmedAt === null && ctx.config.auth.enableConfirmations) {
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  }
  return ctx.db.transaction((tx) => startSession(ctx, tx, user.id, 'password', req));
}
