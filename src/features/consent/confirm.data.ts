/**
 * Confirming trip news with the token from the confirmation e-mail's link: public.confirm_marketing_consent()
 * (security definer, supabase/schemas/07_mail.sql, decision 0059) marks the address confirmed, so marketing
 * e-mail may reach it. The answer names the address only the first time.
 */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';

export type ConfirmOutcome = 'confirmed' | 'already' | 'expired' | 'invalid' | 'error';

export interface ConfirmAnswer {
  outcome: ConfirmOutcome;
  /** The address now confirmed (only with 'confirmed'). */
  email: string | null;
}

const OUTCOMES: readonly ConfirmOutcome[] = ['confirmed', 'already', 'expired', 'invalid'];

export async function confirmTripNews(
  token: string,
  client: LoadClient = sharedClient,
): Promise<ConfirmAnswer> {
  try {
    const supabase = await client();
    const [row] = unwrap(await supabase.rpc('confirm_marketing_consent', { token }));
    const outcome = OUTCOMES.find((known) => known === row?.outcome);
    if (!outcome) return { outcome: 'error', email: null };
    return { outcome, email: outcome === 'confirmed' ? (row?.email ?? null) : null };
  } catch {
    return { outcome: 'error', email: null };
  }
}
