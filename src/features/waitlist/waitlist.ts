import { emailProblem, messageProblem, nameProblem, phoneProblem } from '../../lib/rules';
import { ERROR_TOAST, type ToastInput } from '../../stores/toasts';
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';
import type { JoinWaitlistOutcome } from './waitlist.data';
import { withConsentNote } from '../consent/consent';

export const WAITLIST_FIELDS = ['fullName', 'email', 'phone', 'notes', 'marketingConsent'] as const;
export type WaitlistField = (typeof WAITLIST_FIELDS)[number];
export type WaitlistValues = Record<WaitlistField, string>;

export const EMPTY_WAITLIST: WaitlistValues = {
  fullName: '',
  email: '',
  phone: '',
  notes: '',
  marketingConsent: '',
};

/** Full name and e-mail are required; phone and notes are optional; the consent box is free. */
export const WAITLIST_RULES = formRules<WaitlistField>({
  fullName: (value) => nameProblem(value, 'full name'),
  email: emailProblem,
  phone: phoneProblem,
  notes: (value) => messageProblem(value, 'notes'),
  marketingConsent: () => undefined,
});

export function validateWaitlist(values: WaitlistValues): FieldErrors<WaitlistField> {
  return ruleErrors(WAITLIST_RULES, values);
}

/** The spec's toasts (§8) for each answer; too many attempts is ours (the limit is ours). */
export const WAITLIST_TOASTS: Record<JoinWaitlistOutcome, ToastInput> = {
  joined: {
    title: 'Thanks!',
    description: "You've been added to the waitlist for this event.",
    variant: 'success',
  },
  already: {
    title: 'Already on waitlist',
    description: "You're already on the waitlist for this event.",
    variant: 'destructive',
  },
  'too-many': {
    title: 'Too many attempts',
    description: 'Please wait an hour before trying again, or e-mail us and we will add you.',
    variant: 'destructive',
  },
  error: ERROR_TOAST,
};

/** The answer's toast; joining with trip news ticked also asks the visitor to confirm it (decision 0059). */
export function waitlistToast(outcome: JoinWaitlistOutcome, consented: boolean): ToastInput {
  const toast = WAITLIST_TOASTS[outcome];
  return outcome === 'joined'
    ? { ...toast, description: withConsentNote(toast.description ?? '', consented) }
    : toast;
}
