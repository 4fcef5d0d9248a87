/**
 * How /admin/waitlist shows a waitlist entry's latest offer of places (decision 0082): its state in words,
 * how many places, on which departure and until when (Sydney time), and whether the entry can be offered
 * places by hand now. Pure: the rows come from admin_waitlist_entries.
 */
import { formatDateTime } from '../../../lib/format/dates';
import type { WaitlistRow } from './enquiries.data';

export type OfferState = 'offered' | 'taken' | 'expired' | 'withdrawn';
type OfferFields = Pick<
  WaitlistRow,
  'offer_id' | 'offer_state' | 'offer_places' | 'offer_expires_at' | 'offer_event_title'
>;

const STATE_WORDS: Record<OfferState, string> = {
  offered: 'Offered',
  taken: 'Booked',
  expired: 'Offer expired',
  withdrawn: 'Offer withdrawn',
};

/** '1 place' or '3 places'. */
export const placesText = (places: number) => (places === 1 ? '1 place' : `${places} places`);

/** The offer in one line and its detail, or null when the entry has had no offer. */
export function offerSummary(row: OfferFields): { state: string; detail: string } | null {
  if (!row.offer_id || !row.offer_state) return null;
  const state = STATE_WORDS[row.offer_state as OfferState] ?? row.offer_state;
  const what = `${placesText(row.offer_places ?? 1)}${row.offer_event_title ? ` on ${row.offer_event_title}` : ''}`;
  const until =
    row.offer_state === 'offered' && row.offer_expires_at
      ? `, held until ${formatDateTime(row.offer_expires_at)}`
      : '';
  return { state, detail: `${what}${until}` };
}

/** An open offer can be withdrawn; any other entry can be offered places (the database checks the rest). */
export const hasOpenOffer = (row: OfferFields) => row.offer_state === 'offered';
