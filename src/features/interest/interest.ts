import { showToast } from '../../stores/toasts';
import {
  collectErrors,
  emailError,
  MAX_LENGTH,
  optionalPhoneError,
  optionalTextError,
  requiredTextError,
  type FieldErrors,
} from '../forms/validation';

export const INTEREST_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type InterestField = (typeof INTEREST_FIELDS)[number];
export type InterestValues = Record<InterestField, string>;

export const EMPTY_INTEREST: InterestValues = { name: '', email: '', phone: '', message: '' };

/** Name and e-mail are required; phone and message are optional. */
export function validateInterest(values: InterestValues): FieldErrors<InterestField> {
  return collectErrors({
    name: requiredTextError(values.name, 'name', MAX_LENGTH.name),
    email: emailError(values.email),
    phone: optionalPhoneError(values.phone),
    message: optionalTextError(values.message, 'message', MAX_LENGTH.message),
  });
}

export const INTEREST_REGISTERED_TITLE = 'Interest Registered!';

/**
 * What happens once an interest form has been saved: the success toast and a cleared form. Nothing saves
 * interest forms yet (that comes with the accounts issue), so the form does not call this today.
 */
export function completeInterestRegistration(eventName: string, clearForm: () => void): void {
  showToast({
    title: INTEREST_REGISTERED_TITLE,
    description: `Thank you for your interest in ${eventName}. We'll be in touch with details soon.`,
    variant: 'success',
  });
  clearForm();
}
