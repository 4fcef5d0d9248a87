// One rule per field, used by the forms, their tests and the Studio. The database's CHECK constraints say
// the same (supabase/migrations/20261123300001_align_field_rules.sql); a backend test runs every boundary
// value through both. Each check takes what the visitor typed, trims it as the forms do before saving, and
// returns a message for the visitor, or undefined when the value is fine.
import { characterCount, hasControlCharacters } from './text';

export const NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PHONE_MIN = 6;
export const PHONE_MAX = 30;
/** Digits a phone number needs at least (the shortest numbers dialled in Australia have six). */
export const PHONE_MIN_DIGITS = 6;
export const MESSAGE_MAX = 2000;

// The address shape GoTrue (Supabase Auth) accepts at sign-up, HTML5's, with one more demand: a dot in the
// domain, since the company writes to real inboxes. ASCII only, as GoTrue is, so whatever a visitor leaves
// in an enquiry can later become their account's address.
const EMAIL_SHAPE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
// Digits with the usual separators and an optional leading +, e.g. +61 3 9000 0000 or (03) 9000-0000.
const PHONE_SHAPE = /^\+?[0-9 ().-]+$/;

/** A person's name (full name, name): required, at most NAME_MAX characters, one line. */
export function nameProblem(value: string, what = 'name'): string | undefined {
  const name = value.trim();
  if (!name) return `Please enter your ${what}.`;
  if (characterCount(name) > NAME_MAX) return `Your ${what} must be ${NAME_MAX} characters or fewer.`;
  if (hasControlCharacters(name)) return `Your ${what} contains characters we can't save.`;
  return undefined;
}

export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (!email) return 'Please enter your e-mail address.';
  if (email.length > EMAIL_MAX || !EMAIL_SHAPE.test(email))
    return 'Please enter a valid e-mail address, like name@example.com.';
  return undefined;
}

/** Optional: empty is fine (saved as null). */
export function phoneProblem(value: string): string | undefined {
  const phone = value.trim();
  if (!phone) return undefined;
  const length = characterCount(phone);
  const digits = phone.replace(/[^0-9]/g, '').length;
  if (length < PHONE_MIN || length > PHONE_MAX || !PHONE_SHAPE.test(phone) || digits < PHONE_MIN_DIGITS)
    return 'Please enter a valid phone number, or leave it empty.';
  return undefined;
}

/** Free text over several lines (message, notes); optional unless `required`. */
export function messageProblem(
  value: string,
  what = 'message',
  { required = false } = {},
): string | undefined {
  const message = value.trim();
  if (!message) return required ? `Please enter your ${what}.` : undefined;
  if (characterCount(message) > MESSAGE_MAX)
    return `Your ${what} must be ${MESSAGE_MAX} characters or fewer.`;
  if (hasControlCharacters(message, { multiline: true }))
    return `Your ${what} contains characters we can't save.`;
  return undefined;
}
