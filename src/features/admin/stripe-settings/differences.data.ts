/**
 * The differences the hourly reconciliation found between Stripe and the ledger (decision 0095): the open
 * ones from public.stripe_differences (admins only, RLS), and an admin's 'Mark resolved' through
 * public.resolve_stripe_difference (admins only, audited).
 */
import type { Database } from '../../../lib/supabase/database.types';
import { errorCode, sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';

export type StripeDifference = Pick<
  Database['public']['Tables']['stripe_differences']['Row'],
  | 'id'
  | 'kind'
  | 'stripe_id'
  | 'booking_id'
  | 'order_id'
  | 'currency'
  | 'stripe_cents'
  | 'ledger_cents'
  | 'found_at'
>;

/** The most the list shows; the overview's count says how many there are in all. */
export const DIFFERENCES_SHOWN = 50;

export async function fetchOpenDifferences(client: LoadClient = sharedClient): Promise<StripeDifference[]> {
  return unwrap(
    await (
      await client()
    )
      .from('stripe_differences')
      .select('id, kind, stripe_id, booking_id, order_id, currency, stripe_cents, ledger_cents, found_at')
      .is('resolved_at', null)
      .order('found_at', { ascending: false })
      .limit(DIFFERENCES_SHOWN),
  );
}

/** 'resolved', or 'gone' when it was no longer open (the job cleared it, or another admin marked it). */
export async function resolveDifference(
  id: string,
  client: LoadClient = sharedClient,
): Promise<'resolved' | 'gone'> {
  try {
    unwrap(await (await client()).rpc('resolve_stripe_difference', { p_id: id }));
    return 'resolved';
  } catch (error) {
    if (errorCode(error) === 'P0002') return 'gone';
    throw error;
  }
}
