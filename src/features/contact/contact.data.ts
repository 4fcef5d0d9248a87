/**
 * A message to the company: one row in public.contact_messages (anyone may insert, only admins read),
 * which also queues the company's e-mail (supabase/migrations/20261124100002_company_mail_outbox.sql).
 */
import { optionalValue } from '../../lib/rules';
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import type { ContactValues } from './contact';

/** Saves the message (return=minimal: visitors may not read it back); false when it failed. */
export async function sendContactMessage(
  values: ContactValues,
  client: LoadClient = sharedClient,
): Promise<boolean> {
  try {
    const supabase = await client();
    const saved = await supabase.from('contact_messages').insert({
      full_name: values.name.trim(),
      email: values.email.trim(),
      phone: optionalValue(values.phone),
      message: values.message.trim(),
    });
    unwrap(saved);
    return true;
  } catch {
    // Refused (a DataError), or supabase-js not loaded (offline): the form says it failed.
    return false;
  }
}
