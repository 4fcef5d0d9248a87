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

/** 422 weak_password (with reasons) when too short; 422 validation_failed when longer than bcrypt reads. */
export function checkPasswordStrength(password: string, minimumLength: number): void {
  if ([...password].length < minimumLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${minimumLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`, 422);
  }
}
