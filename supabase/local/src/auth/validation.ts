import type { AuthSettings } from '../config.ts';
import { AuthError, validationFailed } from './errors.ts';

// The shape GoTrue accepts (an HTML5-style address with a dotted or single-label domain).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const MAX_EMAIL_LENGTH = 255;
// bcrypt reads at most 72 bytes; GoTrue refuses longer passwords instead of silently truncating them.
const MAX_PASSWORD_BYTES = 72;

/** Trims and lower-cases an address; 400 validation_failed when missing, too long or malformed. */
export function normaliseEmail(
  raw: string | undefined,
  missingMessage = 'An email address is required',
): string {
  const email = (raw ?? '').trim();
  if (email === '') throw validationFailed(missingMessage);
  if (email.length > MAX_EMAIL_LENGTH) throw validationFailed('An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/**
 * GoTrue's password rules: longer than bcrypt reads → 400 validation_failed; shorter than
 * minimum_password_length or missing a required character set → 422 weak_password with every reason.
 */
export function checkPasswordStrength(
  password: string,
  rules: Pick<AuthSettings, 'minimumPasswordLength' | 'passwordRequiredCharacters'>,
): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < rules.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${rules.minimumPasswordLength} characters.`);
  }
  const sets = rules.passwordRequiredCharacters;
  if (sets.some((set) => ![...set].some((char) => password.includes(char)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (reasons.length > 0) {
    throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } });
  }
}
