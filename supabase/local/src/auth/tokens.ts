import { createHash, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A six-digit one-time code, as in GoTrue's e-mails. */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The hash stored in auth.users and carried by links (`token=` / `token_hash`): sha224 over the address
 * and the code, so either the link or the address with the six digits proves the same thing.
 */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

/** An opaque refresh token, unguessable (12 characters of 62, like GoTrue's). */
export function generateRefreshToken(length = 12): string {
  let token = '';
  for (let i = 0; i < length; i += 1) token += ALPHANUMERIC[randomInt(0, ALPHANUMERIC.length)];
  return token;
}
