/**
 * Registering interest in a trip through public.register_interest() (supabase/schemas/06_enquiries.sql): the
 * database answers 'registered' (which queues the company's e-mail, 07_mail.sql) or 'already' when the address
 * registered for the trip before (its unique index, any letter case; nothing saved, nobody e-mailed), and
 * refuses with PT429 (HTTP 429) after too many 'already' answers to one client (shared with the waitlist's),
 * or past the hourly limit on enquiries (private.limit_enquiry_rate): 'too-many'. Decision 0061.
 */
import { optionalValue } from '../../lib/rules';
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { isRateLimited } from '../../lib/supabase/rate-limit';

export interface InterestRegistration {
  eventName: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  marketingConsent: boolean;
}

export type InterestOutcome = 'registered' | 'already' | 'too-many' | 'error';

/** Sends one registration; empty phone and message are saved as null. Never throws: failures are 'error'. */
export async function registerInterest(
  registration: InterestRegistration,
  client: LoadClient = sharedClient,
): Promise<InterestOutcome> {
  try {
    const supabase = await client();
    const phone = optionalValue(registration.phone);
    const message = optionalValue(registration.message);
    // An optional argument left out is null in the database (its default).
    const answer = unwrap(
      await supabase.rpc('register_interest', {
        event_name: registration.eventName,
        full_name: registration.name.trim(),
        email: registration.email.trim(),
        ...(phone ? { phone } : {}),
        ...(message ? { message } : {}),
        marketing_consent: registration.marketingConsent,
      }),
    );
    return answer === 'registered' || answer === 'already' ? answer : 'error';
  } catch (error) {
    // A rate limit (PT429, HTTP 429); anything else refused (a DataError), or supabase-js not loaded
    // (offline), or a request that never completed, is an error.
    return isRateLimited(error) ? 'too-many' : 'error';
  }
}
