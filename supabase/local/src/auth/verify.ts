import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { sendEmpty } from '../http.ts';
import type { SessionBody } from './access-token.ts';
import { emailTokenTtlSeconds, sendNotification } from './email-link.ts';
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
  confirmEmailChangeSide,
  findUserByEmail,
  findUserByToken,
  type TokenColumn,
  type UserRecord,
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

/** GoTrue's answer when one side of a double-confirmed address change is done and the other still waits. */
export const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Outcome = SessionBody | 'single_confirmation';

/** The user holding this token, and which column held it (an address change has one per side). */
async function tokenOwner(
  ctx: StackContext,
  tx: Queryable,
  type: VerifyType,
  hash: string,
): Promise<{ user: UserRecord; column: TokenColumn }> {
  const columns: TokenColumn[] =
    type === 'email_change' ? ['email_change_token_new', 'email_change_token_current'] : [TOKEN_COLUMN[type]];
  for (const column of columns) {
    const user = await findUserByToken(tx, column, hash);
    const fresh =
      user?.tokenSentAt != null && user.tokenSentAt + emailTokenTtlSeconds(ctx) > Date.now() / 1000;
    if (user && fresh) return { user, column };
  }
  throw otpExpired();
}

/** Finds the user the token was issued to, applies what it proves, and starts a session. */
async function consumeToken(
  ctx: StackContext,
  req: IncomingMessage,
  type: VerifyType,
  hash: string,
): Promise<Outcome> {
  let changedFrom: UserRecord | undefined;
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const { user, column } = await tokenOwner(ctx, tx, type, hash);
    if (type === 'email_change') {
      // Double confirmation: the first side's link only spends its own token.
      const waitsForBoth = ctx.config.auth.doubleConfirmChanges && user.email !== '';
      if (waitsForBoth && user.emailChangeConfirmStatus === 0) {
        await confirmEmailChangeSide(
          tx,
          user.id,
          column as 'email_change_token_new' | 'email_change_token_current',
        );
        return 'single_confirmation';
      }
      await applyEmailChange(tx, user.id);
      changedFrom = user;
    } else await applyToken(tx, type, user.id);
    return startSession(ctx, tx, user.id, METHOD[type], req);
  });
  if (changedFrom && outcome !== 'single_confirmation') {
    await sendNotification(ctx, 'email_changed', changedFrom.email, {
      Email: outcome.user.email,
      OldEmail: changedFrom.email,
      Data: changedFrom.userMetadata,
    });
  }
  return outcome;
}

async function applyToken(tx: Queryable, type: VerifyType, userId: string): Promise<void> {
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
  enforceRateLimit(ctx, 'verify', req);
  const redirectTo = redirectFor(req, url, ctx);
  const token = url.searchParams.get('token') ?? '';
  const type = verifyType(url.searchParams.get('type'));
  let location: string;
  try {
    if (token === '' || containsNul(token)) throw otpExpired();
    const session = await consumeToken(ctx, req, type, token);
    if (session === 'single_confirmation') {
      location = withFragment(redirectTo, { message: SINGLE_CONFIRMATION, sb: '' });
      return sendEmpty(res, 303, { ...versionHeaders(req), location });
    }
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
  enforceRateLimit(ctx, 'verify', req);
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
  const outcome = await consumeToken(ctx, req, type, hash);
  if (outcome === 'single_confirmation') {
    return sendAuthJson(req, res, 200, { msg: SINGLE_CONFIRMATION, code: '200' });
  }
  sendAuthJson(req, res, 200, outcome);
}
