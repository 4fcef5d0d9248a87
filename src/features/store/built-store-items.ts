// /store as the build reads it (issue 24): what a visitor may buy, through supabase-js as the anon role, so
// the page's HTML lists it at first paint. Like the trip pages' departures and /events (decision 0068), the
// build needs the database to answer, and a change to what is sold reaches the page with the next build.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../lib/supabase/config';
import { fetchMemberDiscountPercent, fetchStoreItems } from './store.data';
import type { StoreItem } from './store-items';

export interface BuiltStore {
  items: StoreItem[];
  memberDiscountPercent: number;
}

export async function readBuiltStore(): Promise<BuiltStore> {
  const client = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const load = () => Promise.resolve(client);
  const [items, memberDiscountPercent] = await Promise.all([
    fetchStoreItems(load),
    fetchMemberDiscountPercent(load),
  ]);
  return { items, memberDiscountPercent };
}
