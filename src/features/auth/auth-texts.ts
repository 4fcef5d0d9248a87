/**
 * The auth card's texts: the spec's toasts and busy labels (product spec §8) exactly, and ours where it has
 * none. One place, so the forms and their browser tests agree.
 */
export { SOMETHING_WENT_WRONG } from '../../stores/toasts';

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
  /** Added when trip news was ticked: confirming the account proves the address (decision 0059). */
  successTripNews: 'Trip news starts once you confirm.',
} as const;

/** The Spam Act consent box's label: one wording for every form that asks (src/features/consent/). */
export { MARKETING_CONSENT_LABEL } from '../consent/consent';
