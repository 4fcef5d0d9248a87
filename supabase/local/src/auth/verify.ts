import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { clientAddress, sendEmpty } from '../http.ts';
import type { SessionBody } from './access-token.ts';
import { emailTokenTtlSeconds } from './email-link.ts';
import { AuthError, otpExpired, sendAuthJson, validationFailed, versionHeaders } from './errors.ts';
import { enforceRateLimit } from './limits.ts';
import { redirectFor } from './redirect-request.ts';
import { withFragment } from './redirect.ts';
import { containsNul, optionalString, readAuthBody } from './request.ts';
import { startSession, type AuthMethod } from './sessions.ts';
import { tokenHash } from './tokens.ts';
import {
  applyEmailChange,
  clearRecoveryToken,
  confirmEmail,
  findUserByEmail,
  findUserByToken,
  type TokenColumn,
} from './users.ts';
import { normaliseEmail } from './validation.ts';

type VerifyType = 'signup' | 'email' | 'magiclink' | 'invite' | 'recovery' | 'email_change';

const TOKEN_COLUMN: Record<VerifyType, TokenColumn> = {
  signup: 'confirmation_token',
  email: 'confirmation_token',
  magiclink: 'confirmation_token',
  invite: 'confirmation_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
};

const METHOD: Record<VerifyType, AuthMethod> = {
  signup: 'otp',
  email: 'otp',
  magiclink: 'otp',
  invite: 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
};

function verifyType(value: string | undefined | null): VerifyType {
  if (value && Object.hasOwn(TOKEN_COLUMN, value)) return value as VerifyType;
  throw validationFailed('Verify requires a verification type');
}

/** Finds the user the token was issued to, applies what it proves, and starts a session. */
async function consumeToken(
  ctx: StackContext,
  req: IncomingMessage,
  type: VerifyType,
  hash: string,
): Promise<SessionBody> {
  return ctx.db.transaction(async (tx) => {
    const user = await findUserByToken(tx, TOKEN_COLUMN[type], hash);
    const fresh =
      user?.tokenSentAt != null && user.tokenSentAt + emailTokenTtlSeconds(ctx) > Date.now() / 1000;
    if (!user || !fresh) throw otpExpired();
    await applyToken(tx, type, user.id);
    return startSession(ctx, tx, user.id, METHOD[type], req);
  });
}

async function applyToken(tx: Queryable, type: VerifyType, userId: string): Promise<void> {
  if (type === 'email_change') return applyEmailChange(tx, userId);
  if (type === 'recovery') await clearRecoveryToken(tx, userId);
  // Following any e-mailed link proves the address, so recovery confirms an unconfirmed account too.
  await confirmEmail(tx, userId);
}

/** GET /auth/v1/verify?token&type&redirect_to — the link in the e-mail; answers 303 to the site. */
export async function verifyLink(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  enforceRateLimit(ctx, 'tokenVerifications', clientAddress(req));
  const redirectTo = redirectFor(req, url, ctx);
  const token = url.searchParams.get('token') ?? '';
  const type = verifyType(url.searchParams.get('type'));
  let location: string;
  try {
    if (token === '' || containsNul(token)) throw otpExpired();
    const session = await consumeToken(ctx, req, type, token);
    location = withFragment(redirectTo, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    });
  } catch (error) {
    if (!(error instanceof AuthError) || error.code !== 'otp_expired') throw error;
    location = withFragment(redirectTo, {
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  }
  sendEmpty(res, 303, { ...versionHeaders(req), location });
}

/** POST /auth/v1/verify {type, token_hash} or {type, email, token} — answers the session. */
export async function verifyOtp(req: IncomingMessage, res: ServerResponse, ctx: StackContext): Promise<void> {
  enforceRateLimit(ctx, 'tokenVerifications', clientAddress(req));
  const body = await readAuthBody(req);
  const type = verifyType(optionalString(body, 'type'));
  const tokenHashParam = optionalString(body, 'token_hash');
  let hash: string;
  if (tokenHashParam) hash = tokenHashParam;
  else {
    const token = optionalString(body, 'token') ?? '';
    if (token === '') throw validationFailed('Verify requires either a token or a token hash');
    const email = normaliseEmail(optionalString(body, 'email'));
    // Codes for an address change are tied to the new address; the others to the account's address.
    const address =
      type === 'email_change' ? email : ((await findUserByEmail(ctx.db, email))?.email ?? email);
    hash = tokenHash(address, token.trim());
  }
  sendAuthJson(req, res, 200, await consumeToken(ctx, req, type, hash));
}
