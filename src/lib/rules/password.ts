// The password rule of Supabase Auth, so the register form refuses what the server would refuse.

/** supabase/config.toml's [auth] minimum_password_length (a unit test keeps the two equal). */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * supabase/config.toml's [auth] password_requirements (a unit test keeps the two equal): GoTrue then wants
 * at least one character from each set, ASCII letters and digits.
 */
export const PASSWORD_REQUIREMENTS = 'letters_digits';
const HAS_LETTER = /[A-Za-z]/;
const HAS_DIGIT = /[0-9]/;
/** bcrypt reads 72 bytes and GoTrue refuses longer passwords rather than cutting them short. */
export const PASSWORD_MAX_BYTES = 72;

/** Passwords are taken as typed: no trimming, any characters; GoTrue counts the minimum in characters. */
export function passwordProblem(value: string): string | undefined {
  if (!value) return 'Please enter a password.';
  if ([...value].length < PASSWORD_MIN_LENGTH)
    return `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (!HAS_LETTER.test(value) || !HAS_DIGIT.test(value))
    return 'Your password must contain at least one letter (a–z) and one digit (0–9).';
  if (new TextEncoder().encode(value).length > PASSWORD_MAX_BYTES)
    return `Your password is too long: at most ${PASSWORD_MAX_BYTES} characters, fewer with accented letters or other scripts.`;
  return undefined;
}
