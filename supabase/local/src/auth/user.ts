import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { requireUser } from './caller.ts';
import { checkSendFrequency, sendEmailChange, sendNotification } from './email-link.ts';
import { AuthError, sendAuthJson } from './errors.ts';
import { enforceRateLimit } from './limits.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { redirectFor } from './redirect-request.ts';
import { optionalObject, optionalString, readAuthBody } from './request.ts';
import { endSessions } from './sessions.ts';
import { findUserByEmail, loadUserJson, mergeUserMetadata, setPassword } from './users.ts';
import { checkPasswordStrength, normaliseEmail } from './validation.ts';

/** GET /auth/v1/user */
export async function getUser(req: IncomingMessage, res: ServerResponse, ctx: StackContext): Promise<void> {
  const { user } = await requireUser(req, ctx);
  sendAuthJson(req, res, 200, await loadUserJson(ctx.db, user.id));
}

export const emailExists = (): AuthError =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

/**
 * PUT /auth/v1/user {email, password, data}. A new address waits for the links sent to it (and, with
 * double_confirm_changes, to the current one). A new password ends every other session and voids every
 * e-mailed link, as GoTrue does, and the owner is told.
 */
export async function updateUser(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const { user, sessionId } = await requireUser(req, ctx);
  enforceRateLimit(ctx, 'userUpdate', req);
  const body = await readAuthBody(req);
  const password = optionalString(body, 'password');
  const data = optionalObject(body, 'data');
  const rawEmail = optionalString(body, 'email');
  const email = rawEmail === undefined || rawEmail.trim() === '' ? undefined : normaliseEmail(rawEmail);
  const changesEmail = email !== undefined && email !== user.email.toLowerCase();

  if (password !== undefined) {
    checkPasswordStrength(password, ctx.config.auth);
    if (await passwordMatches(password, user.encryptedPassword || undefined)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
  }
  if (changesEmail) {
    const owner = await findUserByEmail(ctx.db, email);
    if (owner && owner.id !== user.id) throw emailExists();
    checkSendFrequency(ctx, user.emailChangeSentAt);
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const redirectTo = redirectFor(req, url, ctx);
  await ctx.db.transaction(async (tx) => {
    if (passwordHash !== undefined) {
      await setPassword(tx, user.id, passwordHash);
      if (sessionId === undefined) await endSessions(tx, 'user_id = $1::uuid', [user.id]);
      else await endSessions(tx, 'user_id = $1::uuid and id <> $2::uuid', [user.id, sessionId]);
    }
    if (data !== undefined) await mergeUserMetadata(tx, user.id, data);
    if (changesEmail) {
      const recipient = { userId: user.id, email: user.email, userMetadata: user.userMetadata };
      await sendEmailChange(ctx, tx, { user: recipient, newEmail: email, redirectTo });
    }
  });
  if (passwordHash !== undefined) {
    await sendNotification(ctx, 'password_changed', user.email, {
      Email: user.email,
      Data: user.userMetadata,
    });
  }
  sendAuthJson(req, res, 200, await loadUserJson(ctx.db, user.id));
}
