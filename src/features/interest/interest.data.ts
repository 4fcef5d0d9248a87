/**
 * Registering interest in a trip: one row in public.interest_registrations (anyone may insert, only admins
 * read), which also queues the company's e-mail (supabase/schemas/07_mail.sql). The database refuses a client's
 * enquiries past its hourly limit (private.limit_enquiry_rate in 06_enquiries.sql): 'too-many'.
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

export type InterestOutcome = 'registered' | 'too-many' | 'error';

/** Saves one registration (return=minimal: visitors may not read it back). Never throws. */
export async function registerInterest(
  registration: InterestRegistration,
  client: LoadClient = sharedClient,
): Promise<InterestOutcome> {
  try {
    const supabase = await client();
    const saved = await supabase.from('interest_registrations').insert({
      event_name: registration.eventName,
      full_name: registration.name.trim(),
      email: registration.email.trim(),
      phone: optionalValue(registration.phone),
      message: optionalValue(registration.message),
      marketing_consent: registration.marketingConsent,
    });
    unwrap(saved);
    return 'registered';
  } catch (error) {
    // The hourly limit; anything else refused (a DataError), or supabase-js not loaded (offline), failed.
    return isRateLimited(error) ? 'too-many' : 'error';
  }
}
