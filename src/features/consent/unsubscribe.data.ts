/**
 * Unsubscribing with the token from a marketing e-mail's link: public.unsubscribe() (security definer,
 * supabase/migrations/20261124100001_marketing_consent.sql) clears consent everywhere for its address.
 */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';

export type UnsubscribeOutcome = 'unsubscribed' | 'invalid' | 'error';

/** The token as a link carries it: 64 lower-case hex characters (anything else is refused unsent). */
export function unsubscribeTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim().toLowerCase() ?? '';
  return /^[0-9a-f]{64}$/.test(token) ? token : null;
}

export async function unsubscribe(
  token: string,
  client: LoadClient = sharedClient,
): Promise<UnsubscribeOutcome> {
  try {
    const supabase = await client();
    const answer = unwrap(await supabase.rpc('unsubscribe', { token }));
    return answer === 'unsubscribed' || answer === 'invalid' ? answer : 'error';
  } catch {
    return 'error';
  }
}
