import { emailProblem, messageProblem, nameProblem, phoneProblem } from '../../lib/rules';
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';
import { ERROR_TOAST } from '../../stores/toasts';

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', phone: '', message: '' };

/** The spec's contact message box: 6 rows. */
export const CONTACT_MESSAGE_ROWS = 6;

/** Name, e-mail and message are required; phone is optional. */
export const CONTACT_RULES = formRules<ContactField>({
  name: (value) => nameProblem(value),
  email: emailProblem,
  phone: phoneProblem,
  message: (value) => messageProblem(value, 'message', { required: true }),
});

export function validateContact(values: ContactValues): FieldErrors<ContactField> {
  return ruleErrors(CONTACT_RULES, values);
}

export const CONTACT_SENT_TOAST = {
  title: 'Message sent!',
  description: "Thanks for getting in touch. We'll reply by e-mail soon.",
  variant: 'success',
} as const;

export const CONTACT_FAILED_TOAST = ERROR_TOAST;

/** The database's hourly limit on enquiries from one address (private.enquiry_limits). */
export const CONTACT_TOO_MANY_TOAST = {
  title: 'Too many messages',
  description: "You've sent several messages in the last hour. Please try again in an hour.",
  variant: 'destructive',
} as const;

/** The toast for each answer the database gives a message. */
export const CONTACT_TOASTS = {
  sent: CONTACT_SENT_TOAST,
  'too-many': CONTACT_TOO_MANY_TOAST,
  error: CONTACT_FAILED_TOAST,
} as const;
