// Pure checks shared by the schema's custom rules, so the Studio and the tests apply the same logic.

/** Australian landline or mobile (0X XXXX XXXX, +61 X XXXX XXXX) or a 1300/1800 number. */
const AUSTRALIAN_PHONE =
  /^(?:(?:\+61 ?|0)[2-478](?:[ -]?\d){8}|(?:\(0[2378]\) ?)\d{4} ?\d{4}|1[38]00(?:[ -]?\d){6})$/;

/** A calendar month written as YYYY-MM. */
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isAustralianPhone(value: string): boolean {
  return AUSTRALIAN_PHONE.test(value.trim());
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
