/**
 * Registering interest in a trip: one row in public.interest_registrations (anyone may insert, only admins
 * read), which also queues the company's e-mail (supabase/migrations/20261124100002_company_mail_outbox.sql).
 */
import { optionalValue } from '../../lib/rules';
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';

export interface InterestRegistration {
  eventName: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  marketingConsent: boolean;
}

/** Saves one registration (return=minimal: visitors may not read it back); false when it failed. */
export async function registerInterest(
  registration: InterestRegistration,
  client: LoadClient = sharedClient,
): Promise<boolean> {
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
    return true;
  } catch {
    // Refused (a DataError), or supabase-js not loaded (offline): the form says it failed.
    return false;
  }
}
