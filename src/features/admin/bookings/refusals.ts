import { DataError } from '../../../lib/supabase/data';
import { money } from './bookings';

/**
 * A refusal from the database as a sentence for the screen. The functions refuse in their own words
 * (decision 0074); amounts they give in cents are shown in the booking's currency, and anything else that
 * is not a DataError is the generic failure.
 */
export function refusalText(error: unknown, currency: string): string {
  if (!(error instanceof DataError)) return 'Something went wrong. Please try again.';
  if (error.code === 'PT409') return error.hint ?? 'The departure has no places left for this booking.';
  const cents = /\((\d+) cents\)|the (\d+) cents/.exec(error.message);
  const amount = cents ? Number(cents[1] ?? cents[2]) : null;
  const text =
    amount === null
      ? error.message
      : error.message.replace(/\(\d+ cents\)|the \d+ cents/, (found) =>
          found.startsWith('(') ? `(${money(amount, currency)})` : `the ${money(amount, currency)}`,
        );
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
