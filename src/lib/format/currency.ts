// Amounts are Australian dollars shown the Australian way ("$2,400.00").
const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** For whole-dollar amounts as the content and the sample bookings hold them (e.g. 2400). */
export function formatAudDollars(dollars: number): string {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount: ${dollars}`);
  return AUD.format(dollars);
}

/** For integer cents as payment systems store them (e.g. 240000). */
export function formatAudCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be a whole number: ${cents}`);
  return formatAudDollars(cents / 100);
}

/** A price in integer cents of any currency, the Australian way: "$1,200.00", "US$850.00". */
export function formatPrice(cents: number, currency: string): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be a whole number: ${cents}`);
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency }).format(cents / 100);
}
