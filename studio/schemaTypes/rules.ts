// Pure checks shared by the schema's custom rules, so the Studio and the tests apply the same logic. Field
// shapes that the site's forms and database also check (e-mail, phone, links) come from src/lib/rules, the
// one source for each.
import { emailProblem, isHttpsUrl, isSafeLinkHref, phoneProblem } from '../../src/lib/rules';

/** Australian landline or mobile (0X XXXX XXXX, +61 X XXXX XXXX) or a 1300/1800 number. */
const AUSTRALIAN_PHONE =
  /^(?:(?:\+61 ?|0)[2-478](?:[ -]?\d){8}|(?:\(0[2378]\) ?)\d{4} ?\d{4}|1[38]00(?:[ -]?\d){6})$/;

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

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
/** An exact day ("12 February", "12th of Feb", "February 12", "2027-02-12", "12/2/2027") or a price ("$1,200"). */
const EXACT_DATE_OR_PRICE = new RegExp(
  [
    `\\b\\d{1,2}(st|nd|rd|th)?\\s+(of\\s+)?(${MONTHS}|${MONTHS.replace(/(\w{3})\w*/g, '$1')})\\b`,
    `\\b(${MONTHS})\\s+\\d{1,2}(st|nd|rd|th)?\\b`,
    '\\b\\d{4}-\\d{2}-\\d{2}\\b',
    '\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b',
    '[$€£]\\s?\\d',
  ].join('|'),
  'i',
);

/**
 * True when a trip's dates note names an exact day or a price. The note may give a month or a season ("October 2027, dates to be confirmed") but no exact day and
 * no price: those belong to the departures in the database, the one place the site reads them from
 * (docs/decisions/0067).
 */
export function hasExactDateOrPrice(value: string): boolean {
  return EXACT_DATE_OR_PRICE.test(value);
}

/** The Studio's rule for a trip's dates note (see hasExactDateOrPrice). */
export function checkDatesNote(value: string | undefined): true | string {
  if (value === undefined || !hasExactDateOrPrice(value)) return true;
  return 'Give a month or a season, not an exact date or a price: those come from the departures in the admin area';
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

/** The ABN's check: weights per digit, the first digit less one, the weighted sum divisible by 89 (ATO). */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** An Australian Business Number: 11 digits, written 51 824 753 556 or without spaces, with a valid check. */
export function checkAbn(value: string | undefined): true | string {
  if (value === undefined) return true;
  const message = 'Must be an ABN of 11 digits, e.g. 51 824 753 556';
  if (!/^\d{2} ?\d{3} ?\d{3} ?\d{3}$/.test(value)) return message;
  const digits = value.replace(/ /g, '').split('').map(Number);
  digits[0] = digits[0]! - 1;
  const sum = digits.reduce((total, digit, index) => total + digit * ABN_WEIGHTS[index]!, 0);
  return sum % 89 === 0 ? true : 'This ABN fails its check digits: compare it with the ABN Lookup';
}
