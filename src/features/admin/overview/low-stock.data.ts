import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';

/**
 * The overview's low-stock warning (decision 0092): the store's low-stock level and how many sizes of
 * products the store shows are at or under it (public.admin_low_stock; anyone but an admin gets 42501).
 */
export async function fetchLowStock(
  client: LoadClient = sharedClient,
): Promise<{ threshold: number; low_sizes: number }> {
  return unwrap(await (await client()).rpc('admin_low_stock').single());
}
