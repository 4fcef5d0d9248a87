/**
 * A message to the company: one row in public.contact_messages (anyone may insert, only admins read),
 * which also queues the company's e-mail (supabase/migrations/20261124100002_company_mail_outbox.sql).
 */
import { optionalValue } from '../../lib/rules';
import { getSupabase, type BrowserSupabase } from '../../lib/supabase/client';
import type { ContactValues } from './contact';

/** Saves the message (return=minimal: visitors may not read it back); false when it failed. */
export async function sendContactMessage(
  values: ContactValues,
  loadClient: () => Promise<BrowserSupabase> = getSupabase,
): Promise<boolean> {
  try {
    const client = await loadClient();
    const { error } = await client.from('contact_messages').insert({
      full_name: values.name.trim(),
      email: values.email.trim(),
      phone: optionalValue(values.phone),
      message: values.message.trim(),
    });
    return !error;
  } catch {
    return false;
  }
}
