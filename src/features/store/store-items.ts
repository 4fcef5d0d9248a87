/**
 * What /store lists (public.store_items): departures on sale and merchandise, each with the status the spec
 * names. Pure: the filter kept in the address, and the reading of a merchandise row's sizes.
 */

export type StoreFilter = 'all' | 'events' | 'merch';

/** The filter's buttons, in the spec's order and words. */
export const STORE_FILTERS: readonly { value: StoreFilter; label: string }[] = [
  { value: 'all', label: 'Show All' },
  { value: 'events', label: 'Events Only' },
  { value: 'merch', label: 'Merch Only' },
];

/** The filter an address asks for (`?show=events`); anything else shows all. */
export function filterOf(search: string): StoreFilter {
  const show = new URLSearchParams(search).get('show');
  return show === 'events' || show === 'merch' ? show : 'all';
}

/** The address that keeps a filter (Show All needs no parameter), other parameters untouched. */
export function searchWith(search: string, filter: StoreFilter): string {
  const params = new URLSearchParams(search);
  if (filter === 'all') params.delete('show');
  else params.set('show', filter);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export interface StoreVariant {
  id: string;
  size: string | null;
  stock: number;
}

function isVariant(value: unknown): value is StoreVariant {
  if (typeof value !== 'object' || value === null) return false;
  const { id, size, stock } = value as Record<string, unknown>;
  return typeof id === 'string' && (size === null || typeof size === 'string') && Number.isInteger(stock);
}

/** A product's sizes as store_items gives them (checked by hand: zod would weigh more than the page). */
export function variantsOf(value: unknown): StoreVariant[] {
  if (!Array.isArray(value) || !value.every(isVariant))
    throw new Error(`store_items gave sizes the store cannot read: ${JSON.stringify(value)}`);
  return value;
}

export interface StoreEvent {
  kind: 'event';
  id: string;
  slug: string;
  name: string;
  description: string | null;
  imagePath: string | null;
  priceCents: number | null;
  status: 'booking' | 'coming-soon' | 'sold-out';
  opensOn: string | null;
  startsOn: string;
  endsOn: string;
  location: string | null;
}

export interface StoreProduct {
  kind: 'merch';
  id: string;
  slug: string;
  name: string;
  description: string | null;
  imagePath: string | null;
  priceCents: number;
  status: 'available' | 'sold-out';
  variants: StoreVariant[];
}

export type StoreItem = StoreEvent | StoreProduct;

/** A row of public.store_items as the generator types it (every column may be null in a function's result). */
export interface StoreItemRow {
  kind: string | null;
  id: string | null;
  slug: string | null;
  name: string | null;
  description: string | null;
  image_path: string | null;
  price_cents: number | null;
  status: string | null;
  opens_on: string | null;
  starts_on: string | null;
  ends_on: string | null;
  location: string | null;
  variants: unknown;
}

const EVENT_STATUSES = ['booking', 'coming-soon', 'sold-out'] as const;

/** The row as the page shows it; a row that breaks the function's contract is an error, not a guess. */
export function storeItemOf(row: StoreItemRow): StoreItem {
  const base = {
    id: String(row.id),
    slug: String(row.slug),
    name: String(row.name),
    description: row.description,
    imagePath: row.image_path,
  };
  if (
    row.kind === 'event' &&
    EVENT_STATUSES.includes(row.status as StoreEvent['status']) &&
    row.starts_on &&
    row.ends_on
  )
    return {
      kind: 'event',
      ...base,
      priceCents: row.price_cents,
      status: row.status as StoreEvent['status'],
      opensOn: row.opens_on,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      location: row.location,
    };
  if (
    row.kind === 'merch' &&
    (row.status === 'available' || row.status === 'sold-out') &&
    row.price_cents !== null
  )
    return {
      kind: 'merch',
      ...base,
      priceCents: row.price_cents,
      status: row.status,
      variants: variantsOf(row.variants),
    };
  throw new Error(`store_items gave a row the store cannot show: ${JSON.stringify(row)}`);
}

/** Whether a product is sold by size (a size picker) or in one size. */
export function hasSizes(product: StoreProduct): boolean {
  return product.variants.some((v) => v.size !== null);
}
