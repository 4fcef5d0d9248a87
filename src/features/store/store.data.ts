/** The store's list (public.store_items), as anyone reads it: the departures on sale and the merchandise. */
import { sharedClient, unwrap, type LoadClient } from '../../lib/supabase/data';
import { storeItemOf, type StoreItem } from './store-items';

export async function fetchStoreItems(client: LoadClient = sharedClient): Promise<StoreItem[]> {
  const supabase = await client();
  return unwrap(await supabase.rpc('store_items')).map(storeItemOf);
}

/** The discount members get on merchandise, in whole percent (public.store_settings: anyone may read it). */
export async function fetchMemberDiscountPercent(client: LoadClient = sharedClient): Promise<number> {
  const supabase = await client();
  const row = unwrap(await supabase.from('store_settings').select('member_discount_percent').maybeSingle());
  return row?.member_discount_percent ?? 0;
}
