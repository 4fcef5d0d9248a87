/**
 * Joining a trip's waitlist through public.join_waitlist() (supabase/migrations/
 * 20261124100001_marketing_consent.sql): the database answers 'joined' or 'already' (its unique index, not a
 * lookup anyone can run), and refuses with PT429 (HTTP 429) after too many 'already' answers to one client.
 */
import { optionalValue } from '../../lib/rules';
import { getSupabase, type BrowserSupabase } from '../../lib/supabase/client';

export type JoinWaitlistOutcome = 'joined' | 'already' | 'too-many' | 'error';

export interface WaitlistEntry {
  eventName: string;
  fullName: string;
  email: string;
  phone: string;
  notes: string;
  marketingConsent: boolean;
}

/** Sends one entry; empty phone and notes are saved as null. Never throws: failures are 'error'. */
export async function joinWaitlist(
  entry: WaitlistEntry,
  loadClient: () => Promise<BrowserSupabase> = getSupabase,
): Promise<JoinWaitlistOutcome> {
  try {
    const client = await loadClient();
    const phone = optionalValue(entry.phone);
    const notes = optionalValue(entry.notes);
    // An optional argument left out is null in the database (its default).
    const { data, error, status } = await client.rpc('join_waitlist', {
      event_name: entry.eventName,
      full_name: entry.fullName.trim(),
      email: entry.email.trim(),
      ...(phone ? { phone } : {}),
      ...(notes ? { notes } : {}),
      marketing_consent: entry.marketingConsent,
    });
    if (error) return error.code === 'PT429' || status === 429 ? 'too-many' : 'error';
    if (data === 'joined' || data === 'already') return data;
    return 'error';
  } catch {
    // supabase-js could not be loaded (offline) or the request never completed.
    return 'error';
  }
}
