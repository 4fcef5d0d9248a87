/**
 * Names for a cart the database refused to price (public.price_cart names only the first line it cannot
 * sell): each line labelled from the store's own list (public.store_items, anyone may read it) with what is
 * wrong with it, so the shopper can see which to change.
 */
import type { CartLine } from '../../stores/cart';
import { sharedClient, type LoadClient } from '../../lib/supabase/data';
import { fetchStoreItems } from '../store/store.data';
import type { StoreItem } from '../store/store-items';

export interface LabelledLine extends CartLine {
  label: string;
  /** What is on the shelf (null: no longer sold). */
  stock: number | null;
  /** What stops this line being bought, or '' when nothing does. */
  problem: string;
}

/** Labels each line from the store's list; pure, for tests. */
export function labelLines(lines: readonly CartLine[], items: readonly StoreItem[]): LabelledLine[] {
  const variants = new Map(
    items.flatMap((item) =>
      item.kind === 'merch'
        ? item.variants.map(
            (v) =>
              [v.id, { label: v.size ? `${item.name} (${v.size})` : item.name, stock: v.stock }] as const,
          )
        : [],
    ),
  );
  return lines.map((line) => {
    const known = variants.get(line.variantId);
    if (!known)
      return {
        ...line,
        label: 'An item no longer in the store',
        stock: null,
        problem: 'No longer available.',
      };
    const problem =
      known.stock === 0 ? 'Sold out.' : line.quantity > known.stock ? `Only ${known.stock} left.` : '';
    return { ...line, label: known.label, stock: known.stock, problem };
  });
}

export async function labelCart(
  lines: readonly CartLine[],
  client: LoadClient = sharedClient,
): Promise<LabelledLine[]> {
  return labelLines(lines, await fetchStoreItems(client));
}
