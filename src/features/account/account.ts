// Pure logic of the account pages (/personal-details, /settings, /customer/{id}): validation on the shared
// rules, what the e-mailed links bring back, and names for what is downloaded.
import { sydneyDate } from '../../lib/format/dates';
import { formatMonth } from '../../lib/format/date-words';
import { emailProblem, nameProblem, passwordProblem, phoneProblem } from '../../lib/rules';
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';

export const DETAILS_FIELDS = ['fullName', 'phone'] as const;
export type DetailsField = (typeof DETAILS_FIELDS)[number];
export type DetailsValues = Record<DetailsField, string>;

/** Name required (the profile shows it), phone optional; the database's checks say the same. */
export const DETAILS_RULES = formRules<DetailsField>({
  fullName: (value) => nameProblem(value, 'full name'),
  phone: phoneProblem,
});

export function validateDetails(values: DetailsValues): FieldErrors<DetailsField> {
  return ruleErrors(DETAILS_RULES, values);
}

/** What the profile row gets: trimmed, an empty phone as null. */
export function detailsToRow(values: DetailsValues): { full_name: string; phone: string | null } {
  const phone = values.phone.trim();
  return { full_name: values.fullName.trim(), phone: phone === '' ? null : phone };
}

export const EMAIL_FIELDS = ['email'] as const;
export type EmailValues = Record<(typeof EMAIL_FIELDS)[number], string>;

/** A well-formed address other than the member's current one. */
export function emailChangeRules(current: string) {
  return formRules<'email'>({
    email: (value) =>
      emailProblem(value) ??
      (value.trim().toLowerCase() === current.toLowerCase()
        ? 'That is already your e-mail address.'
        : undefined),
  });
}

export function validateEmailChange(values: EmailValues, current: string): FieldErrors<'email'> {
  return ruleErrors(emailChangeRules(current), values);
}

export const PASSWORD_FIELDS = ['password', 'confirm'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];
export type PasswordValues = Record<PasswordField, string>;

export const PASSWORD_RULES = formRules<PasswordField>({
  password: passwordProblem,
  confirm: (value, values) =>
    value === values.password ? undefined : 'The two passwords are not the same. Please type it again.',
});

export function validatePasswordChange(values: PasswordValues): FieldErrors<PasswordField> {
  return ruleErrors(PASSWORD_RULES, values);
}

/**
 * The message an e-mail link lands with, e.g. `#message=Confirmation+link+accepted…` after the first of the
 * two links of an e-mail change, or `#error_description=…` when a link was used or expired.
 */
export function linkMessage(hash: string): { text: string; isError: boolean } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_description');
  if (error) return { text: error, isError: true };
  const message = params.get('message');
  return message ? { text: message, isError: false } : null;
}

/** The member id in /customer/{id}, or null when the path holds no id. */
export function customerIdFromPath(pathname: string): string | null {
  const match = /^\/customer\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  const id = decodeURIComponent(match[1]);
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id.toLowerCase() : null;
}

/** The downloaded file's name: the site, what it is, and the day it was taken. */
export function exportFileName(now: Date): string {
  return `haunted-horizons-my-data-${now.toISOString().slice(0, 10)}.json`;
}

/** "November 2026": the month the member joined, in Sydney. */
export function formatMemberSince(timestamp: string): string {
  return formatMonth(sydneyDate(timestamp));
}

/** Deleting needs the member to type their own address (any case, spaces around ignored). */
export function deletionConfirmed(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.toLowerCase() && email !== '';
}

/** The deletion dialog's one field: the member's own address, typed (the button waits for it). */
export function deletionRules(email: string) {
  return formRules<'confirmation'>({
    confirmation: (value) =>
      deletionConfirmed(value, email) ? undefined : `Type your e-mail address (${email}) to confirm.`,
  });
}
