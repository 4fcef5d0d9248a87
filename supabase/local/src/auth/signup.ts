import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { StackContext } from '../context.ts';
import { checkSendFrequency, sendEmailLink } from './email-link.ts';
import { AuthError, sendAuthJson, validationFailed } from './errors.ts';
import { enforceRateLimit } from './limits.ts';
import { hashPassword } from './passwords.ts';
import { redirectFor } from './redirect-request.ts';
import { optionalObject, optionalString, readAuthBody, type JsonObject } from './request.ts';
import { startSession } from './sessions.ts';
import { findUserByEmail, insertUser, loadUserJson } from './users.ts';
import { checkPasswordStrength, normaliseEmail } from './validation.ts';

/** POST /auth/v1/signup {email, password, data} */
export async function signup(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const { auth } = ctx.config;
  if (!auth.enableSignup)
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  enforceRateLimit(ctx, 'signup', req);
  const body = await readAuthBody(req);
  const rawEmail = optionalString(body, 'email');
  if (optionalString(body, 'phone')) throw validationFailed('Phone signups are disabled');
  const password = optionalString(body, 'password') ?? '';
  const data = optionalObject(body, 'data') ?? {};
  if (password === '') throw validationFailed('Signup requires a valid password', 422);
  checkPasswordStrength(password, auth);
  const email = normaliseEmail(rawEmail, 'To signup, please provide your email');
  const redirectTo = redirectFor(req, url, ctx);

  const existing = await findUserByEmail(ctx.db, email);
  if (existing && existing.emailConfirmedAt !== null) {
    if (!auth.enableConfirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
    // Answer like a fresh sign-up, so nobody learns which addresses have accounts.
    return sendAuthJson(req, res, 200, lookAlikeUser(email, data));
  }
  if (existing) {
    // Unconfirmed: send the link again, but never change the account on an unproven claim (GoTrue's rule;
    // the password set by whoever signed up first is cleared on confirmation, see decision 0016).
    checkSendFrequency(ctx, existing.confirmationSentAt);
    const recipient = { userId: existing.id, email: existing.email, userMetadata: existing.userMetadata };
    await ctx.db.transaction((tx) => sendEmailLink(ctx, tx, { kind: 'signup', user: recipient, redirectTo }));
    return sendAuthJson(req, res, 200, await loadUserJson(ctx.db, existing.id));
  }

  const passwordHash = await hashPassword(password);
  const answer = await ctx.db.transaction(async (tx) => {
    const userId = await insertNewUser(tx, {
      email,
      passwordHash,
      data,
      confirmed: !auth.enableConfirmations,
    });
    if (!auth.enableConfirmations) return startSession(ctx, tx, userId, 'password', req);
    const user = await loadUserJson(tx, userId);
    const recipient = { userId, email, userMetadata: (user?.user_metadata ?? {}) as JsonObject };
    await sendEmailLink(ctx, tx, { kind: 'signup', user: recipient, redirectTo });
    return loadUserJson(tx, userId);
  });
  sendAuthJson(req, res, 200, answer);
}

async function insertNewUser(
  tx: Parameters<typeof insertUser>[0],
  user: { email: string; passwordHash: string; data: JsonObject; confirmed: boolean },
): Promise<string> {
  try {
    return await insertUser(tx, {
      email: user.email,
      passwordHash: user.passwordHash,
      userMetadata: user.data,
      appMetadata: {},
      confirmed: user.confirmed,
    });
  } catch (error) {
    // The profile trigger (or a constraint) refused the row: GoTrue's words for it.
    console.error('[supabase-local] sign-up insert failed:', error);
    throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
  }
}

function lookAlikeUser(email: string, data: JsonObject) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
