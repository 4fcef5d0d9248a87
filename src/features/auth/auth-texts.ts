/**
 * The auth card's texts: the spec's toasts and busy labels (product spec §8) exactly, and ours where it has
 * none. One place, so the forms and their browser tests agree.
 */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

export const LOGIN = {
  submit: 'Sign In',
  busy: 'Signing In...',
  failed: 'Login Failed',
  error: 'Login Error',
  welcome: 'Welcome back!',
  welcomeText: "You've successfully logged in.",
} as const;

export const REGISTER = {
  submit: 'Create Account',
  busy: 'Creating Account...',
  failed: 'Registration Failed',
  error: 'Registration Error',
  success: 'Registration Successful!',
  successText: 'Please check your email to confirm your account.',
} as const;

/**
 * The Spam Act consent box's label. The forms lane defines the shared MARKETING_CONSENT_LABEL in
 * src/features/consent/; once merged, this constant should become an import of it (one text, one place).
 */
export const MARKETING_CONSENT_LABEL =
  'Yes, e-mail me news about upcoming trips and member events. I can unsubscribe at any time.';
