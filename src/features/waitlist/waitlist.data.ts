/**
 * Joining a trip's waitlist through public.join_waitlist() (supabase/schemas/06_enquiries.sql): the database
 * answers 'joined' or 'already' (its unique index, not a lookup anyone can run), and refuses with PT429
 * (HTTP 429) after too many 'already' answers to one client, or past the hourly limit on enquiries.
 */
import { optionalValue } from '../../lib/rules';
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { isRateLimited } from '../../lib/supabase/rate-limit';

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
  client: LoadClient = sharedClient,
): Promise<JoinWaitlistOutcome> {
  try {
    const supabase = await client();
    const phone = optionalValue(entry.phone);
    const notes = optionalValue(entry.notes);
    // An optional argument left out is null in the database (its default).
    const answer = unwrap(
      await supabase.rpc('join_waitlist', {
        event_name: entry.eventName,
        full_name: entry.fullName.trim(),
        email: entry.email.trim(),
        ...(phone ? { phone } : {}),
        ...(notes ? { notes } : {}),
        marketing_consent: entry.marketingConsent,
      }),
    );
    return answer === 'joined' || answer === 'already' ? answer : 'error';
  } catch (error) {
    // The database's rate limit (PT429, HTTP 429); anything else, or supabase-js not loaded (offline), or a
    // request that never completed, is an error.
    return isRateLimited(error) ? 'too-many' : 'error';
  }
}
