/**
 * A message to the company: one row in public.contact_messages (anyone may insert, only admins read),
 * which also queues the company's e-mail (supabase/schemas/07_mail.sql). The database refuses a client's
 * enquiries past its hourly limit (private.limit_enquiry_rate in 06_enquiries.sql): 'too-many'.
 */
import { optionalValue } from '../../lib/rules';
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { isRateLimited } from '../../lib/supabase/rate-limit';
import type { ContactValues } from './contact';

export type ContactOutcome = 'sent' | 'too-many' | 'error';

/** Saves the message (return=minimal: visitors may not read it back). Never throws. */
export async function sendContactMessage(
  values: ContactValues,
  client: LoadClient = sharedClient,
): Promise<ContactOutcome> {
  try {
    const supabase = await client();
    const saved = await supabase.from('contact_messages').insert({
      full_name: values.name.trim(),
      email: values.email.trim(),
      phone: optionalValue(values.phone),
      message: values.message.trim(),
    });
    unwrap(saved);
    return 'sent';
  } catch (error) {
    // The hourly limit; anything else refused (a DataError), or supabase-js not loaded (offline), failed.
    return isRateLimited(error) ? 'too-many' : 'error';
  }
}
