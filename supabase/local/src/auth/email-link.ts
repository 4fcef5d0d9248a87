import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { composeEmail, brandName, type EmailKind } from './emails.ts';
import { AuthError } from './errors.ts';
import { generateOtp, tokenHash } from './tokens.ts';
import { setToken, startEmailChange, type TokenColumn } from './users.ts';

/** How long a link or code from an e-mail stays valid: [auth.email] otp_expiry (GoTrue's default: a day). */
export function emailTokenTtlSeconds(ctx: StackContext): number {
  return ctx.config.auth.otpExpirySeconds;
}

const COLUMN: Record<EmailKind, TokenColumn> = {
  signup: 'confirmation_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
};

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

/**
 * Stores a fresh token for the user and e-mails the link
 * `<api>/auth/v1/verify?token=<hash>&type=<kind>&redirect_to=<url>` with its six-digit code.
 */
export async function sendEmailLink(
  ctx: StackContext,
  q: Queryable,
  options: { kind: EmailKind; userId: string; to: string; redirectTo: string },
): Promise<void> {
  const otp = generateOtp();
  const hash = tokenHash(options.to, otp);
  if (options.kind === 'email_change') await startEmailChange(q, options.userId, options.to, hash);
  else await setToken(q, options.userId, COLUMN[options.kind], hash);
  const link = new URL(`${ctx.config.apiUrl}/auth/v1/verify`);
  link.searchParams.set('token', hash);
  link.searchParams.set('type', options.kind);
  link.searchParams.set('redirect_to', options.redirectTo);
  const message = composeEmail({
    kind: options.kind,
    to: options.to,
    link: link.toString(),
    otp,
    brand: brandName(ctx.config.mailFrom),
    validHours: Math.max(1, Math.round(emailTokenTtlSeconds(ctx) / 3600)),
  });
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    console.error('[supabase-local] auth e-mail could not be sent:', error);
    const what = options.kind === 'recovery' ? 'recovery' : 'confirmation';
    throw new AuthError(500, 'unexpected_failure', `Error sending ${what} email`);
  }
}
