import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';
import { enforceEmailSendLimit } from './limits.ts';
import { composeEmail, notificationEnabled, type NotificationType, type TemplateData } from './templates.ts';
import { generateOtp, tokenHash } from './tokens.ts';
import { setToken, storeEmailChange } from './users.ts';

/** How long a link or code from an e-mail stays valid: [auth.email] otp_expiry (GoTrue's default: a day). */
export function emailTokenTtlSeconds(ctx: StackContext): number {
  return ctx.config.auth.otpExpirySeconds;
}

/** 429 over_email_send_rate_limit when the last e-mail of this kind went out less than max_frequency ago. */
export function checkSendFrequency(ctx: StackContext, lastSentAt: number | null): void {
  if (lastSentAt === null) return;
  const wait = lastSentAt + ctx.config.auth.maxFrequencySeconds - Date.now() / 1000;
  if (wait > 0) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(wait)} seconds.`,
    );
  }
}

export interface Recipient {
  userId: string;
  /** The account's address now. */
  email: string;
  userMetadata: Record<string, unknown>;
}

function verifyUrl(ctx: StackContext, hash: string, type: string, redirectTo: string): string {
  const link = new URL(`${ctx.config.apiUrl}/auth/v1/verify`);
  link.searchParams.set('token', hash);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', redirectTo);
  return link.toString();
}

/** Renders and sends; a missing template file or a mail failure answers GoTrue's 500, never a crash. */
async function deliver(ctx: StackContext, compose: () => ReturnType<typeof composeEmail>, what: string) {
  try {
    await ctx.mailer.send(await compose());
  } catch (error) {
    console.error('[supabase-local] auth e-mail could not be sent:', error);
    throw new AuthError(500, 'unexpected_failure', `Error sending ${what} email`);
  }
}

/**
 * Stores a fresh token and e-mails the link `<api>/auth/v1/verify?token=<hash>&type=<kind>&redirect_to=`
 * with its code, from the `confirmation` or `recovery` template.
 */
export async function sendEmailLink(
  ctx: StackContext,
  q: Queryable,
  options: { kind: 'signup' | 'recovery'; user: Recipient; redirectTo: string },
): Promise<void> {
  enforceEmailSendLimit(ctx);
  const { user, kind, redirectTo } = options;
  const otp = generateOtp();
  const hash = tokenHash(user.email, otp);
  await setToken(q, user.userId, kind === 'signup' ? 'confirmation_token' : 'recovery_token', hash);
  const data: TemplateData = {
    SiteURL: ctx.config.auth.siteUrl,
    ConfirmationURL: verifyUrl(ctx, hash, kind, redirectTo),
    Email: user.email,
    Token: otp,
    TokenHash: hash,
    RedirectTo: redirectTo,
    Data: user.userMetadata,
  };
  const template = kind === 'signup' ? 'confirmation' : 'recovery';
  await deliver(ctx, () => composeEmail(ctx.config, template, user.email, data), template);
}

/**
 * Starts an address change as GoTrue does: a token and an `email_change` e-mail for the new address and,
 * with double_confirm_changes, another for the current one. Both links must be followed.
 */
export async function sendEmailChange(
  ctx: StackContext,
  q: Queryable,
  options: { user: Recipient; newEmail: string; redirectTo: string },
): Promise<void> {
  enforceEmailSendLimit(ctx);
  const { user, newEmail, redirectTo } = options;
  const sides = [{ address: newEmail, otp: generateOtp() }];
  if (ctx.config.auth.doubleConfirmChanges && user.email !== '') {
    sides.push({ address: user.email, otp: generateOtp() });
  }
  const hashes = sides.map((side) => tokenHash(side.address, side.otp));
  await storeEmailChange(q, user.userId, newEmail, hashes[0] ?? '', hashes[1] ?? '');
  for (const [index, side] of sides.entries()) {
    const hash = hashes[index] ?? '';
    const data: TemplateData = {
      SiteURL: ctx.config.auth.siteUrl,
      ConfirmationURL: verifyUrl(ctx, hash, 'email_change', redirectTo),
      Email: user.email,
      NewEmail: newEmail,
      SendingTo: side.address,
      Token: side.otp,
      TokenHash: hash,
      RedirectTo: redirectTo,
      Data: user.userMetadata,
    };
    await deliver(ctx, () => composeEmail(ctx.config, 'email_change', side.address, data), 'email change');
  }
}

/**
 * A change notification when config.toml enables it. As in GoTrue, a notification that cannot be sent
 * is logged and never fails the change it reports.
 */
export async function sendNotification(
  ctx: StackContext,
  type: NotificationType,
  to: string,
  data: Omit<TemplateData, 'SiteURL'>,
): Promise<void> {
  if (!notificationEnabled(ctx.config, type) || to === '') return;
  try {
    enforceEmailSendLimit(ctx);
    await ctx.mailer.send(
      await composeEmail(ctx.config, type, to, { SiteURL: ctx.config.auth.siteUrl, ...data }),
    );
  } catch (error) {
    console.warn(`[supabase-local] ${type} notification not sent:`, error);
  }
}
