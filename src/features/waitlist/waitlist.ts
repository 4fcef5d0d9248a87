import {
  collectErrors,
  emailError,
  emptyToNull,
  MAX_LENGTH,
  optionalPhoneError,
  optionalTextError,
  requiredTextError,
  type FieldErrors,
} from '../forms/validation';

export const WAITLIST_FIELDS = ['fullName', 'email', 'phone', 'notes'] as const;
export type WaitlistField = (typeof WAITLIST_FIELDS)[number];
export type WaitlistValues = Record<WaitlistField, string>;

export const EMPTY_WAITLIST: WaitlistValues = { fullName: '', email: '', phone: '', notes: '' };

/** Full name and e-mail are required; phone and notes are optional. */
export function validateWaitlist(values: WaitlistValues): FieldErrors<WaitlistField> {
  return collectErrors({
    fullName: requiredTextError(values.fullName, 'full name', MAX_LENGTH.name),
    email: emailError(values.email),
    phone: optionalPhoneError(values.phone),
    notes: optionalTextError(values.notes, 'notes', MAX_LENGTH.message),
  });
}

/** A row of waitlist_submissions as the later save will insert it: empty optional fields become null. */
export interface WaitlistSubmission {
  event_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  notes: string | null;
}

export function toWaitlistSubmission(eventName: string, values: WaitlistValues): WaitlistSubmission {
  return {
    event_name: eventName,
    full_name: values.fullName.trim(),
    email: values.email.trim().toLowerCase(),
    phone: emptyToNull(values.phone),
    notes: emptyToNull(values.notes),
  };
}

/** The spec's toasts for the waitlist save, ready for the issue that adds saving. */
export const WAITLIST_TOASTS = {
  added: { title: 'Thanks!', description: "You've been added to the waitlist for this event." },
  duplicate: { title: 'Already on waitlist', description: "You're already on the waitlist for this event." },
  failed: { title: 'Error', description: 'Something went wrong. Please try again.' },
} as const;
