// Pure checks shared by the schema's custom rules, so the Studio and the tests apply the same logic. Field
// shapes that the site's forms and database also check (e-mail, phone, links) come from src/lib/rules, the
// one source for each.
import { emailProblem, isHttpsUrl, isSafeLinkHref, phoneProblem } from '../../src/lib/rules';

/** Australian landline or mobile (0X XXXX XXXX, +61 X XXXX XXXX) or a 1300/1800 number. */
const AUSTRALIAN_PHONE =
  /^(?:(?:\+61 ?|0)[2-478](?:[ -]?\d){8}|(?:\(0[2378]\) ?)\d{4} ?\d{4}|1[38]00(?:[ -]?\d){6})$/;

/** A calendar month written as YYYY-MM. */
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isAustralianPhone(value: string): boolean {
  return AUSTRALIAN_PHONE.test(value.trim());
}

/** The site's e-mail rule, on the value exactly as stored (no surrounding spaces). */
export function checkEmail(value: string | undefined): true | string {
  if (value === undefined) return true;
  return value === value.trim() && emailProblem(value) === undefined
    ? true
    : 'Must be an e-mail address like name@example.com';
}

/** The site's phone rule, and an Australian number, since the company publishes it. */
export function checkContactPhone(value: string | undefined): true | string {
  if (value === undefined) return true;
  return value === value.trim() && phoneProblem(value) === undefined && isAustralianPhone(value)
    ? true
    : 'Must be an Australian phone number';
}

/** A link in body text: https, mailto:, tel: or a path on this site. */
export function checkLinkHref(value: string | undefined): true | string {
  if (value === undefined) return true;
  return isSafeLinkHref(value)
    ? true
    : 'Must be https://…, mailto:, tel: or a path on this site such as /terms';
}

export function checkHttpsUrl(value: string | undefined): true | string {
  if (value === undefined) return true;
  return isHttpsUrl(value) ? true : 'Must be an https:// address';
}

export function isYearMonth(value: string): boolean {
  return YEAR_MONTH.test(value);
}

/** Message when a trip does not name exactly one of a start date or a start month, else true. */
export function checkExactlyOneStart(startDate: unknown, startMonth: unknown): true | string {
  const hasDate = typeof startDate === 'string' && startDate !== '';
  const hasMonth = typeof startMonth === 'string' && startMonth !== '';
  if (hasDate && hasMonth) return 'Give either a start date or a start month, not both';
  if (!hasDate && !hasMonth) return 'Give a start date or, while the date is not fixed, a start month';
  return true;
}

/** Message when two array items share the same value of `field`, else true. */
export function checkUniqueBy(items: unknown, field: string): true | string {
  if (!Array.isArray(items)) return true;
  const seen = new Set<unknown>();
  for (const item of items) {
    const value = (item as Record<string, unknown> | null)?.[field];
    if (value === undefined) continue;
    if (seen.has(value)) return `Each ${field} may appear only once ("${String(value)}" repeats)`;
    seen.add(value);
  }
  return true;
}

/** An Australian BSB: six digits, written 062-000 or 062000. */
export function checkBsb(value: string | undefined): true | string {
  if (value === undefined) return true;
  return /^\d{3}-?\d{3}$/.test(value) ? true : 'Must be a BSB of six digits, e.g. 062-000';
}

/** An Australian bank account number: 6 to 10 digits, no spaces. */
export function checkAccountNumber(value: string | undefined): true | string {
  if (value === undefined) return true;
  return /^\d{6,10}$/.test(value) ? true : 'Must be an account number of 6 to 10 digits, without spaces';
}
