import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { checkSendFrequency, sendEmailChange, sendEmailLink } from './email-link.ts';
import { sendAuthJson, validationFailed } from './errors.ts';
import { enforceRateLimit } from './limits.ts';
import { redirectFor } from './redirect-request.ts';
import { optionalString, readAuthBody } from './request.ts';
import { findUserByEmail, type UserRecord } from './users.ts';
import { normaliseEmail } from './validation.ts';

/** POST /auth/v1/recover {email} → 200 {} whether or not the address has an account. */
export async function recover(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  enforceRateLimit(ctx, 'recover', req);
  const email = normaliseEmail(optionalString(await readAuthBody(req), 'email'));
  const redirectTo = redirectFor(req, url, ctx);
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    checkSendFrequency(ctx, user.recoverySentAt);
    await ctx.db.transaction((tx) =>
      sendEmailLink(ctx, tx, { kind: 'recovery', user: recipient(user), redirectTo }),
    );
  }
  sendAuthJson(req, res, 200, {});
}

/** POST /auth/v1/resend {type: 'signup' | 'email_change', email} → 200 {}. */
export async function resend(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  enforceRateLimit(ctx, 'resend', req);
  const body = await readAuthBody(req);
  const type = optionalString(body, 'type');
  if (type !== 'signup' && type !== 'email_change') {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = normaliseEmail(optionalString(body, 'email'));
  const redirectTo = redirectFor(req, url, ctx);
  const user = await findUserByEmail(ctx.db, email);
  if (type === 'signup' && user && user.emailConfirmedAt === null) {
    checkSendFrequency(ctx, user.confirmationSentAt);
    await ctx.db.transaction((tx) =>
      sendEmailLink(ctx, tx, { kind: 'signup', user: recipient(user), redirectTo }),
    );
  }
  if (type === 'email_change' && user && user.emailChange !== '') {
    checkSendFrequency(ctx, user.emailChangeSentAt);
    await ctx.db.transaction((tx) =>
      sendEmailChange(ctx, tx, { user: recipient(user), newEmail: user.emailChange, redirectTo }),
    );
  }
  sendAuthJson(req, res, 200, {});
}

function recipient(user: UserRecord) {
  return { userId: user.id, email: user.email, userMetadata: user.userMetadata };
}
