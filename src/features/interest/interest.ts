import { emailProblem, messageProblem, nameProblem, phoneProblem } from '../../lib/rules';
import { ERROR_TOAST, type ToastInput } from '../../stores/toasts';
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';
import type { InterestOutcome } from './interest.data';
import { withConsentNote } from '../consent/consent';

export const INTEREST_FIELDS = ['name', 'email', 'phone', 'message', 'marketingConsent'] as const;
export type InterestField = (typeof INTEREST_FIELDS)[number];
export type InterestValues = Record<InterestField, string>;

export const EMPTY_INTEREST: InterestValues = {
  name: '',
  email: '',
  phone: '',
  message: '',
  marketingConsent: '',
};

/** Name and e-mail are required; phone and message are optional; the consent box is free. */
export const INTEREST_RULES = formRules<InterestField>({
  name: (value) => nameProblem(value),
  email: emailProblem,
  phone: phoneProblem,
  message: (value) => messageProblem(value),
  marketingConsent: () => undefined,
});

export function validateInterest(values: InterestValues): FieldErrors<InterestField> {
  return ruleErrors(INTEREST_RULES, values);
}

/**
 * The spec's 'Interest Registered!' with thanks (and, with trip news ticked, the request to confirm it:
 * decision 0059); 'Already registered' for an address that registered for the trip before, as the
 * waitlist's 'Already on waitlist'; past an hourly limit, when to try again; the failure toast reads as the
 * waitlist's does.
 */
export function interestToast(outcome: InterestOutcome, eventName: string, consented = false): ToastInput {
  if (outcome === 'registered')
    return {
      title: 'Interest Registered!',
      description: withConsentNote(
        `Thank you for your interest in the ${eventName}. We'll be in touch soon.`,
        consented,
      ),
      variant: 'success',
    };
  // The address registered for this trip before: nothing new is saved or sent (decision 0061).
  if (outcome === 'already')
    return {
      title: 'Already registered',
      description: `You've already registered your interest in the ${eventName}.`,
      variant: 'destructive',
    };
  // The database's hourly limits: on enquiries from one address, and on 'already' answers to it.
  if (outcome === 'too-many')
    return {
      title: 'Too many attempts',
      description: 'Please wait an hour before trying again, or e-mail us and we will note your interest.',
      variant: 'destructive',
    };
  return ERROR_TOAST;
}
