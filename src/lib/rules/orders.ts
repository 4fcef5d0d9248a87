// An order's posting as an admin types it on /admin/store (decision 0094): one rule per field, used by the
// ship dialog and its tests. The database says the same (private.is_tracking_number, private.is_carrier, and
// mark_order_shipped's normalising); supabase/tests/database/order-rules-agree.test.ts runs values through both.
import { characterCount, hasControlCharacters } from './text';

export const CARRIER_MAX = 40;
const TRACKING = /^[A-Z0-9-]{4,40}$/;

/**
 * A tracking number as it is stored: spaces, tabs and line breaks out (ASCII ones, as mark_order_shipped
 * takes out), upper case ('33ab 1234' → '33AB1234').
 */
export function normaliseTrackingNumber(value: string): string {
  return value.replace(/[ \t\n\r\f\v]/g, '').toUpperCase();
}

/** Required: 4 to 40 letters, digits and dashes once spaces are out. */
export function trackingNumberProblem(value: string): string | undefined {
  const tracking = normaliseTrackingNumber(value);
  if (!tracking) return 'Please enter the tracking number.';
  if (!TRACKING.test(tracking)) return 'A tracking number is 4 to 40 letters, digits and dashes.';
  return undefined;
}

/** Optional: the carrier's name, one line of 40 characters or fewer. */
export function carrierProblem(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (characterCount(text) > CARRIER_MAX || hasControlCharacters(text))
    return `The carrier must be one line of ${CARRIER_MAX} characters or fewer.`;
  return undefined;
}
